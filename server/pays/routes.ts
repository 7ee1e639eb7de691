/**
 * Countries (pays): spec 001 §2 "Countries", §5 Country add / edit, §7; and the countries a unit price leads to
 * (spec 000 §7), for the departure form.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportColumns } from '../http/export';
import { registerReferenceResource } from '../crud/referenceResource';
import { paysCreateSchema, paysRecord, paysUpdateSchema } from '../../common/schemas/reference';
import type { Db } from '../db/client';
import { pays } from '../db/schema';
import { toApi } from '../http/serialize';
import { answers, rowsAnswer } from '../../common/schemas/answer';
import { listPaysByParamNature } from './query';

/** The countries' routes. */
export async function paysRoutes(app: FastifyInstance, { db }: { db: Db }) {
  registerReferenceResource(app, db, {
    path: 'pays',
    resource: 'pays',
    export: {
      name: 'pays',
      sheet: 'Pays',
      columns: exportColumns(
        ['Code', 'code'],
        ['Nom du Pays', 'libelle'],
        ['Devise', 'devise'],
        ['Indicatif', 'indicatif'],
        ['Longueur du Numero', 'longueurNumero', 'number'],
        ['Statut', (r) => (r.isActive ? 'Actif' : 'Inactif')],
        ["Date d'ajout", 'createdAt', 'date'],
      ),
    },
    table: pays,
    select: (d) => d.select().from(pays).$dynamic(),
    createSchema: paysCreateSchema,
    updateSchema: paysUpdateSchema,
    searchColumns: [pays.code, pays.libelle, pays.devise, pays.indicatif],
    sortColumns: {
      code: pays.code,
      libelle: pays.libelle,
      devise: pays.devise,
      indicatif: pays.indicatif,
      longueurNumero: pays.longueurNumero,
      isActive: pays.isActive,
      createdAt: pays.createdAt,
    },
    toValues: (b) => ({
      ...b,
      code: String(b.code).toUpperCase(),
      devise: b.devise === undefined ? undefined : String(b.devise).toUpperCase(),
      indicatif: String(b.indicatif).startsWith('+') ? b.indicatif : `+${b.indicatif}`,
    }),
    record: paysRecord,
    messages: {
      created: 'Pays ajouté avec succès!',
      updated: 'Mise à jour du Pays réussie!',
      notFound: 'Pays introuvable.',
      inUse: "Une erreur s'est produite lors de la suppression du pays : il est utilisé par des villes, agences ou départs.",
    },
  });

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/pays/listeByParamNature',
      { schema: { tags: ['pays'], response: answers({ 200: rowsAnswer('datas', paysRecord) }) } },
      async () => {
        const rows = await listPaysByParamNature(db);
        return { success: true, datas: toApi(rows) };
      },
    );
}
