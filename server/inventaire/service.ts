/**
 * Rules of stock inventories (spec 001 §2 'Etats de stocks', §3; docs/api-contract.md "Inventories"): the agency an
 * inventory is taken for, the parcels it should hold (computed here, never sent by the browser), the meaning of a
 * scanned reference, and the statement stored in one transaction (found, expected, not found; unknown references
 * answered, never stored). A statement is read within the agency scope (403 for another agency's, 404 unknown).
 */
import { eq } from 'drizzle-orm';
import { INVENTAIRE_MESSAGES, normalizeReference, type ScanEtat } from '../../common/inventaireRules';
import { inventaireAgenceFor } from '../access/scopes';
import type { CurrentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import { inventaireColis, inventaires } from '../db/schema';
import { AppError, badRequest, forbidden, notFound } from '../http/errors';
import { statutIds } from '../statut/query';
import {
  attendusAmong,
  colisOfInventaire,
  findAgence,
  findColisByReferences,
  findInventaire,
  inventaireInScope,
  selectAttendus,
  type AgenceInventoriee,
} from './query';

/** What the server can say of a reference on its own (the screen adds DEJA_SCANNE and A_VERIFIER). */
type VerdictServeur = Extract<ScanEtat, 'TROUVE' | 'NON_ATTENDU' | 'INCONNU'>;

/**
 * The agency the user takes an inventory of: its own for a non-ADMIN role, the one asked for by ADMIN.
 * @throws 400 when ADMIN names none or an unknown one, 403 for a user without an agency
 */
export async function agenceOfInventaire(db: Db, user: CurrentUser, requested: string | undefined): Promise<AgenceInventoriee> {
  const agenceId = inventaireAgenceFor(user, requested);
  if (!agenceId) {
    if (user.allAgences) throw badRequest(INVENTAIRE_MESSAGES.agenceRequise, { agenceID: INVENTAIRE_MESSAGES.agenceRequise });
    throw forbidden(INVENTAIRE_MESSAGES.sansAgence);
  }
  const agence = await findAgence(db, agenceId);
  if (!agence) throw badRequest('Agence introuvable.', { agenceID: 'Agence introuvable.' });
  return agence;
}

/** The parcels an agency should hold now (GET inventaire/attendus), with the agency. */
export async function listAttendus(db: Db, user: CurrentUser, requested: string | undefined) {
  const agence = await agenceOfInventaire(db, user, requested);
  const datas = await selectAttendus(db, agence, await statutIds(db));
  return { agence, datas };
}

/**
 * What a scanned reference is for this agency now (GET inventaire/verifier): TROUVE (expected here), NON_ATTENDU
 * (a parcel, not expected here) or INCONNU (no parcel, or a deleted one). Only the reference and the status code of a
 * parcel of another agency are told.
 */
export async function verifierReference(db: Db, user: CurrentUser, requested: string | undefined, reference: string) {
  const agence = await agenceOfInventaire(db, user, requested);
  const normalized = normalizeReference(reference);
  const found = (await findColisByReferences(db, [reference])).get(normalized);
  if (!found) return { reference: normalized, etat: 'INCONNU' as VerdictServeur, colis: null };
  const expected = await attendusAmong(db, [found.id], agence, await statutIds(db));
  return {
    reference: found.reference,
    etat: (expected.has(found.id) ? 'TROUVE' : 'NON_ATTENDU') as VerdictServeur,
    colis: { id: found.id, reference: found.reference, statut: found.statut },
  };
}

/** Body of POST inventaire/create (routes.ts validates it). */
export interface InventaireInput {
  /** Id chosen by the browser so that a retried send stores one statement (optional, UUID). */
  id?: string;
  agenceID?: string;
  references: string[];
}

/** What POST inventaire/create answers. */
export type InventaireCreated = {
  id: string;
  /** True when a statement with this id had already been stored (a retried send): nothing new was written. */
  dejaEnregistre: boolean;
  nbColisTrouves: number;
  nbColisAttendus: number;
  nbColisNonTrouves: number;
  /** Found but not expected at this agency. */
  nbColisNonAttendus: number;
  /** References matching no parcel (normalised), not stored. */
  inconnues: string[];
};

/**
 * Stores an inventory (POST inventaire/create): in one transaction, the expected parcels of the agency at this moment,
 * the scanned references resolved to parcels (duplicates counted once), and one row per parcel expected or found.
 * A retried send with the same `id` by the same author answers the stored statement.
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
        const rows = await colisOfInventaire(tx, existing.id);
        const known = await findColisByReferences(tx, input.references);
        return summary(
          existing.id,
          true,
          rows,
          scanned.filter((r) => !known.has(r)),
        );
      }
    }
    const expected = await selectAttendus(tx, agence, idOf);
    const known = await findColisByReferences(tx, input.references);
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
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(inventaireColis).values(rows.slice(i, i + 1000));
    return summary(
      created.id,
      false,
      rows,
      scanned.filter((r) => !known.has(r)),
    );
  });
}

/** The counts of a statement from its rows. */
function summary(
  id: string,
  dejaEnregistre: boolean,
  rows: { attendu: boolean; trouve: boolean }[],
  inconnues: string[],
): InventaireCreated {
  return {
    id,
    dejaEnregistre,
    nbColisTrouves: rows.filter((r) => r.trouve).length,
    nbColisAttendus: rows.filter((r) => r.attendu).length,
    nbColisNonTrouves: rows.filter((r) => r.attendu && !r.trouve).length,
    nbColisNonAttendus: rows.filter((r) => r.trouve && !r.attendu).length,
    inconnues,
  };
}

/**
 * One statement with its parcels (GET inventaire/liste?id=): `colisId` the parcels found, `colisAttendus` those
 * expected, `colisNonTrouve` those expected and not found, each a parcel record with `attendu` and `trouve`.
 * @throws 404 unknown, 403 another agency's (non-ADMIN)
 */
export async function getInventaire(db: Db, id: string, user: CurrentUser) {
  const header = await findInventaire(db, id);
  if (!header) throw notFound(INVENTAIRE_MESSAGES.notFound);
  if (!(await inventaireInScope(db, id, user))) throw forbidden(INVENTAIRE_MESSAGES.autreAgence);
  const rows = await colisOfInventaire(db, id);
  return {
    ...header,
    colisId: rows.filter((r) => r.trouve),
    colisAttendus: rows.filter((r) => r.attendu),
    colisNonTrouve: rows.filter((r) => r.attendu && !r.trouve),
  };
}
