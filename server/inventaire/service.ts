/**
 * Rules of stock inventories (spec 001 §2 'Etats de stocks', §3; docs/api-contract.md "Inventories"): the agency an
 * inventory is taken for, the parcels it should hold (computed here, never sent by the browser), the meaning of a
 * scanned reference, and the statement stored in one transaction (found, expected, not found, and the unknown
 * references as typed). Only the parcels of the user's agency scope (access/scopes.ts colisScope) are ever resolved
 * from a reference: a parcel of another agency of the same country is named 'hors de votre agence' with that agency
 * (docs/decisions/inventory-other-agency.md), any other is an unknown reference, like a typo; neither is linked, and
 * nothing else of them is told.
 * A statement is read within the statements' scope (403 for another agency's, 404 unknown), and each of its parcels
 * within the reader's parcel scope.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { INVENTAIRE_MESSAGES, normalizeReference, type ScanEtat } from '../../common/inventaireRules';
import type { horsAgenceRecord, inventaireCreated } from '../../common/schemas/inventaire';
import { inventaireAgenceFor } from '../access/scopes';
import type { CurrentUser } from '../auth/currentUser';
import type { Db, Tx } from '../db/client';
import { inventaireColis, inventaireInconnues, inventaires } from '../db/schema';
import { AppError, badRequest, forbidden, notFound } from '../http/errors';
import { statutIds } from '../statut/query';
import {
  attendusAmong,
  colisOfInventaire,
  findAgence,
  breathe,
  findColisByReferences,
  findInventaire,
  horsAgenceAmong,
  inconnuesOfInventaire,
  inventaireInScope,
  selectAttendus,
  type AgenceInventoriee,
} from './query';

/** What the server can say of a reference on its own (the screen adds DEJA_SCANNE and A_VERIFIER). */
type VerdictServeur = Extract<ScanEtat, 'TROUVE' | 'NON_ATTENDU' | 'HORS_AGENCE' | 'INCONNU'>;

/**
 * The agency the user takes an inventory of: its own for a non-ADMIN role, the one asked for by ADMIN.
 * @throws 400 when ADMIN names none or an unknown one, 403 for a user without an agency
 */
async function agenceOfInventaire(db: Db, user: CurrentUser, requested: string | undefined): Promise<AgenceInventoriee> {
  const agenceId = inventaireAgenceFor(user, requested);
  if (!agenceId) {
    if (user.allAgences) throw badRequest(INVENTAIRE_MESSAGES.agenceRequise, { agenceID: INVENTAIRE_MESSAGES.agenceRequise });
    throw forbidden(INVENTAIRE_MESSAGES.sansAgence);
  }
  const agence = await findAgence(db, agenceId);
  if (!agence) throw badRequest('Agence introuvable.', { agenceID: 'Agence introuvable.' });
  return agence;
}

/**
 * The parcels an agency should hold now that the user may see (GET inventaire/attendus), with the agency.
 * @throws see agenceOfInventaire
 */
export async function listAttendus(db: Db, user: CurrentUser, requested: string | undefined) {
  const agence = await agenceOfInventaire(db, user, requested);
  const datas = await selectAttendus(db, agence, await statutIds(db), user);
  return { agence, datas };
}

/**
 * What GET inventaire/verifier answers: the reference and, for a parcel of the user's scope, its status code only; for
 * a parcel of another agency of the same country, that agency's name (or null).
 */
export type VerifiedReference =
  | { reference: string; etat: Exclude<VerdictServeur, 'HORS_AGENCE'>; colis: { reference: string; statut: string } | null }
  | { reference: string; etat: 'HORS_AGENCE'; colis: null; agence: string | null };

