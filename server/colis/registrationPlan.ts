/**
 * A parcel registration planned, pure (spec 000 §5, §7 colis/create; docs/decisions/registration-write.md): on what
 * was read (registrationRead.ts), the checks of the departure, the agency, the parties and the amounts, the price, and
 * the rows to write (registrationWrite.ts RegistrationWrite), without touching the database: planRegistration. The
 * checks are also an edit's (edit.ts) and a transfer's (transfert.ts checkEnvoi), which follow the same rules.
 */
import { v7 as uuidv7 } from 'uuid';
import { isAdvance, isModeLivraisonAgence } from '../../common/colisRules';
import { todayIso } from '../../common/dates';
import { minorToString, roundToDevise } from '../../common/devises';
import { ENVOI_MESSAGES, poidsDisponibleOf, poidsRestantApres, poidsTient } from '../../common/envoiRules';
import { milliToString, toMilli, type DecimalInput } from '../../common/money';
import { uniteForModeEnvoi } from '../../common/modes';
import type { PaysTelephone } from '../../common/phone';
import type { ColisInput } from '../../common/schemas/colis';
import { refuseInactiveAgence } from '../agence/service';
import { colisReferencePrefix } from '../db/references';
import type { PayableColis } from '../encaissement/service';
import { AppError, badRequest, conflict, forbidden } from '../http/errors';
import type { StatutIdOf } from '../statut/query';
import { clientPhone } from '../user/service';
import { montantEnDevise, priceColis } from './pricing';
import type { readEnvoiRoute, Registration, RegistrationRead } from './registrationRead';
import type { PartyOfRegistration, RegistrationWrite } from './registrationWrite';

/** A departure as a registration checks it (registrationRead.ts readEnvoiRoute's row). */
type EnvoiRoute = Awaited<ReturnType<typeof readEnvoiRoute>>;

/**
 * Checks the departure accepts a parcel of `poids` kg (beside `alreadyOnIt` kg this parcel already holds): open
 * (OUVERT), active, not past its closing date, and the weight fits (common/envoiRules.ts poidsTient, exact on
 * thousandths). Its SQL twin for a registration is registrationWrite.ts `claim` (the conditional UPDATE that decides on
 * the committed weight); tests/server/colis.test.ts ("refuses a parcel heavier than the room left…", "50 simultaneous
 * registrations…") holds them to the same refusals.
 * @param poids kg (a number or a numeric text)
 * @throws 409 closed, or the weight-check message (ENVOI_MESSAGES.poidsInsuffisant)
 */
export function checkEnvoi(idOf: StatutIdOf, e: EnvoiRoute, poids: DecimalInput, alreadyOnIt: DecimalInput = 0): void {
  if (e.statutID !== idOf('OUVERT') || !e.isActive || e.dateFin < todayIso()) {
    throw conflict(`Le départ ${e.reference} n'est plus ouvert aux enregistrements.`, { envoiID: 'Départ fermé' });
  }
  const disponible = poidsDisponibleOf(e);
  if (!poidsTient(disponible, poids, alreadyOnIt)) {
    throw new AppError(409, ENVOI_MESSAGES.poidsInsuffisant(e.reference, poidsRestantApres(disponible, 0, alreadyOnIt), poids), {
      poids: 'Poids disponible insuffisant',
    });
  }
}

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

/**
 * The input with its typed phones as full numbers (common/phone.ts, the wizard's own rule): the sender's (NumeroSaisi)
 * with the origin country, the recipient's (telephoneDestinataire) with the destination country. Called before any
 * write: an invalid phone ('abc', 'n/a', a wrong length) is a 400 on its field, and no client is created or merged.
 */
export function withPartyPhones(input: ColisInput, partyPays: Registration['partyPays']): ColisInput {
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
  if (priced.montants.resteAPayer < 0n) {
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
    poids: milliToString(c.montants.poids),
    unite: c.unite,
    prixUnitaire: minorToString(c.lines[0]?.prixLigne ?? 0n, c.devise),
    paramNatureModeID: c.lines.find((l) => l.paramNatureModeID)?.paramNatureModeID ?? null,
    montant: minorToString(c.montants.montant, c.devise),
    montantLivraison: montantEnDevise(c.montantLivraison, c.devise),
    montantExpedition: montantEnDevise(input.montantExpedition ?? 0, c.devise),
    montantComplementaire: montantEnDevise(input.montantComplementaire ?? 0, c.devise),
    montantTotal: minorToString(c.montants.montantTotal, c.devise),
    reglement: '0.00',
    resteAPayer: minorToString(c.montants.montantTotal, c.devise),
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
    poids: milliToString(toMilli(l.poids)),
    unitePoid: c.unite,
    prixUnitaire: montantEnDevise(l.prixUnitaire ?? 0, c.devise),
    prixExceptionnel: montantEnDevise(l.prixExceptionnel ?? 0, c.devise),
    prixTotal: minorToString(l.prixTotal, c.devise),
  }));
}

