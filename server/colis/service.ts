/**
 * Parcel rules (spec 000 §4 Parcel statuses / payment / deletion, §5; DESIGN.md §4), each write in one transaction
 * (a registration without advance: one statement, registrationWrite.ts):
 * - registration claims its weight on the departure: it must be open (OUVERT), active and not past its closing date,
 *   and the parcel's weight must fit in what is left (409 with the weight-check message): concurrent registrations
 *   never overbook; every amount is recomputed here; sender and recipient are created or reused by phone; the reference
 *   comes from a sequence; an advance (reglement > 0) records a payment and sets RECEPTIONNE, else EN_ATTENTE;
 *   typed phones are full numbers with the departure's countries (common/phone.ts), an invalid one is a 400;
 * - an edit is possible only while EN_ATTENTE and follows the same checks;
 * - deletion is direct while EN_ATTENTE, else needs a 4-digit code e-mailed to the administrators (202);
 * - at destination an arrived parcel (EXPEDIE) is picked up (RETIRE) or delivered (LIVRE) once fully paid, the
 *   remaining amount possibly collected in the same step.
 */
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ADVANCE_PAYER,
  COLIS_EDITABLE,
  COLIS_MESSAGES,
  COLIS_STATUT_ADVANCE,
  COLIS_STATUT_REGISTERED,
  COLLECTION_PAYER,
  canFinishColis,
  isAdvance,
  isModeLivraisonAgence,
  isColisEditable,
  type ColisFinishTarget,
} from '../../common/colisRules';
import { todayIso } from '../../common/dates';
import { prixLigneOf } from '../../common/pricing';
import { ENVOI_MESSAGES } from '../../common/envoiRules';
import { milliToNumber, toCents, toMilli, toMoneyString, toPoidsString } from '../../common/money';
import { uniteForModeEnvoi } from '../../common/modes';
import type { PaysTelephone } from '../../common/phone';
import { checkOtp, issueOtp } from '../auth/otp';
import { CODE_POLICY, settleAttempt, takeAttempt } from '../auth/throttle';
import type { CurrentUser } from '../auth/currentUser';
import { CLIENT_TYPE_ID, clientPhone, upsertClient, type Party } from '../user/service';
import { keyedBatches } from '../db/keyedBatches';
import { isDatabaseUnavailable } from '../plugins/errors';
import { writeRegistration, writeRegistrations, type PartyOfRegistration, type RegistrationWrite } from './registrationWrite';
import { partyColumns } from '../user/query';
import type { Db, Tx } from '../db/client';
import { agences, colis, colisNatures, envois, modesEnvoi, modesLivraison, pays, users, villes } from '../db/schema';
import { reusable } from '../db/reusable';
import { AppError, badRequest, conflict, forbidden, notFound } from '../http/errors';
import { enqueueMail, escapeHtml } from '../mail/outbox';
import { recordEncaissement, type PayableColis } from '../encaissement/service';
import { refuseInactiveAgence } from '../agence/service';
import { statutCodeFromValue, statutIds, statutsByCode, type StatutIdOf } from '../statut/query';
import { envoiRouteColumns, naturePricesJson, priceColis, priceNatures, selectEnvoiRoute, type ColisNatureInput } from './pricing';
import { colisReferencePrefix } from '../db/references';
import { v7 as uuidv7 } from 'uuid';
import { lockColis } from '../access/locks';
import { colisAgenceFor, colisNotDeleted, envoiScope, maySeeClient } from '../access/scopes';
import { moveColis } from './statutChange';
import {
  colisSnapshot,
  recordColisActive,
  colisCreatedAudit,
  recordColisDeleted,
  recordColisUpdated,
  type ColisDeletionWay,
} from './journal';
import {
  adminEmails,
  agenceVilleID,
  colisHistorique,
  colisLines,
  colisNatureDetails,
  colisOfClient,
  findClient,
  findColis,
  findEnvoiCapacity,
  findEnvoiRef,
  findSignature,
  selectColis,
  expediteursOfEnvoi,
} from './query';
import type { ColisInput, FinishInput, PrixNatureQuery } from './schemas';

