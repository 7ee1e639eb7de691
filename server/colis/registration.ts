/**
 * Reading and registering a parcel (spec 000 §4, §5, §7 colis/create; docs/architecture.md §4; docs/decisions/registration-write.md):
 * registration claims its weight on the departure: it must be open (OUVERT), active and not past its closing date, and
 * the parcel's weight must fit in what is left (409 with the weight-check message): concurrent registrations never
 * overbook; every amount is recomputed here; sender and recipient are created or reused by phone; the reference comes
 * from a sequence; an advance (reglement > 0) records a payment and sets RECEPTIONNE, else EN_ATTENTE; typed phones are
 * full numbers with the departure's countries (common/phone.ts), an invalid one is a 400. A registration without
 * advance is one statement (registrationWrite.ts), with an advance one transaction. The read and the checks are
 * exported for an edit (edit.ts), which follows the same checks. Also the capacity alert: a departure without the
 * weight left, told to the administrators by e-mail.
 */
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ADVANCE_PAYER, COLIS_STATUT_ADVANCE, COLIS_STATUT_REGISTERED, isAdvance, isModeLivraisonAgence } from '../../common/colisRules';
import { todayIso } from '../../common/dates';
import { ENVOI_MESSAGES } from '../../common/envoiRules';
import { roundToDevise } from '../../common/devises';
import { formatKg, fullName } from '../../common/format';
import { milliToNumber, toMilli, toPoidsString } from '../../common/money';
import { uniteForModeEnvoi } from '../../common/modes';
import type { PaysTelephone } from '../../common/phone';
import type { CurrentUser } from '../auth/currentUser';
import { CLIENT_TYPE_ID, clientPhone } from '../user/service';
import { keyedBatches, type BatchWrite } from '../db/fast/keyedBatches';
import { recordWriteMarks, type WriteMark } from '../db/writeMarks';
import { isDatabaseUnavailable } from '../plugins/errors';
import {
  writeRegistration,
  writeRegistrations,
  type PartyOfRegistration,
  type RegistrationWrite,
  type RegistrationWritten,
} from './registrationWrite';
import { partyColumns } from '../user/query';
import type { Db, Tx } from '../db/client';
import { codeLibelleColumns } from '../db/refSelect';
import { agences, colis, envois, modesEnvoi, modesLivraison, pays, users, villes } from '../db/schema';
import { reusable } from '../db/fast/reusable';
import { fastSwitches } from '../db/fast/switches';
import { AppError, badRequest, conflict, forbidden, notFound } from '../http/errors';
import { enqueueMail, escapeHtml } from '../mail/outbox';
import { recordEncaissement, type PayableColis } from '../encaissement/service';
import { refuseInactiveAgence } from '../agence/service';
import { statutIds, statutsByCode, type StatutIdOf } from '../statut/query';
import {
  envoiRouteColumns,
  montantEnDevise,
  naturePricesJson,
  priceColis,
  selectEnvoiRoute,
  tauxExceptionnel,
  type ColisNatureInput,
} from './pricing';
import { colisReferencePrefix } from '../db/references';
import { v7 as uuidv7 } from 'uuid';
import { colisAgenceFor } from '../access/scopes';
import { moveColis } from './statutChange';
import { colisCreatedAudit } from './journal';
import { adminEmails, findColis, findEnvoiCapacity, findSignature, selectColis } from './query';
import type { ColisInput } from '../../common/schemas/colis';

/** The departure as it is now, without a lock: what a registration reads before it writes. */
async function readEnvoiRoute(tx: Db | Tx, envoiID: string) {
  const [e] = await selectEnvoiRoute(tx).where(eq(envois.id, envoiID));
  if (!e) throw badRequest('Départ introuvable.', { envoiID: 'Départ introuvable.' });
  return e;
}

/**
 * The 409 of a registration whose departure did not take its weight (registrationWrite.ts `claim`: closed meanwhile,
 * or no longer enough weight left): checkEnvoi's message on the departure as it is now.
 * @throws 409 always
 */
async function refuseClaim(db: Db | Tx, idOf: StatutIdOf, envoiID: string, poids: number): Promise<never> {
  const now = await readEnvoiRoute(db, envoiID);
  await checkEnvoi(idOf, now, poids);
  // Not reachable in READ COMMITTED (the re-read sees what refused the claim); kept as the weight refusal.
  throw new AppError(409, ENVOI_MESSAGES.poidsInsuffisant(now.reference, 0, poids), { poids: 'Poids disponible insuffisant' });
}

