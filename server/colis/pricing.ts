/**
 * Unit-price lookup of parcel lines (spec 000 §5 "Unit price lookup", docs/architecture.md §4): for each nature, the active
 * unit price of its nature group on the departure's sending mode, from the departure's origin country to its
 * destination country — preferring the exact destination city of the parcel, then the exact origin city of the
 * agency. A nature with an exceptional price needs no unit price. Prices are in the departure's currency
 * (docs/decisions/currencies.md): a unit price is in its origin country's, which is the departure's; a nature's
 * exceptional price is in euros and converted at the rate of the day (server/tauxChange/rates.ts, a missing rate is a
 * 409). The arithmetic itself is common/pricing.ts.
 */
import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { todayIso } from '../../common/dates';
import { DEVISE_COMPTABLE, convertir, montantTexte, toMinor } from '../../common/devises';
import type { DecimalInput } from '../../common/money';
import { computeColisMontantsExact, prixLigneOf, type ColisMontantsExact } from '../../common/pricing';
import type { Db, Tx } from '../db/client';
import { reusableSql } from '../db/fast/reusable';
import { envois, groupesNatureColis, modesEnvoi, naturesColis, paramNatureModes, pays, villes } from '../db/schema';
import { badRequest, conflict } from '../http/errors';
import { tauxEnVigueur } from '../tauxChange/rates';

/** The route a parcel travels: the departure's mode and countries, the destination city, the agency's city. */
interface PricingRoute {
  modeEnvoiID: string;
  modeEnvoiLibelle: string;
  paysID: string;
  paysLibelle: string;
  paysEmetteurID: string;
  villeDestinationID?: string | null;
  villeOrigineID?: string | null;
}

/** The prices of a nature on a route, in the departure's currency (decimal texts). */
export interface PrixNature {
  natureColisID: string;
  libelle: string;
  /** The nature's exceptional price converted to the departure's currency at the day's rate; null: none. */
  prixExceptionnel: string | null;
  /** The same as the nature holds it, in euros; null: none. */
  prixExceptionnelEuros: string | null;
  /** The group's unit price on the route (in its origin country's currency, the departure's); null: none found. */
  prixUnitaire: string | null;
  /** That unit price's minimum charge per line, same currency; null: none. */
  montantMinimum: string | null;
  paramNatureModeID: string | null;
}

/**
 * The columns of a departure as registration and pricing read it: its route (mode and countries, with the labels of
 * the missing-price message) and its capacity and state, from envois joined to its mode and destination country.
 */
export const envoiRouteColumns = {
  id: envois.id,
  /** The departure's currency (its origin country's): its parcels' amounts are in it. */
  devise: envois.devise,
  reference: envois.reference,
  statutID: envois.statutID,
  isActive: envois.isActive,
  dateFin: envois.dateFin,
  poids: envois.poids,
  poidsReel: envois.poidsReel,
  paysID: envois.paysID,
  paysEmetteurID: envois.paysEmetteurID,
  modeEnvoiID: envois.modeEnvoiID,
  modeEnvoiCode: modesEnvoi.code,
  modeEnvoiLibelle: modesEnvoi.libelle,
  paysLibelle: pays.libelle,
};

/** A departure with envoiRouteColumns. A dynamic select: callers add where, and FOR UPDATE. */
export function selectEnvoiRoute(db: Db | Tx) {
  return db
    .select(envoiRouteColumns)
    .from(envois)
    .innerJoin(modesEnvoi, eq(envois.modeEnvoiID, modesEnvoi.id))
    .innerJoin(pays, eq(envois.paysID, pays.id))
    .$dynamic();
}

/**
 * The message of a nature whose group is deactivated: the nature is no longer offered (the wizard's lists leave it out,
 * natureColis/query.ts), and a registration or a price look-up naming it is refused with this text.
 */
const natureGroupeInactifMessage = (nature: string, groupe: string) =>
  `La nature « ${nature} » n'est plus proposée : son groupe « ${groupe} » est désactivé.`;

/** The message of a missing unit price (spec 000 §8 'No unit price'). */
const missingPrixMessage = (mode: string, pays: string, nature: string) => `Aucun prix unitaire associé à : ${mode}, ${pays}, ${nature}`;