/**
 * What a scanned reference is for this agency now (GET inventaire/verifier, docs/api-contract.md "Inventories"):
 * TROUVE (expected here), NON_ATTENDU (a parcel of the user's scope, not expected here), HORS_AGENCE (a parcel of
 * another agency of the inventoried agency's country, outside the user's scope: its agency named when active, nothing
 * else of it; docs/decisions/inventory-other-agency.md) or INCONNU (no parcel, a deleted one, or a parcel of another
 * country outside the user's scope: answered exactly as a reference of no parcel). Never a parcel's id.
 * @throws see agenceOfInventaire
 */
export async function verifierReference(
  db: Db,
  user: CurrentUser,
  requested: string | undefined,
  reference: string,
): Promise<VerifiedReference> {
  const agence = await agenceOfInventaire(db, user, requested);
  const normalized = normalizeReference(reference);
  const found = (await findColisByReferences(db, [reference], user)).get(normalized);
  if (!found) {
    const horsAgence = await horsAgenceAmong(db, [normalized], agence);
    if (horsAgence.has(normalized)) return { reference: normalized, etat: 'HORS_AGENCE', colis: null, agence: horsAgence.get(normalized)! };
    return { reference: normalized, etat: 'INCONNU', colis: null };
  }
  const expected = await attendusAmong(db, [found.id], agence, await statutIds(db));
  return {
    reference: found.reference,
    etat: expected.has(found.id) ? 'TROUVE' : 'NON_ATTENDU',
    colis: { reference: found.reference, statut: found.statut },
  };
}

/** Body of POST inventaire/create (routes.ts validates it). */
export interface InventaireInput {
  /** Id chosen by the browser so that a retried send stores one statement (optional, UUID). */
  id?: string;
  agenceID?: string;
  references: string[];
}

/** What POST inventaire/create answers (common/schemas/inventaire.ts inventaireCreated). */
export type InventaireCreated = z.infer<typeof inventaireCreated>;

/** A scanned reference of a parcel of another agency of the same country, and that agency's name (null: inactive). */
export type HorsAgence = z.infer<typeof horsAgenceRecord>;

/**
 * The references a statement stores as unknown (not resolved in its author's scope), split into the parcels of
 * another agency of the statement agency's country and the truly unknown ones, each sorted (horsAgenceAmong).
 */
async function splitInconnues(
  db: Db | Tx,
  references: string[],
  agence: Pick<AgenceInventoriee, 'id' | 'paysID'> | undefined,
): Promise<{ inconnues: string[]; horsAgence: HorsAgence[] }> {
  const hors = agence ? await horsAgenceAmong(db, references, agence) : new Map<string, string | null>();
  return {
    inconnues: references.filter((r) => !hors.has(r)),
    horsAgence: references.filter((r) => hors.has(r)).map((reference) => ({ reference, agence: hors.get(reference)! })),
  };
}

/** Rows written per INSERT (a statement holds at most INVENTAIRE_MAX_REFERENCES scans plus the expected parcels). */
const INSERT_CHUNK = 1000;

/**
 * Stores an inventory (POST inventaire/create, spec 001 §3 Inventory; docs/api-contract.md "Inventories"): in one
 * transaction, the expected parcels of the agency at this moment that the author may see, the scanned references
 * resolved to the parcels of the author's agency scope (duplicates counted once), one row per parcel expected or
 * found, and one row per unknown reference (no parcel, a deleted one, or one outside the author's scope: the
 * normalised typed text, never linked to the parcel). A retried send with the same `id` by the same author writes
 * nothing and answers the stored statement, its unknown references included.
 * @returns the statement's id and counts, and its unknown references
 * @throws 400 (agency, see agenceOfInventaire), 403 no agency, 409 id taken by another author
 */
