/**
 * Release codes (docs/decisions/release-code.md): 6 random digits per parcel, made when its departure arrives
 * (colis/arrivee.ts) or sent again by the destination agency, kept only as a keyed hash (colis/cleHachage.ts), never
 * answered, logged, exported nor journaled: the clear code exists only
 * in the outbox row that carries it to the recipient (`secret`: its body is wiped once sent). Five wrong codes lock
 * it until staff of the destination agency unlock it or send a new one; the staff of any other agency read 404, so
 * nobody can lock out a parcel they do not handle.
 */
import { randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { COLIS_STATUT_ARRIVED } from '../../common/colisRules';
import type { CodeRetraitEtat } from '../../common/schemas/colis';
import type { CurrentUser } from '../auth/currentUser';
import { auteurOf, recordAudit } from '../db/audit';
import type { Db, Tx } from '../db/client';
import { codesRetrait } from '../db/schema';
import { conflict, tooManyAttempts } from '../http/errors';
import { cleHachage, keyedHash } from './cleHachage';
import { lockAtDestination } from '../access/destination';

/** Wrong codes that lock a parcel's code. */
const CODE_RETRAIT_ESSAIS = 5;
/** The least time between two codes sent for one parcel (ms). */
const RENVOI_INTERVALLE_MS = 60_000;
/** Codes sent for one parcel at most (the arrival's and the re-sends). */
const ENVOIS_MAX = 10;

/** The French texts of the release code. */
const CODE_RETRAIT_MESSAGES = {
  pasArrive: "Ce colis n'est pas en attente de retrait : aucun code de retrait ne peut être envoyé.",
  aucun: "Ce colis n'a pas de code de retrait : envoyez-en un, ou identifiez le destinataire par sa pièce d'identité.",
  faux: (reste: number) => `Code de retrait incorrect. Encore ${reste} essai${reste > 1 ? 's' : ''} avant le blocage du code.`,
  verrouille:
    "Code de retrait bloqué après 5 essais incorrects : un agent de l'agence de destination doit le débloquer ou envoyer un nouveau code.",
  tropDEnvois: 'Trop de codes envoyés pour ce colis : identifiez le destinataire par sa pièce d’identité.',
  pasVerrouille: "Le code de retrait de ce colis n'est pas bloqué.",
} as const;

/** The stored form of a parcel's code: the keyed hash of the parcel's id and the code. */
const hashOf = (cle: Buffer, colisID: string, code: string) => keyedHash(cle, 'retrait', colisID, code);

/** Six random digits. */
const nouveauCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Makes a new code for each parcel, inside the caller's transaction: the earlier code of a parcel dies, its wrong
 * attempts and lock are cleared. @returns each parcel's clear code, to be sent to its recipient and forgotten
 */
export async function issueCodesRetrait(tx: Tx, colisIds: readonly string[]): Promise<Map<string, string>> {
  const codes = new Map<string, string>();
  if (colisIds.length === 0) return codes;
  const cle = await cleHachage(tx);
  for (const id of colisIds) codes.set(id, nouveauCode());
  const rows = [...codes].map(([colisID, code]) => ({ colisID, codeHash: hashOf(cle, colisID, code) }));
  for (let i = 0; i < rows.length; i += 1000) {
    await tx
      .insert(codesRetrait)
      .values(rows.slice(i, i + 1000))
      .onConflictDoUpdate({
        target: codesRetrait.colisID,
        set: {
          codeHash: sql`excluded.code_hash`,
          essais: 0,
          verrouilleLe: null,
          envoyeLe: sql`now()`,
          envois: sql`${codesRetrait.envois} + 1`,
          utiliseLe: null,
        },
      });
  }
  return codes;
}

/**
 * Checks a code typed at the counter, in its own transaction so that a wrong attempt stays counted when the release
 * is refused; the parcel is the caller's to release next (closeCodeRetrait in the release's transaction).
 * @throws 404 (lockAtDestination), 409 no code, a wrong code (the attempts left said) or a locked code
 */
export async function verifyCodeRetrait(db: Db, colisID: string, code: string, user: CurrentUser): Promise<void> {
  const refus = await db.transaction(async (tx) => {
    await lockAtDestination(tx, colisID, user);
    const [row] = await tx.select().from(codesRetrait).where(eq(codesRetrait.colisID, colisID));
    if (!row || row.utiliseLe) return conflict(CODE_RETRAIT_MESSAGES.aucun, { codeRetrait: CODE_RETRAIT_MESSAGES.aucun });
    if (row.verrouilleLe) return locked();
    if (row.codeHash === hashOf(await cleHachage(tx), colisID, code)) return undefined;
    const essais = row.essais + 1;
    await tx
      .update(codesRetrait)
      .set({ essais, ...(essais >= CODE_RETRAIT_ESSAIS ? { verrouilleLe: new Date() } : {}) })
      .where(eq(codesRetrait.colisID, colisID));
    if (essais >= CODE_RETRAIT_ESSAIS) return locked();
    const message = CODE_RETRAIT_MESSAGES.faux(CODE_RETRAIT_ESSAIS - essais);
    return conflict(message, { codeRetrait: message });
  });
  if (refus) throw refus;
}

/** 409: the code is locked. */
const locked = () => conflict(CODE_RETRAIT_MESSAGES.verrouille, { codeRetrait: CODE_RETRAIT_MESSAGES.verrouille });

/**
 * Closes a parcel's code inside its release's transaction, whatever proved who took the parcel (the code, a document,
 * a proxy's): it opens nothing any more, and no new one is sent. No row (a parcel arrived before the codes): nothing.
 */
export async function closeCodeRetrait(tx: Tx, colisID: string): Promise<void> {
  await tx
    .update(codesRetrait)
    .set({ utiliseLe: sql`now()` })
    .where(eq(codesRetrait.colisID, colisID));
}

/**
 * Makes a new code for a parcel waiting at the user's agency (the old one dies, a lock is lifted), journaled without
 * it; the caller sends it. At most one a minute and ENVOIS_MAX per parcel.
 * @returns the parcel's new clear code
 * @throws 404 (lockAtDestination), 409 the parcel is not waiting for its recipient or too many codes were sent, 429 too soon
 */
export async function renewCodeRetrait(tx: Tx, colisID: string, user: CurrentUser): Promise<string> {
  const parcel = await lockAtDestination(tx, colisID, user);
  if (parcel.statutCode !== COLIS_STATUT_ARRIVED) throw conflict(CODE_RETRAIT_MESSAGES.pasArrive);
  const [row] = await tx.select().from(codesRetrait).where(eq(codesRetrait.colisID, colisID));
  if (row) {
    const depuis = Date.now() - row.envoyeLe.getTime();
    if (depuis < RENVOI_INTERVALLE_MS) throw tooManyAttempts(RENVOI_INTERVALLE_MS - depuis, 'codes de retrait demandés');
    if (row.envois >= ENVOIS_MAX) throw conflict(CODE_RETRAIT_MESSAGES.tropDEnvois);
  }
  const code = (await issueCodesRetrait(tx, [colisID])).get(colisID)!;
  await recordAudit(tx, {
    entite: 'colis',
    entiteID: colisID,
    action: 'update',
    ...auteurOf(user),
    avant: row ? { codeRetrait: row.verrouilleLe ? 'bloqué' : 'actif' } : null,
    apres: { codeRetrait: 'nouveau code envoyé' },
  });
  return code;
}

/**
 * Unlocks a parcel's locked code (the same code opens again, five attempts), journaled.
 * @throws 404 (lockAtDestination), 409 the code is not locked
 */
export async function unlockCodeRetrait(db: Db, colisID: string, user: CurrentUser): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAtDestination(tx, colisID, user);
    const unlocked = await tx
      .update(codesRetrait)
      .set({ essais: 0, verrouilleLe: null })
      .where(and(eq(codesRetrait.colisID, colisID), sql`${codesRetrait.verrouilleLe} IS NOT NULL`, isNull(codesRetrait.utiliseLe)))
      .returning({ colisID: codesRetrait.colisID });
    if (unlocked.length === 0) throw conflict(CODE_RETRAIT_MESSAGES.pasVerrouille);
    await recordAudit(tx, {
      entite: 'colis',
      entiteID: colisID,
      action: 'update',
      ...auteurOf(user),
      avant: { codeRetrait: 'bloqué' },
      apres: { codeRetrait: 'débloqué' },
    });
  });
}

/**
 * The state of a parcel's code for its destination agency's staff (common/schemas/colis.ts codeRetraitEtat), never
 * the code. @throws 404 (lockAtDestination)
 */
export async function codeRetraitState(db: Db, colisID: string, user: CurrentUser): Promise<CodeRetraitEtat> {
  return db.transaction(async (tx) => {
    await lockAtDestination(tx, colisID, user, { lock: false });
    const [row] = await tx.select().from(codesRetrait).where(eq(codesRetrait.colisID, colisID));
    if (!row) return { etat: 'AUCUN', envoyeLe: null, essaisRestants: 0, envois: 0, utiliseLe: null };
    const etat = row.utiliseLe ? 'UTILISE' : row.verrouilleLe ? 'BLOQUE' : 'ACTIF';
    return {
      etat,
      envoyeLe: row.envoyeLe,
      essaisRestants: etat === 'ACTIF' ? CODE_RETRAIT_ESSAIS - row.essais : 0,
      envois: row.envois,
      utiliseLe: row.utiliseLe,
    };
  });
}
