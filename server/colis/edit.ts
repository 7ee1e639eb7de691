/**
 * Editing a parcel (spec 000 §2 Edit parcel, §4 Active flag): an edit is possible only while EN_ATTENTE and follows
 * the same checks as registration (registrationPlan.ts), in one transaction that moves the weights between departures
 * and locks them first (service.ts lockColisAfterEnvois); and the toggle of a parcel's active flag.
 */
import { eq, sql } from 'drizzle-orm';
import { COLIS_MESSAGES, isColisEditable } from '../../common/colisRules';
import { minorToString } from '../../common/devises';
import { milliToString } from '../../common/money';
import type { CurrentUser } from '../auth/currentUser';
import { upsertClient, type Party } from '../user/service';
import type { PartyOfRegistration } from './registrationWrite';
import type { Db, Tx } from '../db/client';
import { colis, colisNatures, envois } from '../db/schema';
import { conflict } from '../http/errors';
import type { PayableColis } from '../encaissement/service';
import { statutCodeOf, statutIds, statutsByCode } from '../statut/query';
import { lockColis } from '../access/locks';
import { colisAgenceFor } from '../access/scopes';
import { colisSnapshot, recordColisActive, recordColisUpdated } from './journal';
import {
  amountsInDevise,
  checkAgence,
  checkEnvoi,
  colisValues,
  computeColis,
  lineRows,
  partiesOf,
  withPartyPhones,
} from './registrationPlan';
import { readRegistration, type Registration } from './registrationRead';
import { recordAdvance } from './registrationWrite';
import { tauxExceptionnel } from './pricing';
import { lockColisAfterEnvois } from './service';
import type { ColisInput } from '../../common/schemas/colis';

/**
 * Sender and recipient of an edit (partiesOf), the clients named by phone found or created here.
 * @returns their ids, the parcel's columns
 */
async function resolveParties(tx: Tx, input: ColisInput, reg: Registration) {
  const named = partiesOf(input, reg);
  const resolve = async (p: PartyOfRegistration, sender: Party | null): Promise<Party | null> =>
    p.kind === 'given' ? p.party : p.kind === 'sender' ? sender : upsertClient(tx, p.client);
  const expediteur = await resolve(named.expediteurID, null);
  const destinataire = await resolve(named.destinataireID, expediteur);
  return { expediteurID: expediteur?.id ?? null, destinataireID: destinataire?.id ?? null };
}

/**
 * The recipient's details as typed at registration (name, first names, address, phone, e-mail) stay on the parcel when
 * an edit keeps the same known recipient and sends only its id (the wizard does): without this they were cleared
 * (found by the audit journal, docs/decisions/audit-journal.md). A new recipient or new free-text details replace them as before.
 */
function keptRecipientCopy(current: typeof colis.$inferSelect, input: ColisInput) {
  const sameKnownRecipient = !!input.destinataireID && input.destinataireID === current.destinataireID;
  if (!sameKnownRecipient || input.nomDestinataire !== undefined) return {};
  return {
    nomDestinataire: current.nomDestinataire,
    prenomsDestinataire: current.prenomsDestinataire,
    adresseDestinataire: current.adresseDestinataire,
    telephoneDestinataire: current.telephoneDestinataire,
    emailDestinataire: current.emailDestinataire,
    adresseLivraison: input.adresseLivraison ?? current.adresseLivraison,
  };
}

/** The insert of the nature lines of a parcel (an edit's). */
function linesInsert(tx: Tx, colisID: string, c: Awaited<ReturnType<typeof computeColis>>) {
  return tx.insert(colisNatures).values(lineRows(c).map((l) => ({ ...l, colisID })));
}

/** Edits a parcel still EN_ATTENTE (spec 000 §2 Edit parcel): same checks as registration, weights moved between departures. */
export async function updateColis(db: Db, id: string, input: ColisInput, user: CurrentUser): Promise<void> {
  const idOf = await statutIds(db);
  const statuts = await statutsByCode(db);
  await db.transaction(async (tx) => {
    // Both departures in a fixed order, then the parcel: two edits never wait on each other, nor on a cascade.
    const current = await lockColisAfterEnvois(tx, { id }, user, input.envoiID);
    if (!isColisEditable(statutCodeOf(statuts, current.statutID))) throw conflict(COLIS_MESSAGES.notEditable);
    const before = await colisSnapshot(tx, id);
    // ADMIN may move the parcel to another agency (else it keeps its own); another role keeps its own (colisAgenceFor).
    const agenceID = colisAgenceFor(user, input.agenceID ?? current.agenceID);
    const reg = await readRegistration(tx, { ...input, agenceID });
    const e = reg.envoi;
    // Amounts in the departure's currency; an exceptional price converted at the rate of the day of the edit.
    input = amountsInDevise(withPartyPhones(input, reg.partyPays), e.devise);
    const agence = checkAgence(reg, agenceID);
    const computed = computeColis(input, reg, agence.villeID, await tauxExceptionnel(tx, e.devise, reg.natures));
    const sameEnvoi = current.envoiID === input.envoiID;
    checkEnvoi(idOf, e, milliToString(computed.montants.poids), sameEnvoi ? current.poids : 0);
    const parties = await resolveParties(tx, input, reg);
    await tx
      .update(colis)
      .set({ ...colisValues(input, computed, e), ...keptRecipientCopy(current, input), ...parties, envoiID: e.id, agenceID: agence.id })
      .where(eq(colis.id, id));
    await tx.delete(colisNatures).where(eq(colisNatures.colisID, id));
    await linesInsert(tx, id, computed);
    await tx
      .update(envois)
      .set({ poidsReel: sql`${envois.poidsReel} - ${current.poids}::numeric` })
      .where(eq(envois.id, current.envoiID));
    await tx
      .update(envois)
      .set({ poidsReel: sql`${envois.poidsReel} + ${milliToString(computed.montants.poids)}::numeric` })
      .where(eq(envois.id, e.id));
    const payable: PayableColis = {
      id,
      reference: current.reference,
      agenceID: agence.id,
      statutID: current.statutID,
      reglement: '0.00',
      resteAPayer: minorToString(computed.montants.montantTotal, computed.devise),
      devise: computed.devise,
      ...parties,
      emailDestinataire: input.emailDestinataire || null,
      suiviToken: current.suiviToken,
    };
    await recordAdvance(tx, payable, input, user, idOf);
    await recordColisUpdated(tx, id, before, user);
  });
}

/** Toggles the active flag of a parcel (spec 000 §4 Active flag). */
export async function setColisActive(db: Db, id: string, isActive: boolean, user: CurrentUser): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockColis(tx, { id }, user, { owner: true });
    await tx.update(colis).set({ isActive }).where(eq(colis.id, id));
    await recordColisActive(tx, id, row.isActive, isActive, user);
  });
}