/**
 * Checks the departure accepts a parcel of `poids` kg (minus `alreadyOnIt` kg this parcel already holds). Its SQL twin
 * for a registration is registrationWrite.ts `claim` (the conditional UPDATE that decides on the committed weight);
 * tests/server/colis.test.ts ("refuses a parcel heavier than the room left…", "50 simultaneous registrations…") holds
 * them to the same refusals.
 */
export async function checkEnvoi(idOf: StatutIdOf, e: Awaited<ReturnType<typeof readEnvoiRoute>>, poids: number, alreadyOnIt = 0) {
  if (e.statutID !== idOf('OUVERT') || !e.isActive || e.dateFin < todayIso()) {
    throw conflict(`Le départ ${e.reference} n'est plus ouvert aux enregistrements.`, { envoiID: 'Départ fermé' });
  }
  const disponible = toMilli(e.poids) - toMilli(e.poidsReel) + toMilli(alreadyOnIt);
  if (toMilli(poids) > disponible) {
    throw new AppError(409, ENVOI_MESSAGES.poidsInsuffisant(e.reference, milliToNumber(disponible), poids), {
      poids: 'Poids disponible insuffisant',
    });
  }
}

const paysEmetteur = alias(pays, 'pays_emetteur');
const expediteurClient = alias(users, 'expediteur_client');
const destinataireClient = alias(users, 'destinataire_client');

/**
 * What a registration or an edit reads before it writes, in one statement (docs/decisions/registration-write.md: one round trip instead of
 * five): the departure's route and state (envoiRouteColumns, plus the dates its answer shows), the countries of the
 * parties' phones (origin: sender, destination: recipient), the registering agency, the destination city, the
 * pick-up mode, the clients given as sender and recipient (`clients`), and the price lookup's rows of the parcel's
 * natures on the departure's route (colis/pricing.ts naturePricesJson: none found, an empty list). A reference not
 * found is null (the checks give their own messages); no lock is taken.
 * @throws 400 'Départ introuvable.'
 */
export async function readRegistration(
  tx: Db | Tx,
  q: {
    envoiID: string;
    agenceID: string | null | undefined;
    villeID: string;
    modeLivraisonID: string;
    naturesColis: ColisNatureInput[];
    expediteurID?: string | null;
    destinataireID?: string | null;
  },
) {
  const [row] = await registrationQuery(tx, {
    expediteurID: q.expediteurID || null,
    destinataireID: q.destinataireID || null,
    envoiID: q.envoiID,
    natureIds: [...new Set(q.naturesColis.map((l) => l.natureColisID))],
    // No agency: `agences.id = NULL` joins nothing, as `false` did.
    agenceID: q.agenceID || null,
    villeID: q.villeID,
    modeLivraisonID: q.modeLivraisonID,
  });
  if (!row) throw badRequest('Départ introuvable.', { envoiID: 'Départ introuvable.' });
  const { destinataire, expediteur, agence, ville, modeLivraison, natures, expediteurClient, destinataireClient, ...envoi } = row;
  const partyPays: PartyPays = { expediteur: expediteur ?? undefined, destinataire };
  const clients = { expediteurID: expediteurClient, destinataireID: destinataireClient };
  return { envoi, partyPays, agence, ville, modeLivraison, natures: natures ?? [], clients };
}

/**
 * readRegistration's statement, built once (db/fast/reusable.ts): placeholders envoiID, agenceID (or null), villeID,
 * modeLivraisonID, natureIds (uuid[]), expediteurID and destinataireID (or null).
 */
