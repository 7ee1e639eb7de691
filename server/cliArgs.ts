/** Command-line arguments of the project's commands (npm run superadmin, seed:demo, mock:generate). */

/**
 * The value of a `--name=value` argument of this process, or undefined when absent.
 * @param name the argument's name without its dashes, e.g. 'email'
 */
export function cliArg(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv
    .slice(2)
    .find((a) => a.startsWith(prefix))
    ?.slice(prefix.length);
}
