/**
 * Agencies (spec 001 §2 Agencies, §5 Agency add: country, city, name, latitude, longitude required; §7), and the
 * agencies of a city or a country. The values' rules are in agence/service.ts. Deactivating an agency that active
 * staff or parcels not yet shipped still depend on asks for confirmation (409, then `force=true`:
 * docs/decisions/deactivation-dependants.md).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportColumns } from '../http/export';
import { registerReferenceResource } from '../crud/referenceResource';
import { deactivationGuard } from '../crud/deactivationGuard';
import { agenceRecord, agenceSchema } from '../../common/schemas/reference';
import type { Db } from '../db/client';
import { agences, pays, villes } from '../db/schema';
import { toApi } from '../http/serialize';
import { answers, rowsAnswer } from '../../common/schemas/answer';
import { agenceDependants, listAgencesBy, nestVillePays, selectAgences } from './query';
import { agenceValues } from './service';

/** The agency routes. */
export async function agenceRoutes(app: FastifyInstance, { db }: { db: Db }) {
  registerReferenceResource(app, db, {
    path: 'agence',
    resource: 'agence',
    export: {
      name: 'agences',
      sheet: 'Agences',
      columns: exportColumns(
        ['Code', 'code'],
        ['Libellé', 'libelle'],
        ['Ville', 'villeID.libelle'],
        ['Pays', 'paysID.libelle'],
        ['Téléphone', 'telephoneComplet'],
        ['Statut', (r) => (r.isActive ? 'Actif' : 'Inactif')],
        ["Date d'ajout", 'createdAt', 'date'],
      ),
    },
    table: agences,
    select: selectAgences,
    createSchema: agenceSchema,
    updateSchema: agenceSchema,
    searchColumns: [agences.code, agences.libelle, villes.libelle, pays.libelle, agences.telephoneComplet],
    sortColumns: {
      code: agences.code,
      libelle: agences.libelle,
      villeID: villes.libelle,
      paysID: pays.libelle,
      isActive: agences.isActive,
      createdAt: agences.createdAt,
    },
    filters: { villeID: { column: agences.villeID, type: 'uuid' }, paysID: { column: agences.paysID, type: 'uuid' } },
    mapRow: (row) => nestVillePays(row as Parameters<typeof nestVillePays>[0]),
    toValues: (b, { tx, existing }) => agenceValues(tx, b, existing),
    record: agenceRecord,
    guard: deactivationGuard({
      subject: 'Cette agence',
      pronoun: 'la',
      kinds: [
        { key: 'utilisateurs', one: 'utilisateur actif', many: 'utilisateurs actifs' },
        { key: 'colis', one: "colis en attente d'expédition", many: "colis en attente d'expédition" },
      ],
      count: agenceDependants,
    }),
    messages: {
      created: 'Agence ajouté avec succès !',
      updated: "Mise à jour de l'agence réussie !",
      notFound: 'Agence introuvable.',
      inUse: 'Cette agence a des utilisateurs ou des colis : suppression impossible.',
    },
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const byParam = (column: 'villeID' | 'paysID') => async (request: { params: { id: string } }) => {
    const rows = await listAgencesBy(db, column, request.params.id);
    return { success: true, agences: toApi(rows) };
  };
  const params = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });
  const byParamOk = answers({ 200: rowsAnswer('agences', agenceRecord) });
  r.get('/api/agence/getAgenceByVilleID/:id', { schema: { tags: ['agence'], params, response: byParamOk } }, byParam('villeID'));
  r.get('/api/agence/getAgenceByPaysID/:id', { schema: { tags: ['agence'], params, response: byParamOk } }, byParam('paysID'));
}
