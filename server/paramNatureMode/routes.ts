/**
 * Unit prices (paramNatureMode, spec 001 §2 Unit prices, §5 Unit-price form, §7): price per kg of a nature group on a
 * route (origin city → destination city) by a sending mode, in the origin country's currency, with an optional
 * minimum charge per parcel line (montantMinimum, same currency; docs/decisions/currencies.md). The spec's create call names the cities
 * villeDorigineID / villeID and its update call villeOrigineID / villeDestinationID: both are accepted.
 * Create and update refuse a route whose two cities are in the same country (400, spec 001 §5 "the destination country
 * list excludes the origin country") and a second price for the same group, mode and cities (409; the unique index
 * pnm_route_uq backs it up): an inactive one blocks too, to be reactivated or edited instead.
 */
import type { FastifyInstance } from 'fastify';
import { exportColumns } from '../http/export';
import { registerReferenceResource } from '../crud/referenceResource';
import { paramNatureModeRecord, paramNatureModeSchema as body } from '../../common/schemas/reference';
import type { Db } from '../db/client';
import { groupesNatureColis, modesEnvoi, paramNatureModes } from '../db/schema';
import { nestVillesPays, selectParamNatureModes, vDest, vOrig } from './query';
import { paramValues } from './service';

/** The unit price routes. */
export async function paramNatureModeRoutes(app: FastifyInstance, { db }: { db: Db }) {
  registerReferenceResource(app, db, {
    path: 'paramNatureMode',
    resource: 'paramNatureMode',
    export: {
      name: 'prix-unitaires',
      sheet: 'Prix unitaires',
      columns: exportColumns(
        ['Libelle', 'libelle'],
        ['Prix Unitaire', 'prixUnitaire', 'montant', 'paysOrigine.devise'],
        ['Montant minimum', 'montantMinimum', 'montant', 'paysOrigine.devise'],
        ['Devise', 'paysOrigine.devise'],
        ['Groupe Nature Colis', 'groupeNatureColisID.libelle'],
        ['Ville de départ', 'villeOrigineID.libelle'],
        ["Pays d'origine", 'paysOrigine.libelle'],
        ['Ville destination', 'villeDestinationID.libelle'],
        ['Pays de destination', 'paysDestination.libelle'],
        ["Mode d'Envoi", 'modeEnvoiID.libelle'],
        ['Statut', (r) => (r.isActive ? 'Actif' : 'Inactif')],
        ["Date d'ajout", 'createdAt', 'date'],
      ),
    },
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
    mapRow: nestVillesPays,
    toValues: (b, { tx, existing }) => paramValues(tx, b, existing),
    record: paramNatureModeRecord,
    messages: {
      created: 'Prix unitaire enregistré avec succès',
      updated: 'Mise à jour des parametres réussie !',
      notFound: 'Prix unitaire introuvable.',
      inUse: 'Ce prix unitaire est utilisé par des colis : suppression impossible.',
    },
  });
}