/**
 * Locks the departure row (not its joined references) and returns what an edit needs. FOR NO KEY UPDATE, the lock
 * every departure writer takes (db/lockScoped.ts): it does not conflict with the key-share lock a registration's
 * parcel insert holds on its departure until commit, so a writer never waits for a registration that waits for it.
 */
async function lockEnvoiRoute(tx: Tx, envoiID: string) {
  const [e] = await selectEnvoiRoute(tx).where(eq(envois.id, envoiID)).for('no key update', { of: envois });
  if (!e) throw badRequest('Départ introuvable.', { envoiID: 'Départ introuvable.' });
  return e;
}

/**
 * Locks a parcel its agency registered (lockColis with `owner`, scope checked) the way every writer of a parcel's
 * departure must: the departures first (FOR NO KEY UPDATE, in id order), then the parcel, the order in which a
 * departure's status cascade (server/envoi/service.ts) takes them; the opposite order deadlocked against it.
 * `alsoEnvoiID` is a second departure to lock (an edit moving the parcel). Should the parcel move to another departure
 * between its unlocked read and its lock (an edit committed meanwhile), the departures are taken again.
 * @returns the locked parcel
 * @throws 404/403 as lockColis, 400 'Départ introuvable.', 409 when the parcel keeps moving
 */
async function lockColisAfterEnvois(tx: Tx, target: { id?: string; reference?: string }, user: CurrentUser, alsoEnvoiID?: string) {
  const where = and(colisNotDeleted, target.id ? eq(colis.id, target.id) : eq(colis.reference, target.reference!));
  for (let attempt = 1; ; attempt++) {
    const [place] = (await tx.select({ envoiID: colis.envoiID }).from(colis).where(where)) as ({ envoiID: string } | undefined)[];
    // No such parcel: lockColis answers 404 (or 403) before any departure is looked at.
    if (!place) {
      await lockColis(tx, target, user, { owner: true });
      continue;
    }
    const envoiIds = [...new Set([place.envoiID, ...(alsoEnvoiID ? [alsoEnvoiID] : [])])].sort();
    for (const eid of envoiIds) await lockEnvoiRoute(tx, eid);
    const row = await lockColis(tx, target, user, { owner: true });
    if (row.envoiID === place.envoiID) return row;
    if (attempt === 3) throw conflict('Ce colis vient d’être modifié : réessayez.');
  }
}

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

