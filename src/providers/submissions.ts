/**
 * The Idempotency-Key of a submission (docs/decisions/idempotent-writes.md "Browser"). A POST's key belongs to what it
 * submits — the signed-in user, the call (path and query) and its body — and lives until an answer arrives: the same
 * submission sent again before that (a second click, a retry after a network failure or a time-out) carries the same
 * key, so the server writes once and answers the copy with the first one's answer; once an answer arrived (success or
 * refusal) the next identical submission is a new one, with a new key. A change of content is another submission.
 * While a submission is on its way, an identical one made meanwhile in this tab shares its call: one request, one answer
 * for both. Used by src/providers/http.ts for every POST it gives a key to.
 */

/** How many unanswered submissions are remembered (the oldest is forgotten first); each is one short string. */
const KEPT_SUBMISSIONS = 100;

/** Unanswered submissions (their identity) → their key. */
const keys = new Map<string, string>();
/** Submissions on their way (their identity) → their call. */
const running = new Map<string, Promise<unknown>>();

/** A new Idempotency-Key: a random UUID (crypto.randomUUID, or 16 random bytes where a plain-http page lacks it). */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * What identifies a submission: who sends it, where, and what (the body as JSON, which the same form builds the same
 * way each time). Two identities are equal exactly when the server would see the same request from the same user.
 * @param user the signed-in user's id (or the bearer token when the session names none)
 */
export function submissionIdentity(user: string, path: string, query: unknown, body: unknown): string {
  return JSON.stringify([user, path, query ?? null, body ?? null]);
}

/**
 * The key of a submission: the one it was given when first sent, if no answer has arrived since; else a new one, kept
 * until `answered(identity)`.
 */
export function submissionKey(identity: string): string {
  const kept = keys.get(identity);
  if (kept) return kept;
  const key = newKey();
  keys.set(identity, key);
  if (keys.size > KEPT_SUBMISSIONS) keys.delete(keys.keys().next().value as string);
  return key;
}

/**
 * The server answered the submission (a status below 500 that is not "still running"): the write is done or refused,
 * the answer is known, so the next identical submission is a new one. After a network failure, a time-out or a 5xx
 * the key is kept: the write may have happened, and only the same key lets the server say so.
 */
export function answered(identity: string): void {
  keys.delete(identity);
}

/**
 * Runs `start` for the submission, unless the same submission is already on its way in this tab: then its call is
 * shared (one request; both callers get its answer or its error).
 */
export function shareSubmission<T>(identity: string, start: () => Promise<T>): Promise<T> {
  const current = running.get(identity);
  if (current) return current as Promise<T>;
  const call = start().finally(() => running.delete(identity));
  running.set(identity, call);
  return call;
}
