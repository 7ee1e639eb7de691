/** Inactivity arithmetic of the 30-minute logout (spec 000 §4 Session, §9). */

/** DOM events that count as activity (spec 000 §4: click, mouse move, key press, scroll). */
export const ACTIVITY_EVENTS = ['click', 'mousemove', 'keydown', 'scroll'] as const;

/** Milliseconds left before logout given the last activity time, now and the limit; 0 means expired. */
export function remainingIdleTime(lastActivity: number, now: number, limitMs: number): number {
  return Math.max(0, limitMs - (now - lastActivity));
}