/**
 * A nature asked for, with one of its group's candidate unit prices on the route (`prix` null when it has none): the
 * rows the lookup reads (naturePricesJson), amounts as exact decimal strings.
 */
export interface NaturePriceRow {
  id: string;
  libelle: string;
  prixExceptionnel: string | null;
  groupe: string;
  /** The group's name, for the message of a deactivated group. */
  groupeLibelle: string;
  isActive: boolean;
  groupeActive: boolean;
  prix: {
    id: string;
    groupe: string;
    prixUnitaire: string;
    montantMinimum: string | null;
    villeDestinationID: string;
    villeOrigineID: string;
  } | null;
}

/**
 * The lookup's read, as one SQL value (a JSON array of NaturePriceRow, null when no nature is found): each nature of
 * `natureIds` with its group's active unit prices on the route's mode, from a city of the origin country to a city of
 * the destination country. One statement of its own (prixNatureOnRoute), or a column of a registration's read
 * (colis/registrationRead.ts readRegistration, docs/decisions/registration-write.md: one round trip less), the route then taken
 * from the departure's row.
 * @param route the departure's mode and countries: SQL values (columns of envois, or parameters)
 * @param natureIds SQL value of a uuid[] (e.g. a placeholder)
 */
export function naturePricesJson(
  route: { modeEnvoiID: SQLWrapper; paysID: SQLWrapper; paysEmetteurID: SQLWrapper },
  natureIds: SQLWrapper,
): SQL<NaturePriceRow[] | null> {
  return sql<NaturePriceRow[] | null>`(SELECT json_agg(json_build_object(
      'id', n.id, 'libelle', n.libelle, 'prixExceptionnel', n.prix_exceptionnel::text, 'groupe', n.groupe_nature_colis_id,
      'isActive', n.is_active, 'groupeActive', g.is_active, 'groupeLibelle', g.libelle,
      'prix', CASE WHEN p.id IS NULL THEN NULL ELSE json_build_object('id', p.id, 'groupe', p.groupe_nature_colis_id,
        'prixUnitaire', p.prix_unitaire::text, 'montantMinimum', p.montant_minimum::text,
        'villeDestinationID', p.ville_destination_id, 'villeOrigineID', p.ville_origine_id) END))
    FROM ${naturesColis} n
    JOIN ${groupesNatureColis} g ON g.id = n.groupe_nature_colis_id
    LEFT JOIN ${paramNatureModes} p ON p.groupe_nature_colis_id = n.groupe_nature_colis_id AND p.mode_envoi_id = ${route.modeEnvoiID}
      AND p.is_active
      AND p.ville_destination_id IN (SELECT vd.id FROM ${villes} vd WHERE vd.pays_id = ${route.paysID})
      AND p.ville_origine_id IN (SELECT vo.id FROM ${villes} vo WHERE vo.pays_id = ${route.paysEmetteurID})
   WHERE n.id = any(${natureIds}))`;
}

/** prixNatureOnRoute's statement, built once (db/fast/reusable.ts): placeholders ids (uuid[]), modeEnvoiID, paysID, paysEmetteurID. */
const naturePricesQuery = reusableSql<{ natures: NaturePriceRow[] | null }>(
  sql`SELECT ${naturePricesJson(
    {
      modeEnvoiID: sql`${sql.placeholder('modeEnvoiID')}::uuid`,
      paysID: sql`${sql.placeholder('paysID')}::uuid`,
      paysEmetteurID: sql`${sql.placeholder('paysEmetteurID')}::uuid`,
    },
    sql`${sql.placeholder('ids')}::uuid[]`,
  )} AS natures`,
);

/** Whether a nature row's exceptional price is above 0 (it then wins over the unit price, spec 000 §9). */
const hasExceptionnel = (n: Pick<NaturePriceRow, 'prixExceptionnel'>) =>
  !!n.prixExceptionnel && toMinor(n.prixExceptionnel, DEVISE_COMPTABLE) > 0n;

