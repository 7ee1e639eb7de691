/**
 * The switches of the performance layer in force in this process (server/db/fast/README.md, server/config.ts
 * FastSwitches): read from the environment the first time a mechanism asks, then kept. Tests that compare a mechanism
 * with its plain path turn it off with setFastSwitches.
 */
import { fastSwitchesFromEnv, type FastSwitches } from '../../config';

let current: FastSwitches | undefined;

/** The switches in force: the environment's (server/config.ts fastSwitchesFromEnv), unless setFastSwitches changed them. */
export function fastSwitches(): FastSwitches {
  return (current ??= fastSwitchesFromEnv());
}

/**
 * Changes switches for this process from now on (what a mechanism built before keeps: e.g. a pool's named statements).
 * @param changes the switches to change, the others as the environment sets them; undefined: the environment's again
 */
export function setFastSwitches(changes?: Partial<FastSwitches>): void {
  current = changes && { ...fastSwitchesFromEnv(), ...changes };
}
