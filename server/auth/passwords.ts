/** Password hashing with argon2id (docs/architecture.md §4). */
import { randomInt } from 'node:crypto';
import argon2 from 'argon2';

/**
 * argon2id parameters: OWASP's Password Storage Cheat Sheet minimum (19 MiB of memory, 2 passes, 1 lane). The library's
 * defaults (64 MiB, 3 passes, 4 lanes) cost several times more CPU per hash or sign-in (measured in bench/README.md) on
 * the 2-core machines this runs on: a burst of sign-ins would hold the server's cores. A hash keeps its own parameters,
 * so hashes made with the older ones still verify, and are replaced at their next sign-in (needsRehash).
 */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password (argon2id, ARGON2_OPTIONS). @returns the encoded hash, parameters and salt included */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

/** Whether the password matches the stored hash; false for a missing or malformed hash. */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) return false;
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/**
 * Whether a stored hash was made with other parameters than ARGON2_OPTIONS (older hashes, or the library's defaults):
 * sign-in then stores a new hash of the password it has just verified. False for a missing or malformed hash.
 */
export function needsRehash(hash: string | null | undefined): boolean {
  if (!hash) return false;
  try {
    return argon2.needsRehash(hash, ARGON2_OPTIONS);
  } catch {
    return false;
  }
}

/** Letters, digits and symbols of generated passwords (no look-alikes 0/O, 1/l/I, so it can be typed from a mail). */
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '#@&!%*?-+';

/**
 * A new random password for a user created by an administrator (docs/decisions/staff-accounts.md; spec 001 §9 asks for
 * letters, digits and # @ &, generated here on the server with a cryptographic generator instead of in the browser).
 * @param length number of characters, at least 12 (default 16)
 * @returns a password holding at least one lower-case letter, one upper-case letter, one digit and one symbol
 */
export function generatePassword(length = 16): string {
  const n = Math.max(12, length);
  const all = LOWER + UPPER + DIGITS + SYMBOLS;
  const pick = (set: string) => set[randomInt(set.length)];
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < n) chars.push(pick(all));
  // Fisher–Yates with the same generator, so the forced classes are not always in front.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
