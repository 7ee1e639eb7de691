/**
 * A write's mark: something the layer that owns a request asks to be recorded inside the transaction of the request's
 * write, once it wrote (docs/decisions/idempotent-writes.md: the Idempotency-Key marked written, made by
 * server/http/idempotency.ts takeWriteMark). A service that writes the work of several requests in one transaction
 * (a departure's group of registrations, server/colis/registrationWrite.ts) is handed each request's mark by its route and
 * records those of the writes that happened, without knowing what they mark.
 */
import type { Tx } from './client';

/** A mark to record in a write's transaction; marks sharing `recordAll` are recorded together, in one call. */
export interface WriteMark {
  /**
   * Records `marks` (all of them sharing this function) in `tx`.
   * @throws when one of them may no longer be recorded: the transaction must then roll back
   */
  readonly recordAll: (tx: Tx, marks: readonly WriteMark[]) => Promise<void>;
}

/**
 * Records the marks given (undefined: a write without one, or one that did not write) in `tx`, one call per kind.
 * @throws as their recordAll: the transaction must then roll back
 */
export async function recordWriteMarks(tx: Tx, marks: readonly (WriteMark | undefined)[]): Promise<void> {
  const byKind = new Map<WriteMark['recordAll'], WriteMark[]>();
  for (const mark of marks) if (mark) byKind.set(mark.recordAll, [...(byKind.get(mark.recordAll) ?? []), mark]);
  for (const [recordAll, group] of byKind) await recordAll(tx, group);
}