/** Checks the departure accepts a parcel of `poids` kg (minus `alreadyOnIt` kg this parcel already holds). */
async function checkEnvoi(idOf: StatutIdOf, e: Awaited<ReturnType<typeof readEnvoiRoute>>, poids: number, alreadyOnIt = 0) {
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
async function readRegistration(
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
 * readRegistration's statement, built once (db/reusable.ts): placeholders envoiID, agenceID (or null), villeID,
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
        id: agences.id,
        code: agences.code,
        libelle: agences.libelle,
        telephoneComplet: agences.telephoneComplet,
        villeID: agences.villeID,
        paysID: agences.paysID,
        isActive: agences.isActive,
      },
      ville: { id: villes.id, libelle: villes.libelle, paysID: villes.paysID },
      modeLivraison: { id: modesLivraison.id, code: modesLivraison.code, libelle: modesLivraison.libelle },
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
type Registration = Awaited<ReturnType<typeof readRegistration>>;

/**
 * The agency of a registration: a non-ADMIN role uses its own (spec 000 §5), ADMIN must choose one; the departure
 * must leave from its country.
 * @param agenceID the agency asked for (access/scopes.ts colisAgenceFor); reg.agence is that agency as read
 * @throws 400 none or unknown; 403 the departure does not leave from the agency's country
 */
function checkAgence(reg: Registration, agenceID: string | null | undefined) {
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
function withPartyPhones(input: ColisInput, partyPays: PartyPays): ColisInput {
  const phone = (raw: string | undefined, paysOfPhone: PaysTelephone | undefined, field: string) =>
    raw?.trim() ? clientPhone(raw, paysOfPhone, field) : raw;
  return {
    ...input,
    NumeroSaisi: phone(input.NumeroSaisi, partyPays.expediteur, 'NumeroSaisi'),
    telephoneDestinataire: phone(input.telephoneDestinataire, partyPays.destinataire, 'telephoneDestinataire'),
  };
}

/**
 * How the input names the parcel's sender and recipient (DESIGN.md §4), checked, pure: a client given by id (read
 * by readRegistration: must be a client), a client found or created by phone (name and phone required for the
 * sender; name, first names and address for a recipient, its phone optional: without one, no client), or, for a
 * recipient with the sender's own phone, the sender.
 * @param input with full phones (withPartyPhones)
 * @throws 400 a required field missing, 'Client introuvable.' for an id that is not a client's
 */
function partiesOf(input: ColisInput, reg: Registration): Record<'expediteurID' | 'destinataireID', PartyOfRegistration> {
  let expediteur: PartyOfRegistration | undefined;
  if (!input.expediteurID) {
    if (!input.expediteurNom?.trim() || !input.NumeroSaisi?.trim()) {
      throw badRequest("L'expéditeur est obligatoire : choisissez un client ou saisissez son nom et son téléphone.", {
        expediteurID: "L'expéditeur est obligatoire",
      });
    }
    expediteur = {
      kind: 'phone',
      client: { nom: input.expediteurNom.trim(), prenoms: input.expediteurPrenom?.trim(), telephoneComplet: input.NumeroSaisi },
    };
  }
  let destinataire: PartyOfRegistration | undefined;
  if (!input.destinataireID) {
    const missing: Record<string, string> = {};
    if (!input.nomDestinataire?.trim()) missing.nomDestinataire = 'Le nom du destinataire est obligatoire';
    if (!input.prenomsDestinataire?.trim()) missing.prenomsDestinataire = 'Les prénoms du destinataire sont obligatoires';
    if (!input.adresseDestinataire?.trim()) missing.adresseDestinataire = "L'adresse du destinataire est obligatoire";
    if (Object.keys(missing).length) throw badRequest(Object.values(missing)[0], missing);
    const telephoneComplet = input.telephoneDestinataire?.trim() ? input.telephoneDestinataire : undefined;
    destinataire = !telephoneComplet
      ? { kind: 'given', party: null }
      : expediteur?.kind === 'phone' && expediteur.client.telephoneComplet === telephoneComplet
        ? { kind: 'sender' }
        : {
            kind: 'phone',
            client: {
              nom: input.nomDestinataire!.trim(),
              prenoms: input.prenomsDestinataire!.trim(),
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
 * Prices the parcel on its departure's route and validates its city, pick-up mode and amounts (ville, mode and the
 * price lookup's rows: as readRegistration read them).
 * @throws 400 / 409 as the checks and priceColis
 */
function computeColis(input: ColisInput, reg: Registration, agenceVilleID: string) {
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
  return { ...priced, montantLivraison, unite: uniteForModeEnvoi({ code: e.modeEnvoiCode, libelle: e.modeEnvoiLibelle }, input.unite) };
}

/** Column values of a parcel computed from its input. */
function colisValues(input: ColisInput, c: Awaited<ReturnType<typeof computeColis>>, e: { modeEnvoiID: string }) {
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
    prixUnitaire: toMoneyString(c.lines[0]?.prixLigne ?? 0),
    paramNatureModeID: c.lines.find((l) => l.paramNatureModeID)?.paramNatureModeID ?? null,
    montant: toMoneyString(c.montants.montant),
    montantLivraison: toMoneyString(c.montantLivraison),
    montantExpedition: toMoneyString(input.montantExpedition ?? 0),
    montantComplementaire: toMoneyString(input.montantComplementaire ?? 0),
    montantTotal: toMoneyString(c.montants.montantTotal),
    reglement: '0.00',
    resteAPayer: toMoneyString(c.montants.montantTotal),
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

/** The nature lines of a parcel as their columns (weights in kg and prices in euros as numeric texts). */
function lineRows(c: Awaited<ReturnType<typeof computeColis>>) {
  return c.lines.map((l) => ({
    natureColisID: l.natureColisID,
    poids: toPoidsString(l.poids),
    unitePoid: c.unite,
    prixUnitaire: toMoneyString(l.prixUnitaire ?? 0),
    prixExceptionnel: toMoneyString(l.prixExceptionnel ?? 0),
    prixTotal: toMoneyString(l.prixTotal),
  }));
}

/** The insert of the nature lines of a parcel (an edit's). */
function linesInsert(tx: Tx, colisID: string, c: Awaited<ReturnType<typeof computeColis>>) {
  return tx.insert(colisNatures).values(lineRows(c).map((l) => ({ ...l, colisID })));
}

/**
 * Records the advance of a registration or an edit and moves the parcel to RECEPTIONNE (DESIGN.md §4); the payment's
 * own notification tells sender and recipient. The caller's audit row of the parcel (registration or edit) holds the
 * advance (reglement, statut): no row of its own.
 */
async function recordAdvance(tx: Tx, payable: PayableColis, input: ColisInput, user: CurrentUser, idOf: StatutIdOf) {
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
 * A departure's registrations are written in groups within this process (db/keyedBatches.ts): those that arrive while
 * a group of the same departure is written wait, then up to 32 are written one after the other in one transaction,
 * one lock and one commit for the group (bench/README.md, docs/decisions/registration-write.md). DEPARTURE_WRITES sets how many groups of a
 * departure are written at once (default 1), DEPARTURE_BATCH the size of a group (1: each alone, as before), for such
 * measures. Keyed by the departure's id.
 */
const departureWrites = keyedBatches({
  concurrency: Math.max(1, Number(process.env.DEPARTURE_WRITES) || 1),
  max: Math.max(1, Number(process.env.DEPARTURE_BATCH) || 32),
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
 */
export async function createColis(db: Db, input: ColisInput, user: CurrentUser): Promise<ColisAnswer> {
  const idOf = await statutIds(db);
  const registered = (await statutsByCode(db)).get(COLIS_STATUT_REGISTERED)!;
  const agenceID = colisAgenceFor(user, input.agenceID);
  const reg = await readRegistration(db, { ...input, agenceID });
  const e = reg.envoi;
  input = withPartyPhones(input, reg.partyPays);
  const agence = checkAgence(reg, agenceID);
  // A deactivated agency records nothing (docs/decisions/deactivation-dependants.md), an administrator's choice too.
  refuseInactiveAgence(agence, 'agenceID');
  const computed = computeColis(input, reg, agence.villeID);
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
    // Waiting registrations of the departure without an advance: their statements in one round trip (writeRegistrations).
    const written =
      (await departureWrites(db, e.id, { run: write, atomic: true, together: writeRegistrations, data: registration })) ??
      (await refuseClaim(db, idOf, e.id, computed.montants.poids));
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
      const written = await write(tx);
      if (!written) return undefined;
      const { created, suiviToken } = written;
      const payable: PayableColis = {
        id: created.id,
        reference: created.reference,
        agenceID: agence.id,
        statutID: registered.id,
        reglement: '0.00',
        resteAPayer: toMoneyString(computed.montants.montantTotal),
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

/** A parcel as colis/get and colis/create answer it (colis/query.ts selectColis). */
type ColisAnswer = NonNullable<Awaited<ReturnType<typeof findColis>>>;

/** Edits a parcel still EN_ATTENTE (spec 000 §2 Edit parcel): same checks as registration, weights moved between departures. */
export async function updateColis(db: Db, id: string, input: ColisInput, user: CurrentUser): Promise<void> {
  const idOf = await statutIds(db);
  await db.transaction(async (tx) => {
    // Both departures in a fixed order, then the parcel: two edits never wait on each other, nor on a cascade.
    const current = await lockColisAfterEnvois(tx, { id }, user, input.envoiID);
    if (!isColisEditable(await statutCodeFromValue(db, current.statutID))) throw conflict(COLIS_MESSAGES.notEditable);
    const before = await colisSnapshot(tx, id);
    // ADMIN may move the parcel to another agency (else it keeps its own); another role keeps its own (colisAgenceFor).
    const agenceID = colisAgenceFor(user, input.agenceID ?? current.agenceID);
    const reg = await readRegistration(tx, { ...input, agenceID });
    const e = reg.envoi;
    input = withPartyPhones(input, reg.partyPays);
    const agence = checkAgence(reg, agenceID);
    const computed = computeColis(input, reg, agence.villeID);
    const sameEnvoi = current.envoiID === input.envoiID;
    await checkEnvoi(idOf, e, computed.montants.poids, sameEnvoi ? Number(current.poids) : 0);
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
      .set({ poidsReel: sql`${envois.poidsReel} + ${toPoidsString(computed.montants.poids)}::numeric` })
      .where(eq(envois.id, e.id));
    const payable: PayableColis = {
      id,
      reference: current.reference,
      agenceID: agence.id,
      statutID: current.statutID,
      reglement: '0.00',
      resteAPayer: toMoneyString(computed.montants.montantTotal),
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

/**
 * Deletes a locked parcel softly (docs/architecture.md §4): it leaves every list and count, its weight goes back to
 * its departure, and its payments, history and lines stay, with who deleted it and when; the audit journal says who,
 * when and how the deletion was authorised (`way`).
 */
async function softDeleteColis(
  tx: Tx,
  row: { id: string; reference: string; envoiID: string; poids: string; isActive: boolean },
  user: CurrentUser,
  way: ColisDeletionWay,
) {
  const deletedAt = new Date();
  await tx.update(colis).set({ deletedAt, deletedByID: user.id, isActive: false }).where(eq(colis.id, row.id));
  await recordColisDeleted(tx, row, deletedAt, way, user);
  await tx
    .update(envois)
    .set({ poidsReel: sql`greatest(${envois.poidsReel} - ${row.poids}::numeric, 0)` })
    .where(eq(envois.id, row.envoiID));
}

/** Outcome of a deletion request: done, or a code is needed (a new one was mailed, or the live one still holds). */
export type DeleteOutcome = { outcome: 'deleted' } | { outcome: 'otp'; newCode: boolean; expiresAt: Date };

/** Codes a parcel may get in 24 hours (each with OTP_MAX_ATTEMPTS tries): a 4-digit code cannot be guessed by re-asking. */
const DELETE_CODES_PER_DAY = 3;

/**
 * Deletes a parcel (spec 000 §4 Parcel deletion): directly while EN_ATTENTE; otherwise a 4-digit code is e-mailed
 * once to each administrator (the route answers 202). While that code is live, asking again mails nothing new.
 * @throws 403/404 for a parcel the user's agency did not register; 429 beyond DELETE_CODES_PER_DAY codes
 */
export async function deleteColis(db: Db, target: { id?: string; reference?: string }, user: CurrentUser): Promise<DeleteOutcome> {
  const idOf = await statutIds(db);
  return db.transaction(async (tx): Promise<DeleteOutcome> => {
    const row = await lockColisAfterEnvois(tx, target, user);
    if (COLIS_EDITABLE.some((c) => idOf(c) === row.statutID)) {
      await softDeleteColis(tx, row, user, 'direct');
      return { outcome: 'deleted' };
    }
    const issued = await issueOtp(tx, {
      purpose: 'DELETE_COLIS',
      subjectID: row.id,
      digits: 4,
      keepLive: true,
      maxPerDay: DELETE_CODES_PER_DAY,
    });
    if (issued.code) {
      const to = await adminEmails(tx);
      await enqueueMail(
        tx,
        to.map((address) => ({
          to: address,
          subject: `Suppression du colis ${row.reference} : code de confirmation`,
          html: `<p>Une demande de suppression du colis <strong>${escapeHtml(row.reference)}</strong> a été faite.</p><p>Code de confirmation : <strong>${issued.code}</strong> (valable 10 minutes).</p>`,
          secret: true,
        })),
      );
    }
    return { outcome: 'otp', newCode: !!issued.code, expiresAt: issued.expiresAt };
  });
}

/**
 * Deletes a parcel with the code e-mailed to the administrators. The agency is checked first (another agency's
 * agent cannot spend a parcel's tries), then the attempt is counted per parcel and per user across codes
 * (server/auth/throttle.ts), then the code is checked and the parcel deleted in one transaction.
 * @throws 403/404 (agency), 429 (too many wrong codes), 400 'suppression echouée' (wrong, expired or spent code)
 */
export async function deleteColisWithOtp(db: Db, colisId: string, code: string, user: CurrentUser): Promise<void> {
  await db.transaction((tx) => lockColis(tx, { id: colisId }, user, { owner: true }));
  const colisKey = `otp:colis:${colisId}`;
  const userKey = `otp:user:${user.id}`;
  await takeAttempt(
    db,
    [
      { key: colisKey, policy: CODE_POLICY },
      { key: userKey, policy: CODE_POLICY },
    ],
    'codes erronés',
  );
  const check = await db.transaction(async (tx) => {
    const row = await lockColisAfterEnvois(tx, { id: colisId }, user);
    const result = await checkOtp(tx, { purpose: 'DELETE_COLIS', subjectID: colisId, code });
    if (result === 'ok') await softDeleteColis(tx, row, user, 'otp');
    return result;
  });
  if (check !== 'ok') {
    throw badRequest(check === 'locked' ? 'suppression echouée : trop de tentatives, demandez un nouveau code.' : 'suppression echouée', {
      codeOtp: check === 'expired' ? 'Code expiré' : 'Code invalide',
    });
  }
  await settleAttempt(db, { reset: [colisKey], refund: [userKey] });
}

/**
 * Ends the journey of an arrived parcel (EXPEDIE → RETIRE picked up at the agency, or LIVRE delivered), refused
 * while money remains unless the remaining amount is collected in the same step.
 */
export async function finishColis(
  db: Db,
  id: string,
  to: ColisFinishTarget,
  encaissement: FinishInput | undefined,
  user: CurrentUser,
): Promise<void> {
  const idOf = await statutIds(db);
  await db.transaction(async (tx) => {
    const row = await lockColis(tx, { id }, user);
    if (!canFinishColis(await statutCodeFromValue(db, row.statutID))) throw conflict(COLIS_MESSAGES.finishRefused(to));
    if (toCents(row.resteAPayer) > 0n) {
      if (!encaissement?.modePaiementID) {
        throw conflict('Le colis doit être entièrement payé : encaissez le reste à payer dans la même opération.', {
          modePaiementID: 'Le mode de paiement est obligatoire',
        });
      }
      await recordEncaissement(
        tx,
        { ...row },
        {
          montant: row.resteAPayer,
          modePaiementID: encaissement.modePaiementID,
          paymentby: encaissement.paymentby ?? COLLECTION_PAYER,
          author: user,
          agenceID: user.agenceID,
        },
      );
    }
    await moveColis(tx, {
      colisIds: [row.id],
      fromStatutIds: [row.statutID],
      toStatutId: idOf(to),
      author: user,
      message: to === 'RETIRE' ? 'votre colis a été retiré en agence' : 'votre colis a été livré',
    });
  });
}

// ---------------------------------------------------------------- reads

/** A parcel the user may see, as answered. @throws 404 'Aucun colis trouvé' */
export async function getColis(db: Db, where: { id: string } | { reference: string }, user: CurrentUser) {
  const row = await findColis(db, 'id' in where ? eq(colis.id, where.id) : eq(colis.reference, where.reference), user);
  if (!row) throw notFound('Aucun colis trouvé');
  return row;
}

/** A parcel the user may see with its nature lines as stored (the edit form). @throws 404 */
export async function getColisWithLines(db: Db, id: string, user: CurrentUser) {
  const row = await getColis(db, { id }, user);
  return { ...row, naturesColis: await colisLines(db, row.id) };
}

/** A parcel the user may see with its nature lines populated (the details screen). @throws 404 */
export async function getColisDetails(db: Db, reference: string, user: CurrentUser) {
  const row = await getColis(db, { reference }, user);
  const [natureColisDetails, [{ suiviToken }]] = await Promise.all([
    colisNatureDetails(db, row.id),
    db.select({ suiviToken: colis.suiviToken }).from(colis).where(eq(colis.id, row.id)),
  ]);
  return { colis: row, natureColisDetails, suiviToken };
}

/** The status history of a parcel the user may see, newest first. @throws 404 */
export async function getColisHistorique(db: Db, reference: string, user: CurrentUser) {
  const row = await getColis(db, { reference }, user);
  return colisHistorique(db, row.id);
}

/** The senders of a departure the user may see, with their parcels there (spec 000 §2). @throws 404 */
export async function listClientsOfEnvoi(db: Db, envoiId: string, user: CurrentUser) {
  const envoi = await findEnvoiRef(db, envoiId, user);
  if (!envoi) throw notFound('Départ introuvable.');
  return { envoi, clients: await expediteursOfEnvoi(db, envoi.id, user) };
}

/**
 * The shipments of a client (spec 000 §2): the parcels it sent or receives that the user may see.
 * @throws 404 unknown client; 403 a client none of whose parcels the user may see (it learns nothing of them)
 */
export async function listEnvoisOfClient(db: Db, clientId: string, user: CurrentUser) {
  const client = await findClient(db, clientId);
  if (!client) throw notFound('Client introuvable.');
  const rows = await colisOfClient(db, client.id, user);
  if (!maySeeClient(user, rows.length)) throw forbidden("Ce client n'a pas de colis dans votre agence.");
  return { client, colis: rows };
}

/**
 * The price of one nature line for the wizard's live preview (an extension of the spec), with the server's own
 * lookup (colis/pricing.ts) on the departure's route, the destination city and the registering agency's city.
 * @throws 404 a departure the user may not see; 400 / 409 as priceNatures
 */
export async function prixNature(db: Db, q: PrixNatureQuery, user: CurrentUser) {
  const [e] = await selectEnvoiRoute(db).where(and(eq(envois.id, q.envoiID), envoiScope(user)));
  if (!e) throw notFound('Départ introuvable.');
  const agenceID = colisAgenceFor(user, q.agenceID);
  const villeOrigineID = agenceID ? await agenceVilleID(db, agenceID) : undefined;
  const priced = (await priceNatures(db, { ...e, villeDestinationID: q.villeID, villeOrigineID }, [q.natureColisID])).get(q.natureColisID)!;
  return {
    ...priced,
    prixLigne: prixLigneOf(priced.prixExceptionnel, priced.prixUnitaire),
    prixUnitaire: priced.prixUnitaire === null ? null : Number(priced.prixUnitaire),
    prixExceptionnel: priced.prixExceptionnel === null ? null : Number(priced.prixExceptionnel),
  };
}

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
      html: `<p>${escapeHtml(`${me.prenoms} ${me.nom}`)} (${escapeHtml(me.agence ?? 'administration')}) signale que le départ <strong>${escapeHtml(e.reference)}</strong> n'a plus assez de poids disponible (${e.poidsReel} kg enregistrés sur ${e.poids} kg).</p>`,
    })),
  );
}
