/**
 * Unit prices (paramNatureMode, spec 001 §2 Unit prices, §5 Unit-price form, §7): price in euros per kg of a nature
 * group on a route (origin city → destination city) by a sending mode. The spec's create call names the cities
 * villeDorigineID / villeID and its update call villeOrigineID / villeDestinationID: both are accepted.
 * Create and update refuse a route whose two cities are in the same country (400, spec 001 §5 "the destination country
 * list excludes the origin country") and a second price for the same group, mode and cities (409; the unique index
 * pnm_route_uq backs it up): an inactive one blocks too, to be reactivated or edited instead.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerReferenceResource } from '../crud/referenceResource';
import { moneyEuros, requiredId, requiredText } from '../crud/fields';
import type { Db, Tx } from '../db/client';
import { groupesNatureColis, modesEnvoi, paramNatureModes, pays, villes } from '../db/schema';
import { badRequest, conflict } from '../http/errors';

const vOrig = alias(villes, 'ville_origine');
const vDest = alias(villes, 'ville_destination');
const pOrig = alias(pays, 'pays_origine');
const pDest = alias(pays, 'pays_destination');

const body = z.preprocess(
  (raw) => {
    if (!raw || typeof raw !== 'object') return raw;
    const { villeDorigineID, villeID, ...rest } = raw as Record<string, unknown>;
    return { ...rest, villeOrigineID: rest.villeOrigineID ?? villeDorigineID, villeDestinationID: rest.villeDestinationID ?? villeID };
  },
  z.object({
    libelle: requiredText('Le libellé est obligatoire', 200),
    prixUnitaire: moneyEuros('Le prix unitaire'),
    groupeNatureColisID: requiredId('Le groupe de nature est obligatoire'),
    villeOrigineID: requiredId("La ville d'origine est obligatoire"),
    villeDestinationID: requiredId('La ville de destination est obligatoire'),
    modeEnvoiID: requiredId("Le mode d'envoi est obligatoire"),
  }),
);

/** Unit prices with group, cities (and their countries) and mode populated. */
export const selectParamNatureModes = (d: Db | Tx) =>
  d
    .select({
      id: paramNatureModes.id,
      libelle: paramNatureModes.libelle,
      prixUnitaire: paramNatureModes.prixUnitaire,
      isActive: paramNatureModes.isActive,
      createdAt: paramNatureModes.createdAt,
      updatedAt: paramNatureModes.updatedAt,
      groupeNatureColisID: { id: groupesNatureColis.id, code: groupesNatureColis.code, libelle: groupesNatureColis.libelle },
      villeOrigineID: { id: vOrig.id, libelle: vOrig.libelle },
      paysOrigine: { id: pOrig.id, libelle: pOrig.libelle, devise: pOrig.devise },
      villeDestinationID: { id: vDest.id, libelle: vDest.libelle },
      paysDestination: { id: pDest.id, libelle: pDest.libelle, devise: pDest.devise },
      modeEnvoiID: { id: modesEnvoi.id, code: modesEnvoi.code, libelle: modesEnvoi.libelle },
    })
    .from(paramNatureModes)
    .innerJoin(groupesNatureColis, eq(paramNatureModes.groupeNatureColisID, groupesNatureColis.id))
    .innerJoin(vOrig, eq(paramNatureModes.villeOrigineID, vOrig.id))
    .innerJoin(pOrig, eq(vOrig.paysID, pOrig.id))
    .innerJoin(vDest, eq(paramNatureModes.villeDestinationID, vDest.id))
    .innerJoin(pDest, eq(vDest.paysID, pDest.id))
    .innerJoin(modesEnvoi, eq(paramNatureModes.modeEnvoiID, modesEnvoi.id))
    .$dynamic();

/** French texts of the route rules. */
export const PARAM_NATURE_MODE_MESSAGES = {
  villeIntrouvable: 'Ville introuvable.',
  memePays: "La ville de destination doit être dans un autre pays que la ville d'origine.",
  doublon: 'Un prix unitaire existe déjà pour ce groupe, ce trajet et ce mode.',
  doublonInactif: 'Un prix unitaire inactif existe déjà pour ce groupe, ce trajet et ce mode : réactivez-le ou modifiez-le.',
} as const;

/**
 * Column values of a unit price after the route rules: both cities exist and lie in two countries, and no other price
 * has the same group, mode and cities.
 * @throws 400 unknown city or same country (field villeDestinationID); 409 a price for that route already exists
 */
async function paramValues(tx: Tx, b: Record<string, unknown>, existing?: Record<string, unknown>) {
  const origine = String(b.villeOrigineID);
  const destination = String(b.villeDestinationID);
  const cities = await tx
    .select({ id: villes.id, paysID: villes.paysID })
    .from(villes)
    .where(inArray(villes.id, [origine, destination]));
  const paysOf = new Map(cities.map((c) => [c.id, c.paysID]));
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
  return { ...b, prixUnitaire: Number(b.prixUnitaire).toFixed(2) };
}

/** Registers paramNatureMode/liste, getBy, create, update, delete. */
export function registerParamNatureModeRoutes(app: FastifyInstance, db: Db) {
  registerReferenceResource(app, db, {
    path: 'paramNatureMode',
    table: paramNatureModes,
    select: selectParamNatureModes,
    createSchema: body,
    updateSchema: body,
    searchColumns: [paramNatureModes.libelle, groupesNatureColis.libelle, vOrig.libelle, vDest.libelle, modesEnvoi.libelle],
    sortColumns: {
      libelle: paramNatureModes.libelle,
      prixUnitaire: paramNatureModes.prixUnitaire,
      groupeNatureColisID: groupesNatureColis.libelle,
      villeOrigineID: vOrig.libelle,
      villeDestinationID: vDest.libelle,
      modeEnvoiID: modesEnvoi.libelle,
      isActive: paramNatureModes.isActive,
      createdAt: paramNatureModes.createdAt,
    },
    filters: {
      groupeNatureColisID: { column: paramNatureModes.groupeNatureColisID, type: 'uuid' },
      modeEnvoiID: { column: paramNatureModes.modeEnvoiID, type: 'uuid' },
      villeOrigineID: { column: paramNatureModes.villeOrigineID, type: 'uuid' },
      villeDestinationID: { column: paramNatureModes.villeDestinationID, type: 'uuid' },
    },
    mapRow: ({ paysOrigine, paysDestination, ...row }) => ({
      ...row,
      villeOrigineID: { ...(row.villeOrigineID as object), paysID: paysOrigine },
      villeDestinationID: { ...(row.villeDestinationID as object), paysID: paysDestination },
    }),
    toValues: (b, { tx, existing }) => paramValues(tx, b, existing),
    messages: {
      created: 'Prix unitaire enregistré avec succès',
      updated: 'Mise à jour des parametres réussie !',
      notFound: 'Prix unitaire introuvable.',
      inUse: 'Ce prix unitaire est utilisé par des colis : suppression impossible.',
    },
  });
}