/**
 * The rate that converts the natures' exceptional prices (in euros) to a departure's currency on a day: units of
 * `devise` for 1 € (server/tauxChange/rates.ts tauxEnVigueur), read only when one of the natures has an exceptional
 * price and the departure is not in euros.
 * @param natures the lookup's rows of the natures asked for (naturePricesJson)
 * @param jour the transaction's day, 'YYYY-MM-DD' (Europe/Paris; default today)
 * @returns '1' for the euro, null when no nature has an exceptional price, else the rate as numeric text
 * @throws 409 'Aucun taux de change pour … au …' when the currency has no rate on that day
 */
export async function tauxExceptionnel(
  db: Db | Tx,
  devise: string,
  natures: readonly NaturePriceRow[],
  jour: string = todayIso(),
): Promise<string | null> {
  if (devise === DEVISE_COMPTABLE) return '1';
  if (!natures.some(hasExceptionnel)) return null;
  return tauxEnVigueur(db, devise, jour);
}

/**
 * The prices of the given natures on a route from the lookup's rows (naturePricesJson), in the departure's currency:
 * for each nature, its exceptional price (converted from euros at `taux`), or the unit price of its group preferring
 * the exact destination city, then the exact origin city (ties: the smallest id), with its minimum charge.
 * @param ids the natures asked for, without duplicates
 * @param devise the departure's currency
 * @param taux units of `devise` for 1 € (tauxExceptionnel); only read for a nature with an exceptional price
 * @throws 400 for an unknown or inactive nature; 409 natureGroupeInactifMessage for a nature of a deactivated group;
 *   409 'Aucun prix unitaire associé à : …' when a nature without exceptional price has no unit price on the route
 */
function pricesOf(
  route: PricingRoute,
  ids: string[],
  rows: NaturePriceRow[],
  devise: string,
  taux: string | null,
): Map<string, PrixNature> {
  const natures = [...new Map(rows.map((r) => [r.id, r])).values()];
  const byId = new Map(natures.map((n) => [n.id, n]));
  for (const id of ids) {
    const n = byId.get(id);
    if (!n || !n.isActive)
      throw badRequest('Nature de colis introuvable ou inactive.', { naturesColis: 'Nature de colis introuvable ou inactive.' });
    if (!n.groupeActive) {
      const message = natureGroupeInactifMessage(n.libelle, n.groupeLibelle);
      throw conflict(message, { naturesColis: message });
    }
  }
  const prixUnitaires = rows.flatMap((r) => (r.prix ? [r.prix] : []));
  const score = (p: (typeof prixUnitaires)[number]) =>
    (p.villeDestinationID === route.villeDestinationID ? 2 : 0) + (p.villeOrigineID === route.villeOrigineID ? 1 : 0);
  const best = new Map<string, (typeof prixUnitaires)[number]>();
  for (const p of prixUnitaires) {
    const cur = best.get(p.groupe);
    if (!cur || score(p) > score(cur) || (score(p) === score(cur) && p.id < cur.id)) best.set(p.groupe, p);
  }
  const out = new Map<string, PrixNature>();
  for (const n of natures) {
    const p = best.get(n.groupe);
    const exceptional = hasExceptionnel(n) ? n.prixExceptionnel : null;
    if (!p && !exceptional) {
      throw conflict(missingPrixMessage(route.modeEnvoiLibelle, route.paysLibelle, n.libelle), { naturesColis: 'Paramètre non trouvé' });
    }
    if (exceptional && !taux) throw new Error(`pricesOf: taux manquant pour ${devise}`); // tauxExceptionnel reads it first
    out.set(n.id, {
      natureColisID: n.id,
      libelle: n.libelle,
      prixExceptionnel: exceptional && taux ? String(convertir(exceptional, DEVISE_COMPTABLE, devise, '1', taux)) : null,
      prixExceptionnelEuros: exceptional,
      prixUnitaire: p?.prixUnitaire ?? null,
      montantMinimum: p?.montantMinimum ?? null,
      paramNatureModeID: p?.id ?? null,
    });
  }
  return out;
}

/** A route and the departure's currency: what the price of a nature depends on. */
type PricingRouteEnDevise = PricingRoute & { devise: string };