const registrationQuery = reusable((tx) =>
  tx
    .select({
      ...envoiRouteColumns,
      dateDebut: envois.dateDebut,
      dateArrive: envois.dateArrive,
      destinataire: { indicatif: pays.indicatif, longueurNumero: pays.longueurNumero },
      expediteur: { id: paysEmetteur.id, indicatif: paysEmetteur.indicatif, longueurNumero: paysEmetteur.longueurNumero },
      agence: {
        ...codeLibelleColumns(agences),
        telephoneComplet: agences.telephoneComplet,
        villeID: agences.villeID,
        paysID: agences.paysID,
        isActive: agences.isActive,
      },
      ville: { id: villes.id, libelle: villes.libelle, paysID: villes.paysID },
      modeLivraison: codeLibelleColumns(modesLivraison),
      // The clients given as sender and recipient (users of type CLIENT only: a staff member's id would show their
      // e-mail and phone on the parcel), null when none or not a client.
      expediteurClient: partyColumns(expediteurClient),
      destinataireClient: partyColumns(destinataireClient),
      // The price lookup's rows for the parcel's natures on the departure's route (colis/pricing.ts).
      natures: naturePricesJson(
        { modeEnvoiID: envois.modeEnvoiID, paysID: envois.paysID, paysEmetteurID: envois.paysEmetteurID },
        sql`${sql.placeholder('natureIds')}::uuid[]`,
      ),
    })
    .from(envois)
    .innerJoin(modesEnvoi, eq(envois.modeEnvoiID, modesEnvoi.id))
    .innerJoin(pays, eq(envois.paysID, pays.id))
    .leftJoin(paysEmetteur, eq(envois.paysEmetteurID, paysEmetteur.id))
    .leftJoin(agences, eq(agences.id, sql.placeholder('agenceID')))
    .leftJoin(villes, eq(villes.id, sql.placeholder('villeID')))
    .leftJoin(modesLivraison, eq(modesLivraison.id, sql.placeholder('modeLivraisonID')))
    .leftJoin(
      expediteurClient,
      and(eq(expediteurClient.id, sql.placeholder('expediteurID')), eq(expediteurClient.typeUserID, CLIENT_TYPE_ID)),
    )
    .leftJoin(
      destinataireClient,
      and(eq(destinataireClient.id, sql.placeholder('destinataireID')), eq(destinataireClient.typeUserID, CLIENT_TYPE_ID)),
    )
    .where(eq(envois.id, sql.placeholder('envoiID'))),
);

export type Registration = Awaited<ReturnType<typeof readRegistration>>;

/**
 * The agency of a registration: a non-ADMIN role uses its own (spec 000 §5), ADMIN must choose one; the departure
 * must leave from its country.
 * @param agenceID the agency asked for (access/scopes.ts colisAgenceFor); reg.agence is that agency as read
 * @throws 400 none or unknown; 403 the departure does not leave from the agency's country
 */
export function checkAgence(reg: Registration, agenceID: string | null | undefined) {
  if (!agenceID) throw badRequest("L'agence est obligatoire.", { agenceID: "L'agence est obligatoire." });
  const a = reg.agence;
  if (!a) throw badRequest('Agence introuvable.', { agenceID: 'Agence introuvable.' });
  if (a.paysID !== reg.envoi.paysEmetteurID) {
    throw forbidden("Ce départ ne part pas du pays de l'agence.");
  }
  return a;
}

type PartyPays = Record<'expediteur' | 'destinataire', PaysTelephone | undefined>;

/**
 * The input with its typed phones as full numbers (common/phone.ts, the wizard's own rule): the sender's (NumeroSaisi)
 * with the origin country, the recipient's (telephoneDestinataire) with the destination country. Called before any
 * write: an invalid phone ('abc', 'n/a', a wrong length) is a 400 on its field, and no client is created or merged.
 */
export function withPartyPhones(input: ColisInput, partyPays: PartyPays): ColisInput {
  const phone = (raw: string | undefined, paysOfPhone: PaysTelephone | undefined, field: string) =>
    raw?.trim() ? clientPhone(raw, paysOfPhone, field) : raw;
  return {
    ...input,
    NumeroSaisi: phone(input.NumeroSaisi, partyPays.expediteur, 'NumeroSaisi'),
    telephoneDestinataire: phone(input.telephoneDestinataire, partyPays.destinataire, 'telephoneDestinataire'),
  };
}

/**
 * How the input names the parcel's sender and recipient (docs/architecture.md §4), pure: a client given by id (read by
 * readRegistration: must be a client), a client found or created by phone (a typed sender; a new recipient with a
 * phone — without one, no client), or, for a recipient with the sender's own phone, the sender. What a typed party must
 * carry (nom, prénoms, adresse, phone) is the body's rule (common/schemas/colis.ts colisBody), checked by the route.
 * @param input with full phones (withPartyPhones), as colisBody validated it
 * @throws 400 'Client introuvable.' for an id that is not a client's
 */
