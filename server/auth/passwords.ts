/** Password hashing with argon2id (DESIGN.md §4). */
import argon2 from 'argon2';

/** Hashes a password (argon2id). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
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