export async function createInventaire(db: Db, input: InventaireInput, user: CurrentUser): Promise<InventaireCreated> {
  const agence = await agenceOfInventaire(db, user, input.agenceID);
  const idOf = await statutIds(db);
  const scanned = [...new Set(input.references.map(normalizeReference).filter(Boolean))];
  return db.transaction(async (tx) => {
    if (input.id) {
      const [existing] = await tx
        .select({ id: inventaires.id, auteurID: inventaires.auteurID })
        .from(inventaires)
        .where(eq(inventaires.id, input.id));
      if (existing) {
        if (existing.auteurID !== user.id) throw new AppError(409, INVENTAIRE_MESSAGES.idDejaPris);
        const stored = await splitInconnues(tx, await inconnuesOfInventaire(tx, existing.id), agence);
        return summary(existing.id, true, await colisOfInventaire(tx, existing.id, user), stored);
      }
    }
    const expected = await selectAttendus(tx, agence, idOf, user);
    const known = await findColisByReferences(tx, input.references, user);
    const foundIds = new Set([...known.values()].map((c) => c.id));
    const expectedIds = new Set(expected.map((c) => c.id));
    const [created] = await tx
      .insert(inventaires)
      .values({ ...(input.id ? { id: input.id } : {}), auteurID: user.id, agenceID: agence.id })
      .returning({ id: inventaires.id });
    const rows = [...new Set([...expectedIds, ...foundIds])].map((colisID) => ({
      inventaireID: created.id,
      colisID,
      attendu: expectedIds.has(colisID),
      trouve: foundIds.has(colisID),
    }));
    const inconnues = scanned.filter((r) => !known.has(r)).sort();
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await breathe();
      await tx.insert(inventaireColis).values(rows.slice(i, i + INSERT_CHUNK));
    }
    for (let i = 0; i < inconnues.length; i += INSERT_CHUNK) {
      await breathe();
      const chunk = inconnues.slice(i, i + INSERT_CHUNK).map((reference) => ({ inventaireID: created.id, reference }));
      await tx.insert(inventaireInconnues).values(chunk);
    }
    return summary(created.id, false, rows, await splitInconnues(tx, inconnues, agence));
  });
}

/** The counts of a statement from its rows. */
function summary(
  id: string,
  dejaEnregistre: boolean,
  rows: { attendu: boolean; trouve: boolean }[],
  { inconnues, horsAgence }: { inconnues: string[]; horsAgence: HorsAgence[] },
): InventaireCreated {
  return {
    id,
    dejaEnregistre,
    nbColisTrouves: rows.filter((r) => r.trouve).length,
    nbColisAttendus: rows.filter((r) => r.attendu).length,
    nbColisNonTrouves: rows.filter((r) => r.attendu && !r.trouve).length,
    nbColisNonAttendus: rows.filter((r) => r.trouve && !r.attendu).length,
    inconnues,
    horsAgence,
  };
}

/**
 * One statement with its parcels (GET inventaire/liste?id=, spec 001 §2 Inventory detail): `colisId` the parcels
 * found, `colisAttendus` those expected, `colisNonTrouve` those expected and not found, each a parcel record with
 * `attendu` and `trouve`, only the parcels of the reader's agency scope (an ADMIN sees every one; an agent never a
 * parcel outside its scope, whoever took the statement); `referencesInconnues` the unknown references stored with it,
 * but `referencesHorsAgence`, those of parcels of another agency of the statement agency's country (splitInconnues).
 * @throws 404 unknown, 403 another agency's (non-ADMIN)
 */
export async function getInventaire(db: Db, id: string, user: CurrentUser) {
  const header = await findInventaire(db, id, user);
  if (!header) throw notFound(INVENTAIRE_MESSAGES.notFound);
  if (!(await inventaireInScope(db, id, user))) throw forbidden(INVENTAIRE_MESSAGES.autreAgence);
  const rows = await colisOfInventaire(db, id, user);
  const agence = header.agenceID ? await findAgence(db, header.agenceID.id) : undefined;
  const { inconnues, horsAgence } = await splitInconnues(db, await inconnuesOfInventaire(db, id), agence);
  return {
    ...header,
    colisId: rows.filter((r) => r.trouve),
    colisAttendus: rows.filter((r) => r.attendu),
    colisNonTrouve: rows.filter((r) => r.attendu && !r.trouve),
    referencesInconnues: inconnues,
    referencesHorsAgence: horsAgence,
  };
}