export function partiesOf(input: ColisInput, reg: Registration): Record<'expediteurID' | 'destinataireID', PartyOfRegistration> {
  const text = (v: string | undefined) => (v ?? '').trim();
  const expediteur: PartyOfRegistration | undefined = input.expediteurID
    ? undefined
    : {
        kind: 'phone',
        client: { nom: text(input.expediteurNom), prenoms: text(input.expediteurPrenom), telephoneComplet: text(input.NumeroSaisi) },
      };
  let destinataire: PartyOfRegistration | undefined;
  if (!input.destinataireID) {
    const telephoneComplet = text(input.telephoneDestinataire) ? input.telephoneDestinataire : undefined;
    destinataire = !telephoneComplet
      ? { kind: 'given', party: null }
      : expediteur?.kind === 'phone' && expediteur.client.telephoneComplet === telephoneComplet
        ? { kind: 'sender' }
        : {
            kind: 'phone',
            client: {
              nom: text(input.nomDestinataire),
              prenoms: text(input.prenomsDestinataire),
              telephoneComplet,
              email: input.emailDestinataire,
              adresse: input.adresseDestinataire,
            },
          };
  }
  const given = { expediteurID: input.expediteurID, destinataireID: input.destinataireID };
  for (const [field, id] of Object.entries(given) as [keyof typeof given, string | undefined][]) {
    if (id && reg.clients[field]?.id !== id) throw badRequest('Client introuvable.', { [field]: 'Client introuvable.' });
  }
  return {
    expediteurID: expediteur ?? { kind: 'given', party: reg.clients.expediteurID },
    destinataireID: destinataire ?? { kind: 'given', party: reg.clients.destinataireID },
  };
}

/**
 * The input's amounts in the departure's currency (docs/decisions/currencies.md): each rounded half away from zero to
 * its minor unit (10,5 XOF → 11), as the parcel computes, stores and collects them.
 */
export function amountsInDevise(input: ColisInput, devise: string): ColisInput {
  const round = (v: number | undefined) => (v === undefined ? undefined : roundToDevise(v, devise));
  return {
    ...input,
    montantLivraison: round(input.montantLivraison),
    montantExpedition: round(input.montantExpedition),
    montantComplementaire: round(input.montantComplementaire),
    reglement: round(input.reglement),
  };
}

/**
 * Prices the parcel on its departure's route, in the departure's currency, and validates its city, pick-up mode and
 * amounts (ville, mode and the price lookup's rows: as readRegistration read them).
 * @param input with its amounts in the departure's currency (amountsInDevise)
 * @param taux units of the departure's currency for 1 € on the day (colis/pricing.ts tauxExceptionnel): converts the
 *   natures' exceptional prices
 * @throws 400 / 409 as the checks and priceColis
 */
export function computeColis(input: ColisInput, reg: Registration, agenceVilleID: string, taux: string | null) {
  const { envoi: e, ville, modeLivraison: modeLiv } = reg;
  if (!ville || ville.paysID !== e.paysID) {
    throw badRequest('La ville de destination doit être dans le pays de destination du départ.', {
      villeID: 'Ville de destination invalide',
    });
  }
  if (!modeLiv) throw badRequest('Mode de récupération introuvable.', { modeLivraisonID: 'Mode de récupération introuvable.' });
  // The agency pick-up has no delivery amount (common/colisRules.ts isModeLivraisonAgence, the UI's own rule).
  const montantLivraison = isModeLivraisonAgence(modeLiv) ? 0 : (input.montantLivraison ?? 0);
  const priced = priceColis(
    {
      devise: e.devise,
      modeEnvoiID: e.modeEnvoiID,
      modeEnvoiLibelle: e.modeEnvoiLibelle,
      paysID: e.paysID,
      paysLibelle: e.paysLibelle,
      paysEmetteurID: e.paysEmetteurID,
      villeDestinationID: ville.id,
      villeOrigineID: agenceVilleID,
    },
    input.naturesColis,
    reg.natures,
    taux,
    {
      montantComplementaire: input.montantComplementaire,
      montantLivraison,
      montantExpedition: input.montantExpedition,
      reglement: input.reglement,
    },
  );
  if (priced.montants.resteAPayer < 0) {
    throw badRequest('montant réglé ne doit pas etre superieur au montant total', {
      reglement: 'montant réglé ne doit pas etre superieur au montant total',
    });
  }
  if (isAdvance(input.reglement) && !input.encaissement?.modePaiementID) {
    throw badRequest('Veuillez remplir tous les champs obligatoire.', { modePaiementID: 'Le mode de paiement est obligatoire' });
  }
  return {
    ...priced,
    devise: e.devise,
    montantLivraison,
    unite: uniteForModeEnvoi({ code: e.modeEnvoiCode, libelle: e.modeEnvoiLibelle }, input.unite),
  };
}