/**
 * The price of one nature line for the wizard's live preview (colis/prixNature, an extension of the spec), in the
 * departure's currency: the lookup (naturePricesJson, one statement), the rate of the day when the nature has an
 * exceptional price and the departure is not in euros, and the price the line is charged per unit (prixLigneOf).
 * @param jour the day of the rate (default today, Europe/Paris)
 * @returns the nature's prices as numbers in `devise` (prixExceptionnel converted, prixExceptionnelEuros as the nature
 *   holds it), its minimum charge, the currency, whether the exceptional price applies and the rate that converted it
 * @throws 400 / 409 as pricesOf; 409 'Aucun taux de change …' (tauxExceptionnel)
 */
export async function prixNatureOnRoute(db: Db | Tx, route: PricingRouteEnDevise, natureId: string, jour: string = todayIso()) {
  const [{ natures }] = await naturePricesQuery(db, {
    ids: [natureId],
    modeEnvoiID: route.modeEnvoiID,
    paysID: route.paysID,
    paysEmetteurID: route.paysEmetteurID,
  });
  const rows = natures ?? [];
  const taux = await tauxExceptionnel(db, route.devise, rows, jour);
  const priced = pricesOf(route, [natureId], rows, route.devise, taux).get(natureId)!;
  const num = (v: string | null) => (v === null ? null : Number(v));
  return {
    natureColisID: priced.natureColisID,
    libelle: priced.libelle,
    paramNatureModeID: priced.paramNatureModeID,
    prixUnitaire: num(priced.prixUnitaire),
    prixExceptionnel: num(priced.prixExceptionnel),
    prixLigne: prixLigneOf(priced.prixExceptionnel, priced.prixUnitaire, route.devise),
    devise: route.devise,
    montantMinimum: num(priced.montantMinimum),
    exceptionnel: priced.prixExceptionnel !== null,
    prixExceptionnelEuros: num(priced.prixExceptionnelEuros),
    tauxExceptionnel: priced.prixExceptionnel !== null ? taux : null,
  };
}

/** A nature line as the client sends it. */
export interface ColisNatureInput {
  natureColisID: string;
  poids: number;
}

/**
 * Prices the lines of a parcel and computes every amount in the departure's currency (never trusting the client's).
 * @param route the route and the departure's currency
 * @param natures the lookup's rows for the lines' natures on the route (naturePricesJson, read with the registration)
 * @param taux units of the departure's currency for 1 € on the day (tauxExceptionnel), to convert exceptional prices
 * @returns the priced lines (with their prices) and the amounts of common/pricing.ts, exact: weights in thousandths of
 *   kg, amounts (prixLigne, prixTotal, montants) in minor units of the departure's currency, to be formatted once where
 *   they are written (colis/registrationPlan.ts colisValues, lineRows)
 * @throws as pricesOf
 */
export function priceColis(
  route: PricingRouteEnDevise,
  lines: ColisNatureInput[],
  natures: NaturePriceRow[],
  taux: string | null,
  extra: {
    montantComplementaire?: DecimalInput;
    montantLivraison?: DecimalInput;
    montantExpedition?: DecimalInput;
    reglement?: DecimalInput;
  },
): { lines: (ColisNatureInput & PrixNature & { prixLigne: bigint; prixTotal: bigint })[]; montants: ColisMontantsExact } {
  const priced = pricesOf(route, [...new Set(lines.map((l) => l.natureColisID))], natures, route.devise, taux);
  const montants = computeColisMontantsExact({
    ...extra,
    devise: route.devise,
    lines: lines.map((l) => {
      const p = priced.get(l.natureColisID)!;
      return { poids: l.poids, prixExceptionnel: p.prixExceptionnel, prixUnitaire: p.prixUnitaire, montantMinimum: p.montantMinimum };
    }),
  });
  return {
    lines: lines.map((l, i) => ({ ...l, ...priced.get(l.natureColisID)!, ...montants.lines[i] })),
    montants,
  };
}

/**
 * An amount of a parcel as its currency stores it: rounded half away from zero to the minor unit, as decimal text
 * (common/devises.ts montantTexte: 10.5, 'XOF' → '11'; 1.005, 'EUR' → '1.01').
 */
export function montantEnDevise(value: DecimalInput, devise: string): string {
  return montantTexte(value, devise);
}
