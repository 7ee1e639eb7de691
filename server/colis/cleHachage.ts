/**
 * The keyed hash of the destination counter's secrets (docs/decisions/release-code.md, release-proof.md): release codes
 * and identity document numbers are kept as HMAC-SHA256 under a 32-byte key made once per database
 * (app_settings 'cle_hachage'), never in clear.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { appSettings } from '../db/schema';

/** The key, made on first use (inside the caller's transaction). */
export async function cleHachage(tx: Tx): Promise<Buffer> {
  await tx
    .insert(appSettings)
    .values({ key: 'cle_hachage', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await tx.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, 'cle_hachage'));
  return Buffer.from(row.value, 'base64url');
}

/** HMAC-SHA256 (hex) of `parts` joined by ':' under `cle`. Pure. */
export const keyedHash = (cle: Buffer, ...parts: string[]) => createHmac('sha256', cle).update(parts.join(':')).digest('hex');