/** Column values of a parcel computed from its input: amounts in its departure's currency (computeColis' devise). */
export function colisValues(input: ColisInput, c: Awaited<ReturnType<typeof computeColis>>, e: { modeEnvoiID: string }) {
  return {
    villeID: input.villeID,
    modeLivraisonID: input.modeLivraisonID,
    modeEnvoiID: e.modeEnvoiID,
    detailsContenu: input.detailsContenu,
    contenu: input.contenu ?? input.detailsContenu,
    observation: input.observation ?? '',
    adresseLivraison: input.adresseLivraison ?? input.adresseDestinataire ?? '',
    poids: toPoidsString(c.montants.poids),
    unite: c.unite,
    prixUnitaire: montantEnDevise(c.lines[0]?.prixLigne ?? 0, c.devise),
    paramNatureModeID: c.lines.find((l) => l.paramNatureModeID)?.paramNatureModeID ?? null,
    montant: montantEnDevise(c.montants.montant, c.devise),
    montantLivraison: montantEnDevise(c.montantLivraison, c.devise),
    montantExpedition: montantEnDevise(input.montantExpedition ?? 0, c.devise),
    montantComplementaire: montantEnDevise(input.montantComplementaire ?? 0, c.devise),
    montantTotal: montantEnDevise(c.montants.montantTotal, c.devise),
    reglement: '0.00',
    resteAPayer: montantEnDevise(c.montants.montantTotal, c.devise),
    nomDestinataire: input.nomDestinataire ?? null,
    prenomsDestinataire: input.prenomsDestinataire ?? null,
    emailDestinataire: input.emailDestinataire || null,
    adresseDestinataire: input.adresseDestinataire ?? null,
    telephoneDestinataire: input.telephoneDestinataire ?? null,
    NumeroSaisi: input.NumeroSaisi ?? null,
    receptionneurID: input.receptionneurID ?? null,
  };
}

/**
 * The nature lines of a parcel as their columns: weights in kg, prices in the parcel's currency (the exceptional price
 * as converted), as numeric texts.
 */
export function lineRows(c: Awaited<ReturnType<typeof computeColis>>) {
  return c.lines.map((l) => ({
    natureColisID: l.natureColisID,
    poids: toPoidsString(l.poids),
    unitePoid: c.unite,
    prixUnitaire: montantEnDevise(l.prixUnitaire ?? 0, c.devise),
    prixExceptionnel: montantEnDevise(l.prixExceptionnel ?? 0, c.devise),
    prixTotal: montantEnDevise(l.prixTotal, c.devise),
  }));
}

/**
 * Records the advance of a registration or an edit and moves the parcel to RECEPTIONNE (docs/architecture.md §4); the payment's
 * own notification tells sender and recipient. The caller's audit row of the parcel (registration or edit) holds the
 * advance (reglement, statut): no row of its own.
 */
export async function recordAdvance(tx: Tx, payable: PayableColis, input: ColisInput, user: CurrentUser, idOf: StatutIdOf) {
  const reglement = input.reglement ?? 0;
  if (!isAdvance(reglement)) return;
  await recordEncaissement(tx, payable, {
    montant: reglement,
    modePaiementID: input.encaissement!.modePaiementID!,
    paymentby: input.encaissement?.paymentby ?? ADVANCE_PAYER,
    author: user,
    journal: false,
  });
  await moveColis(tx, {
    colisIds: [payable.id],
    fromStatutIds: [payable.statutID],
    toStatutId: idOf(COLIS_STATUT_ADVANCE),
    author: user,
    journal: false,
  });
}

/**
 * A departure's registrations are written in groups within this process (db/fast/keyedBatches.ts): those that arrive while
 * a group of the same departure is written wait, then up to 32 are written one after the other in one transaction,
 * one lock and one commit for the group (bench/README.md, docs/decisions/registration-write.md). DEPARTURE_WRITES sets how many groups of a
 * departure are written at once (default 1), DEPARTURE_BATCH the size of a group (1: each alone), for such measures:
 * switches of the performance layer (server/config.ts FastSwitches), read each time a group is formed. Keyed by the
 * departure's id.
 */
