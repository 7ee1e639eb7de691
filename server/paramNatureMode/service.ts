/**
 * Unit price rules (spec 001 §5 Unit price): the two cities exist and lie in two countries, and no other price has the
 * same group, mode and cities (an inactive twin blocks too: reactivate or edit it). The price and its minimum charge
 * are in the origin country's currency (spec 001 §5 "the currency shown comes from the origin country";
 * docs/decisions/currencies.md), rounded here to its minor unit.
 */
import { minorToString, toMinor } from '../../common/devises';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { paramNatureModes, pays, villes } from '../db/schema';
import { badRequest, conflict } from '../http/errors';

/** French texts of the route rules. */
export const PARAM_NATURE_MODE_MESSAGES = {
  villeIntrouvable: 'Ville introuvable.',
  memePays: "La ville de destination doit être dans un autre pays que la ville d'origine.",
  doublon: 'Un prix unitaire existe déjà pour ce groupe, ce trajet et ce mode.',
  doublonInactif: 'Un prix unitaire inactif existe déjà pour ce groupe, ce trajet et ce mode : réactivez-le ou modifiez-le.',
} as const;

/**
 * Column values of a unit price after the route rules: both cities exist and lie in two countries, and no other price
 * has the same group, mode and cities. prixUnitaire and montantMinimum (optional, null: none) are rounded once, half
 * away from zero, to the minor unit of the origin city's country's currency (10,5 XOF → '11', 1,005 € → '1.01').
 * @param b the validated body (common/schemas/reference.ts paramNatureModeSchema)
 * @throws 400 unknown city or same country (field villeDestinationID); 409 a price for that route already exists
 */
export async function paramValues(tx: Tx, b: Record<string, unknown>, existing?: Record<string, unknown>) {
  const origine = String(b.villeOrigineID);
  const destination = String(b.villeDestinationID);
  const routeVilles = await tx
    .select({ id: villes.id, paysID: villes.paysID, devise: pays.devise })
    .from(villes)
    .innerJoin(pays, eq(pays.id, villes.paysID))
    .where(inArray(villes.id, [origine, destination]));
  const paysOf = new Map(routeVilles.map((c) => [c.id, c.paysID]));
  const { villeIntrouvable, memePays, doublon, doublonInactif } = PARAM_NATURE_MODE_MESSAGES;
  if (!paysOf.has(origine)) throw badRequest(villeIntrouvable, { villeOrigineID: villeIntrouvable });
  if (!paysOf.has(destination)) throw badRequest(villeIntrouvable, { villeDestinationID: villeIntrouvable });
  if (paysOf.get(origine) === paysOf.get(destination)) throw badRequest(memePays, { villeDestinationID: memePays });
  const [twin] = await tx
    .select({ id: paramNatureModes.id, isActive: paramNatureModes.isActive })
    .from(paramNatureModes)
    .where(
      and(
        eq(paramNatureModes.groupeNatureColisID, String(b.groupeNatureColisID)),
        eq(paramNatureModes.modeEnvoiID, String(b.modeEnvoiID)),
        eq(paramNatureModes.villeOrigineID, origine),
        eq(paramNatureModes.villeDestinationID, destination),
        existing ? ne(paramNatureModes.id, String(existing.id)) : undefined,
      ),
    )
    .limit(1);
  if (twin) {
    const message = twin.isActive ? doublon : doublonInactif;
    throw conflict(message, { groupeNatureColisID: message });
  }
  const devise = routeVilles.find((c) => c.id === origine)!.devise;
  const enDevise = (v: unknown) => minorToString(toMinor(v as number, devise), devise);
  return {
    ...b,
    prixUnitaire: enDevise(b.prixUnitaire),
    ...(b.montantMinimum === undefined ? {} : { montantMinimum: b.montantMinimum === null ? null : enDevise(b.montantMinimum) }),
  };
}
