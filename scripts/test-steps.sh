# How scripts/test-all.sh and scripts/test-quick.sh run their steps, sourced by both. Each step prints
# "== <name>", its output, then "-- <name> : N s"; a failed step's name is added to the array failed_steps, which the
# sourcing script declares and hands to scripts/test-summary.mjs.

# step <name> <command…>: runs the command, its output printed as it comes.
step() {
  local name=$1 start=$SECONDS; shift
  echo; echo "== $name"
  if ! "$@"; then failed_steps+=("$name"); fi
  echo "-- $name : $((SECONDS - start)) s"
}

# side_by_side <name> <command…> [-- <name> <command…>]…: runs the steps at the same time, each into its own log
# (STEP_LOGS/side-<n>.log, STEP_LOGS defaulting to .tmp), then prints them in order with their status and time, as
# step does, and the group's time.
side_by_side() {
  local logs=${STEP_LOGS:-.tmp} names=() n=0 i start=$SECONDS
  while [ $# -gt 0 ]; do
    names+=("$1"); shift
    local cmd=()
    while [ $# -gt 0 ] && [ "$1" != -- ]; do cmd+=("$1"); shift; done
    [ $# -gt 0 ] && shift
    ( s=$SECONDS; "${cmd[@]}" >"$logs/side-$n.log" 2>&1; echo "$? $((SECONDS - s))" >"$logs/side-$n.status" ) &
    n=$((n + 1))
  done
  wait
  for i in "${!names[@]}"; do
    read -r code took <"$logs/side-$i.status"
    echo; echo "== ${names[$i]}"
    cat "$logs/side-$i.log"
    [ "$code" = 0 ] || failed_steps+=("${names[$i]}")
    echo "-- ${names[$i]} : $took s"
  done
  echo "-- side by side : $((SECONDS - start)) s"
  rm -f "$logs"/side-*
}