const departureWrites = keyedBatches({
  concurrency: () => fastSwitches().departureWrites,
  max: () => fastSwitches().departureBatch,
  // A group cut from the database (its COMMIT's outcome unknown) is not written again: each answers 503, as alone.
  unreachable: isDatabaseUnavailable,
});

/**
 * Registers a parcel (spec 000 §7 colis/create; docs/decisions/registration-write.md). Its read (readRegistration: one statement, no lock),
 * then the checks and the price (a closed or full departure is refused there, before any write), then one write
 * statement (registrationWrite.ts) that claims the weight on the departure, finds or creates the sender and the
 * recipient, and inserts the parcel with its lines, history, notifications, e-mails and journal row: atomic by itself.
 * Alone, no transaction; with the departure's other waiting registrations, in their group's transaction
 * (departureWrites), the statements of those without an advance sent in one round trip. The claim alone decides: if
 * the departure no longer takes the weight, nothing is written (409). An advance (reglement > 0) runs the same
 * statement in a transaction (alone, or its group's), then records the payment and moves the parcel (recordAdvance),
 * then the journal row.
 * @returns the parcel as colis/get answers it (selectColis' fields), made from what was read and written (the
 *   statement's RETURNING, the references read first, the parties found or created): no re-read. An advance changes
 *   the parcel after its insert (payment, status): that answer is read back.
 * @throws 400 invalid input (checks of partiesOf, computeColis, checkAgence), 403 another country's departure, 409
 *   the departure closed or without the weight left, or the registering agency deactivated
 * @param mark the request's mark (its Idempotency-Key, from its route: http/idempotency.ts takeWriteMark), recorded in
 *   the transaction of the parcel's write, only if it was written (docs/decisions/idempotent-writes.md)
 */
export async function createColis(db: Db, input: ColisInput, user: CurrentUser, mark?: WriteMark): Promise<ColisAnswer> {
  const idOf = await statutIds(db);
  const registered = (await statutsByCode(db)).get(COLIS_STATUT_REGISTERED)!;
  const agenceID = colisAgenceFor(user, input.agenceID);
  const reg = await readRegistration(db, { ...input, agenceID });
  const e = reg.envoi;
  input = amountsInDevise(withPartyPhones(input, reg.partyPays), e.devise);
  const agence = checkAgence(reg, agenceID);
  // A deactivated agency records nothing (docs/decisions/deactivation-dependants.md), an administrator's choice too.
  refuseInactiveAgence(agence, 'agenceID');
  // The rate of the day, read only for an exceptional price on a departure not in euros (a missing one: 409).
  const computed = computeColis(input, reg, agence.villeID, await tauxExceptionnel(db, e.devise, reg.natures));
  await checkEnvoi(idOf, e, computed.montants.poids);
  const parties = partiesOf(input, reg);
  const advance = isAdvance(input.reglement ?? 0);
  const registration: RegistrationWrite = {
    colis: {
      ...colisValues(input, computed, e),
      id: uuidv7(),
      envoiID: e.id,
      agenceID: agence.id,
      statutID: registered.id,
      dateDepot: new Date().toISOString(),
      auteurID: user.id,
    },
    referencePrefix: colisReferencePrefix(agence.code),
    kg: toPoidsString(computed.montants.poids),
    ouvert: idOf('OUVERT'),
    lines: lineRows(computed),
    expediteur: parties.expediteurID,
    destinataire: parties.destinataireID,
    message: 'votre colis a été enregistré',
    // Audit journal (docs/decisions/audit-journal.md): the parcel's snapshot once registered, after its advance when there is one.
    withAudit: !advance,
    adresseIP: user.adresseIP,
  };
  const write = (handle: Db | Tx) => writeRegistration(handle, registration);
  if (!advance) {
    // Waiting registrations of the departure without an advance: their statements in one round trip (writeRegistrations),
    // then one record of their marks; alone, with a mark: the statement and the mark in a transaction, else the statement.
    const data: MarkedRegistration = { registration, mark };
    const batch: BatchWrite<RegistrationWritten | undefined, MarkedRegistration> = mark
      ? { run: async (tx: Tx) => markedWrite(tx, await write(tx), mark), together: writeMarkedRegistrations, data }
      : { run: write, atomic: true, together: writeMarkedRegistrations, data };
    const written = (await departureWrites(db, e.id, batch)) ?? (await refuseClaim(db, idOf, e.id, computed.montants.poids));
    return {
      ...written.created,
      statutID: { id: registered.id, code: registered.code, libelle: registered.libelle },
      envoiID: {
        id: e.id,
        reference: e.reference,
        dateDebut: e.dateDebut,
        dateArrive: e.dateArrive,
        dateFin: e.dateFin,
        paysID: e.paysID,
        paysEmetteurID: e.paysEmetteurID,
        modeEnvoiID: e.modeEnvoiID,
      },
      agenceID: { id: agence.id, code: agence.code, libelle: agence.libelle, telephoneComplet: agence.telephoneComplet },
      villeID: reg.ville,
      modeEnvoiID: { id: e.modeEnvoiID, code: e.modeEnvoiCode, libelle: e.modeEnvoiLibelle },
      modeLivraisonID: reg.modeLivraison,
      ...written.parties,
    };
  }
  const answer = await departureWrites(db, e.id, {
    run: async (tx: Tx) => {
      const written = await markedWrite(tx, await write(tx), mark);
      if (!written) return undefined;
      const { created, suiviToken } = written;
      const payable: PayableColis = {
        id: created.id,
        reference: created.reference,
        agenceID: agence.id,
        statutID: registered.id,
        reglement: '0.00',
        resteAPayer: montantEnDevise(computed.montants.montantTotal, computed.devise),
        devise: computed.devise,
        expediteurID: written.parties.expediteurID?.id ?? null,
        destinataireID: written.parties.destinataireID?.id ?? null,
        emailDestinataire: input.emailDestinataire || null,
        suiviToken,
      };
      await recordAdvance(tx, payable, input, user, idOf);
      await tx.execute(colisCreatedAudit(created.id, user));
      return (await selectColis(tx).where(eq(colis.id, created.id)))[0];
    },
  });
  return answer ?? (await refuseClaim(db, idOf, e.id, computed.montants.poids));
}

