/**
 * Unit-price lookup of parcel lines (spec 000 §5 "Unit price lookup", DESIGN.md §4): for each nature, the active
 * unit price of its nature group on the departure's sending mode, from the departure's origin country to its
 * destination country — preferring the exact destination city of the parcel, then the exact origin city of the
 * agency. A nature with an exceptional price needs no unit price. The arithmetic itself is common/pricing.ts.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DecimalInput } from '../../common/money';
import { computeColisMontants, type ColisMontants } from '../../common/pricing';
import type { Db, Tx } from '../db/client';
import { reusable } from '../db/reusable';
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

/** The message of a missing unit price (spec 000 §8 'No unit price'). */
export const missingPrixMessage = (mode: string, pays: string, nature: string) =>
  `Aucun prix unitaire associé à : ${mode}, ${pays}, ${nature}`;

/**
 * Finds the prices of the given natures on a route.
 * @throws 400 for an unknown or inactive nature; 409 'Aucun prix unitaire associé à : …' when a nature without
 *   exceptional price has no unit price on the route
 */
export async function priceNatures(db: Db | Tx, route: PricingRoute, natureIds: string[]): Promise<Map<string, PrixNature>> {
  const ids = [...new Set(natureIds)];
  // One statement (issue 12 §3): each nature with its group's candidate unit prices on the route (none: a null price).
  const rows = ids.length
    ? await naturePricesQuery(db, {
        ids,
        modeEnvoiID: route.modeEnvoiID,
        paysID: route.paysID,
        paysEmetteurID: route.paysEmetteurID,
      })
    : [];
  const natures = [...new Map(rows.map((r) => [r.id, r])).values()];
  const byId = new Map(natures.map((n) => [n.id, n]));
  for (const id of ids) {
    const n = byId.get(id);
    if (!n || !n.isActive || !n.groupeActive)
      throw badRequest('Nature de colis introuvable ou inactive.', { naturesColis: 'Nature de colis introuvable ou inactive.' });
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

/**
 * priceNatures' statement, built once (db/reusable.ts): each nature of `ids` (an array: `= any`, the text does not
 * depend on how many) with its group's candidate unit prices on the route (modeEnvoiID, paysID, paysEmetteurID).
 */
const naturePricesQuery = reusable((db) =>
  db
    .select({
      id: naturesColis.id,
      libelle: naturesColis.libelle,
      prixExceptionnel: naturesColis.prixExceptionnel,
      groupe: naturesColis.groupeNatureColisID,
      isActive: naturesColis.isActive,
      groupeActive: groupesNatureColis.isActive,
      prix: {
        id: paramNatureModes.id,
        groupe: paramNatureModes.groupeNatureColisID,
        prixUnitaire: paramNatureModes.prixUnitaire,
        villeDestinationID: paramNatureModes.villeDestinationID,
        villeOrigineID: paramNatureModes.villeOrigineID,
      },
    })
    .from(naturesColis)
    .innerJoin(groupesNatureColis, eq(naturesColis.groupeNatureColisID, groupesNatureColis.id))
    .leftJoin(
      paramNatureModes,
      and(
        eq(paramNatureModes.groupeNatureColisID, naturesColis.groupeNatureColisID),
        eq(paramNatureModes.modeEnvoiID, sql.placeholder('modeEnvoiID')),
        eq(paramNatureModes.isActive, true),
        inArray(
          paramNatureModes.villeDestinationID,
          db
            .select({ id: villes.id })
            .from(villes)
            .where(eq(villes.paysID, sql.placeholder('paysID'))),
        ),
        inArray(
          paramNatureModes.villeOrigineID,
          db
            .select({ id: villes.id })
            .from(villes)
            .where(eq(villes.paysID, sql.placeholder('paysEmetteurID'))),
        ),
      ),
    )
    .where(sql`${naturesColis.id} = any(${sql.placeholder('ids')}::uuid[])`),
);

/** A nature line as the client sends it. */
export interface ColisNatureInput {
  natureColisID: string;
  poids: number;
}

/**
 * Prices the lines of a parcel and computes every amount (never trusting the client's).
 * @returns the priced lines (with their prices) and the amounts of common/pricing.ts
 */
export async function priceColis(
  db: Db | Tx,
  route: PricingRoute,
  lines: ColisNatureInput[],
  extra: {
    montantComplementaire?: DecimalInput;
    montantLivraison?: DecimalInput;
    montantExpedition?: DecimalInput;
    reglement?: DecimalInput;
  },
): Promise<{ lines: (ColisNatureInput & PrixNature & { prixLigne: number; prixTotal: number })[]; montants: ColisMontants }> {
  const priced = await priceNatures(
    db,
    route,
    lines.map((l) => l.natureColisID),
  );
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
