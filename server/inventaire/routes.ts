/**
 * Stock inventories (spec 001 §2 'Etats de stocks' and Inventory detail, §3 Inventory, §7 GET inventaire/liste;
 * docs/api-contract.md "Inventories"): the statements list and one statement (`&id=`), and, for taking an inventory in
 * the back-office (the spec leaves it to a mobile app), the parcels expected at the agency, the check of one scanned
 * reference and the creation of a statement. Rules in inventaire/service.ts, selects in inventaire/query.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COLIS_STATUT_CODES } from '../../common/colisRules';
import { INVENTAIRE_MAX_REFERENCES, INVENTAIRE_MESSAGES, INVENTAIRE_REFERENCE_MAX } from '../../common/inventaireRules';
import { currentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import { answers } from '../../common/schemas/answer';
import {
  inventaireAttendusAnswer,
  inventaireCreateAnswer,
  inventaireListeAnswer,
  inventaireVerifierAnswer,
} from '../../common/schemas/inventaire';
import { badRequest } from '../http/errors';
import { sendListExport, wantsExport } from '../http/export';
import { runList } from '../http/list';
import { listQuerySchema } from '../http/listQuery';
import { toApi } from '../http/serialize';
import { statutsByCode } from '../statut/query';
import { inventaireExport } from './exportColumns';
import { inventaireList } from './query';
import { createInventaire, getInventaire, listAttendus, verifierReference } from './service';

const agenceQuery = z.uuid({ error: 'Agence invalide' }).optional();

/** Query of GET inventaire/liste: the spec's `auteur` (not read: the token decides), `id` for one statement, `statut`. */
const listeQuery = listQuerySchema.extend({
  auteur: z.string().max(60).optional(),
  id: z.uuid({ error: 'Identifiant invalide' }).optional(),
  statut: z.enum(COLIS_STATUT_CODES as [string, ...string[]], { error: 'Statut inconnu' }).optional(),
  agenceID: z.string().max(2000).optional(),
});

/** Body of POST inventaire/create. */
const createBody = z.strictObject({
  id: z.uuid({ error: 'Identifiant invalide' }).optional(),
  agenceID: z.uuid({ error: 'Agence invalide' }).optional(),
  references: z
    .array(z.string({ error: 'Référence invalide' }).max(INVENTAIRE_REFERENCE_MAX, 'Référence trop longue'), {
      error: 'La liste des références est obligatoire',
    })
    .max(INVENTAIRE_MAX_REFERENCES, `${INVENTAIRE_MAX_REFERENCES} références au maximum`),
});

/** Reads the list's `id` parameter: GET inventaire/liste?id=x (the spec) answers one statement. */
const isOne = (query: { id?: string }) => !!query.id;

/** The inventory routes. */
export async function inventaireRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['inventaire'];

  r.get(
    '/api/inventaire/liste',
    {
      schema: {
        tags,
        querystring: listeQuery,
        response: answers({ 200: inventaireListeAnswer }),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const query = request.query;
      if (isOne(query)) {
        const one = toApi(await getInventaire(db, query.id!, user));
        return { success: true, data: one, colisNonTrouve: one.colisNonTrouve };
      }
      const statutId = query.statut ? (await statutsByCode(db)).get(query.statut)?.id : undefined;
      if (query.statut && !statutId) throw badRequest('Statut inconnu', { statut: 'Statut inconnu' });
      const list = inventaireList(user, statutId);
      if (wantsExport(query)) return sendListExport(reply, db, list, query, inventaireExport);
      const { rows, total } = await runList(db, list, query as Record<string, unknown>);
      return { success: true, data: toApi(rows), total };
    },
  );

  r.get(
    '/api/inventaire/attendus',
    {
      schema: {
        tags,
        querystring: z.object({ agenceID: agenceQuery }),
        response: answers({ 200: inventaireAttendusAnswer }),
      },
    },
    async (request) => {
      const { agence, datas } = await listAttendus(db, currentUser(request), request.query.agenceID);
      return { success: true, agence: toApi(agence), datas: toApi(datas), total: datas.length };
    },
  );

  r.get(
    '/api/inventaire/verifier',
    {
      schema: {
        tags,
        querystring: z.object({
          agenceID: agenceQuery,
          reference: z
            .string({ error: 'La référence est obligatoire' })
            .trim()
            .min(1, 'La référence est obligatoire')
            .max(INVENTAIRE_REFERENCE_MAX),
        }),
        response: answers({ 200: inventaireVerifierAnswer }),
      },
    },
    async (request) => {
      const data = await verifierReference(db, currentUser(request), request.query.agenceID, request.query.reference);
      return { success: true, data };
    },
  );

  r.post(
    '/api/inventaire/create',
    {
      schema: {
        tags,
        body: createBody,
        response: answers({ 200: inventaireCreateAnswer }),
      },
    },
    async (request) => {
      const data = await createInventaire(db, request.body, currentUser(request));
      return { success: true, message: INVENTAIRE_MESSAGES.created, data };
    },
  );
}