/** A registration of a group and its request's mark (its Idempotency-Key), if any. */
interface MarkedRegistration {
  registration: RegistrationWrite;
  mark: WriteMark | undefined;
}

/**
 * A group's registrations in one round trip (writeRegistrations), then the marks of those written recorded together
 * (db/writeMarks.ts: the keys in one statement, docs/decisions/idempotent-writes.md). Answers each one's
 * writeRegistration answer, in order.
 */
async function writeMarkedRegistrations(tx: Tx, group: MarkedRegistration[]) {
  const written = await writeRegistrations(
    tx,
    group.map((g) => g.registration),
  );
  await recordWriteMarks(
    tx,
    group.map((g, i) => (written[i] ? g.mark : undefined)),
  );
  return written;
}

/** `written` once the request's mark (if any) is recorded in `tx`; nothing recorded when nothing was written. */
async function markedWrite<T>(tx: Tx, written: T | undefined, mark: WriteMark | undefined): Promise<T | undefined> {
  if (written) await recordWriteMarks(tx, [mark]);
  return written;
}

/** A parcel as colis/get and colis/create answer it (colis/query.ts selectColis). */
type ColisAnswer = NonNullable<Awaited<ReturnType<typeof findColis>>>;

/**
 * Tells the administrators by e-mail that a departure the user may see has no weight left for its parcel
 * (spec 000 §2 weight check: "contact the administrators").
 * @throws 404
 */
export async function contactAdminForEnvoi(db: Db, envoiId: string, user: CurrentUser): Promise<void> {
  const e = await findEnvoiCapacity(db, envoiId, user);
  if (!e) throw notFound('Départ introuvable.');
  const me = await findSignature(db, user.id);
  await enqueueMail(
    db,
    (await adminEmails(db)).map((to) => ({
      to,
      subject: `Départ ${e.reference} : capacité atteinte`,
      // Weights the French way ('38,3 kg', never '38.300 kg': audit 000 B4), the name in the one order (common/format.ts).
      html: `<p>${escapeHtml(fullName(me))} (${escapeHtml(me.agence ?? 'administration')}) signale que le départ <strong>${escapeHtml(e.reference)}</strong> n'a plus assez de poids disponible (${formatKg(e.poidsReel)} enregistrés sur ${formatKg(e.poids)}).</p>`,
    })),
  );
}
