/**
 * Unit-price lookup of parcel lines (spec 000 §5 "Unit price lookup", DESIGN.md §4): for each nature, the active
 * unit price of its nature group on the departure's sending mode, from the departure's origin country to its
 * destination country — preferring the exact destination city of the parcel, then the exact origin city of the
 * agency. A nature with an exceptional price needs no unit price. The arithmetic itself is common/pricing.ts.
 */
import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DecimalInput } from '../../common/money';
import { computeColisMontants, type ColisMontants } from '../../common/pricing';
import type { Db, Tx } from '../db/client';
import { reusableSql } from '../db/fast/reusable';
import { envois, groupesNatureColis, modesEnvoi, naturesColis, paramNatureModes, pays, villes } from '../db/schema';
import { badRequest, conflict } from '../http/errors';

/** The route a parcel travels: the departure's mode and countries, the destination city, the agency's city. */
export interface PricingRoute {
  modeEnvoiID: string;
  modeEnvoiLibelle: string;
  paysID: string;
  paysLibelle: string;
  paysEmetteurID: string;
  villeDestinationID?: string | null;
  villeOrigineID?: string | null;
}

export interface PrixNature {
  natureColisID: string;
  libelle: string;
  prixExceptionnel: string | null;
  prixUnitaire: string | null;
  paramNatureModeID: string | null;
}

/**
 * The columns of a departure as registration and pricing read it: its route (mode and countries, with the labels of
 * the missing-price message) and its capacity and state, from envois joined to its mode and destination country.
 */
export const envoiRouteColumns = {
  id: envois.id,
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
const missingPrixMessage = (mode: string, pays: string, nature: string) =>
  `Aucun prix unitaire associé à : ${mode}, ${pays}, ${nature}`;

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
  prix: { id: string; groupe: string; prixUnitaire: string; villeDestinationID: string; villeOrigineID: string } | null;
}

/**
 * The lookup's read, as one SQL value (a JSON array of NaturePriceRow, null when no nature is found): each nature of
 * `natureIds` with its group's active unit prices on the route's mode, from a city of the origin country to a city of
 * the destination country. One statement of its own (priceNatures), or a column of a registration's read
 * (colis/registration.ts readRegistration, docs/decisions/registration-write.md: one round trip less), the route then taken
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
        'prixUnitaire', p.prix_unitaire::text, 'villeDestinationID', p.ville_destination_id, 'villeOrigineID', p.ville_origine_id) END))
    FROM ${naturesColis} n
    JOIN ${groupesNatureColis} g ON g.id = n.groupe_nature_colis_id
    LEFT JOIN ${paramNatureModes} p ON p.groupe_nature_colis_id = n.groupe_nature_colis_id AND p.mode_envoi_id = ${route.modeEnvoiID}
      AND p.is_active
      AND p.ville_destination_id IN (SELECT vd.id FROM ${villes} vd WHERE vd.pays_id = ${route.paysID})
      AND p.ville_origine_id IN (SELECT vo.id FROM ${villes} vo WHERE vo.pays_id = ${route.paysEmetteurID})
   WHERE n.id = any(${natureIds}))`;
}

/** priceNatures' statement, built once (db/fast/reusable.ts): placeholders ids (uuid[]), modeEnvoiID, paysID, paysEmetteurID. */
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

/**
 * Finds the prices of the given natures on a route (one statement: naturePricesJson).
 * @throws 400 for an unknown or inactive nature; 409 natureGroupeInactifMessage for a nature of a deactivated group;
 *   409 'Aucun prix unitaire associé à : …' when a nature without exceptional price has no unit price on the route
 */
export async function priceNatures(db: Db | Tx, route: PricingRoute, natureIds: string[]): Promise<Map<string, PrixNature>> {
  const ids = [...new Set(natureIds)];
  const [{ natures }] = ids.length
    ? await naturePricesQuery(db, { ids, modeEnvoiID: route.modeEnvoiID, paysID: route.paysID, paysEmetteurID: route.paysEmetteurID })
    : [{ natures: [] }];
  return pricesOf(route, ids, natures ?? []);
}

/**
 * The prices of the given natures on a route from the lookup's rows (naturePricesJson): for each nature, its
 * exceptional price, or the unit price of its group preferring the exact destination city, then the exact origin city
 * (ties: the smallest id).
 * @param ids the natures asked for, without duplicates
 * @throws 400 for an unknown or inactive nature; 409 natureGroupeInactifMessage for a nature of a deactivated group;
 *   409 'Aucun prix unitaire associé à : …' when a nature without exceptional price has no unit price on the route
 */
function pricesOf(route: PricingRoute, ids: string[], rows: NaturePriceRow[]): Map<string, PrixNature> {
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
    const exceptional = n.prixExceptionnel && Number(n.prixExceptionnel) > 0 ? n.prixExceptionnel : null;
    if (!p && !exceptional) {
      throw conflict(missingPrixMessage(route.modeEnvoiLibelle, route.paysLibelle, n.libelle), { naturesColis: 'Paramètre non trouvé' });
    }
    out.set(n.id, {
      natureColisID: n.id,
      libelle: n.libelle,
      prixExceptionnel: exceptional,
      prixUnitaire: p?.prixUnitaire ?? null,
      paramNatureModeID: p?.id ?? null,
    });
  }
  return out;
}

/** A nature line as the client sends it. */
export interface ColisNatureInput {
  natureColisID: string;
  poids: number;
}

/**
 * Prices the lines of a parcel and computes every amount (never trusting the client's).
 * @param natures the lookup's rows for the lines' natures on the route (naturePricesJson, read with the registration)
 * @returns the priced lines (with their prices) and the amounts of common/pricing.ts
 * @throws as pricesOf
 */
export function priceColis(
  route: PricingRoute,
  lines: ColisNatureInput[],
  natures: NaturePriceRow[],
  extra: {
    montantComplementaire?: DecimalInput;
    montantLivraison?: DecimalInput;
    montantExpedition?: DecimalInput;
    reglement?: DecimalInput;
  },
): { lines: (ColisNatureInput & PrixNature & { prixLigne: number; prixTotal: number })[]; montants: ColisMontants } {
  const priced = pricesOf(route, [...new Set(lines.map((l) => l.natureColisID))], natures);
  const montants = computeColisMontants({
    ...extra,
    lines: lines.map((l) => ({
      poids: l.poids,
      prixExceptionnel: priced.get(l.natureColisID)!.prixExceptionnel,
      prixUnitaire: priced.get(l.natureColisID)!.prixUnitaire,
    })),
  });
  return {
    lines: lines.map((l, i) => ({ ...l, ...priced.get(l.natureColisID)!, ...montants.lines[i] })),
    montants,
  };
}
