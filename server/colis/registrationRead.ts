/**
 * What a parcel registration reads before it writes (spec 000 §5, §7 colis/create; docs/decisions/registration-write.md
 * "One read, no lock"): the departure, the parties' countries, the agency, city, pick-up mode, the given clients and
 * the natures' prices in one statement (readRegistration, also read by an edit: edit.ts), then the statuses and the
 * day's rate an exceptional price needs (readForRegistration). registrationPlan.ts plans the registration on it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { COLIS_STATUT_REGISTERED } from '../../common/colisRules';
import type { PaysTelephone } from '../../common/phone';
import type { ColisInput } from '../../common/schemas/colis';
import type { CurrentUser } from '../auth/currentUser';
import { colisAgenceFor } from '../access/scopes';
import type { Db, Tx } from '../db/client';
import { reusable } from '../db/fast/reusable';
import { codeLibelleColumns } from '../db/refSelect';
import { agences, envois, modesEnvoi, modesLivraison, pays, users, villes } from '../db/schema';
import { badRequest } from '../http/errors';
import { statutIds, statutsByCode, type StatutIdOf } from '../statut/query';
import { CLIENT_TYPE_ID } from '../user/service';
import { partyColumns } from '../user/query';
import { envoiRouteColumns, naturePricesJson, selectEnvoiRoute, tauxExceptionnel, type ColisNatureInput } from './pricing';

/** The departure as it is now, without a lock: what a registration reads before it writes. */
export async function readEnvoiRoute(tx: Db | Tx, envoiID: string) {
  const [e] = await selectEnvoiRoute(tx).where(eq(envois.id, envoiID));
  if (!e) throw badRequest('Départ introuvable.', { envoiID: 'Départ introuvable.' });
  return e;
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

type PartyPays = Record<'expediteur' | 'destinataire', PaysTelephone | undefined>;

/** Everything a registration is planned on (registrationPlan.ts planRegistration), read without a lock. */
export interface RegistrationRead {
  /** The departure, parties' countries, agency, city, pick-up mode, given clients and prices (readRegistration). */
  registration: Registration;
  /** The agency asked for (access/scopes.ts colisAgenceFor: a non-ADMIN role's own). */
  agenceID: string | null | undefined;
  /** The statuses' ids by code, and the status a registered parcel takes (EN_ATTENTE). */
  idOf: StatutIdOf;
  registered: { id: string; code: string; libelle: string };
  /** Units of the departure's currency for 1 € today (colis/pricing.ts tauxExceptionnel), for exceptional prices. */
  taux: string | null;
  /** Who registers (the parcel's author, the journal row's address). */
  user: Pick<CurrentUser, 'id' | 'adresseIP'>;
}

/**
 * Reads what a registration is planned on: the statuses (cached), the registration's statement (readRegistration)
 * and, only for an exceptional price on a departure not in euros, the day's rate.
 * @throws 400 'Départ introuvable.'; 409 no rate of the day for the departure's currency
 */
export async function readForRegistration(db: Db, input: ColisInput, user: CurrentUser): Promise<RegistrationRead> {
  const idOf = await statutIds(db);
  const registered = (await statutsByCode(db)).get(COLIS_STATUT_REGISTERED)!;
  const agenceID = colisAgenceFor(user, input.agenceID);
  const registration = await readRegistration(db, { ...input, agenceID });
  const taux = await tauxExceptionnel(db, registration.envoi.devise, registration.natures);
  return { registration, agenceID, idOf, registered, taux, user };
}