/** A registration planned: its rows, the advance to record after them, and the references its answer shows. */
export interface RegistrationPlan {
  /** What registrationWrite.ts writes: the parcel's columns and lines, its parties, the weight claimed. */
  write: RegistrationWrite;
  /**
   * The advance (reglement > 0) recorded once the parcel is written (registrationWrite.ts recordAdvance): the input
   * (amounts in the departure's currency) and the parcel as the payment sees it before its insert; null: none.
   */
  advance: { input: ColisInput; payable: Omit<PayableColis, 'id' | 'reference' | 'expediteurID' | 'destinataireID' | 'suiviToken'> } | null;
  /** The parcel's references as colis/get answers them (colis/query.ts selectColis), from what was read. */
  refs: ReturnType<typeof answerRefs>;
}

/** The references of a registered parcel as colis/get answers them, from what was read. */
function answerRefs(read: RegistrationRead, agence: ReturnType<typeof checkAgence>) {
  const { envoi: e, ville, modeLivraison } = read.registration;
  const { id, code, libelle } = read.registered;
  return {
    statutID: { id, code, libelle },
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
    villeID: ville,
    modeEnvoiID: { id: e.modeEnvoiID, code: e.modeEnvoiCode, libelle: e.modeEnvoiLibelle },
    modeLivraisonID: modeLivraison,
  };
}

/**
 * Plans a parcel registration on what was read (spec 000 §5; pure: no database, unit-tested by
 * tests/server/registrationPlan.test.ts): the typed phones as full numbers, the amounts in the departure's currency;
 * the agency (a non-ADMIN role's own, active, of the departure's origin country); the parcel priced on the departure's
 * route (city, pick-up mode, advance not above the total, its payment mode); the departure open with the weight left;
 * the sender and the recipient; then the rows: the parcel EN_ATTENTE with a new id, its lines, its notice, its
 * journal row (after the advance when there is one).
 * @param input the validated body (common/schemas/colis.ts colisBody)
 * @throws 400 invalid input (withPartyPhones, checkAgence, computeColis, partiesOf), 403 another country's departure,
 *   409 the agency deactivated, no unit price, the departure closed or without the weight left
 */
export function planRegistration(input: ColisInput, read: RegistrationRead): RegistrationPlan {
  const reg = read.registration;
  const e = reg.envoi;
  input = amountsInDevise(withPartyPhones(input, reg.partyPays), e.devise);
  const agence = checkAgence(reg, read.agenceID);
  // A deactivated agency records nothing (docs/decisions/deactivation-dependants.md), an administrator's choice too.
  refuseInactiveAgence(agence, 'agenceID');
  const computed = computeColis(input, reg, agence.villeID, read.taux);
  checkEnvoi(read.idOf, e, milliToString(computed.montants.poids));
  const parties = partiesOf(input, reg);
  const advance = isAdvance(input.reglement ?? 0);
  const colis = { ...colisValues(input, computed, e), id: uuidv7(), envoiID: e.id, agenceID: agence.id, statutID: read.registered.id };
  const write: RegistrationWrite = {
    colis: { ...colis, dateDepot: new Date().toISOString(), auteurID: read.user.id },
    referencePrefix: colisReferencePrefix(agence.code),
    kg: milliToString(computed.montants.poids),
    ouvert: read.idOf('OUVERT'),
    lines: lineRows(computed),
    expediteur: parties.expediteurID,
    destinataire: parties.destinataireID,
    message: 'votre colis a été enregistré',
    // Audit journal (docs/decisions/audit-journal.md): the parcel's snapshot once registered, after its advance when there is one.
    withAudit: !advance,
    adresseIP: read.user.adresseIP,
  };
  const payable = {
    agenceID: agence.id,
    statutID: read.registered.id,
    reglement: '0.00',
    resteAPayer: colis.resteAPayer,
    devise: computed.devise,
    emailDestinataire: input.emailDestinataire || null,
  };
  return { write, advance: advance ? { input, payable } : null, refs: answerRefs(read, agence) };
}
