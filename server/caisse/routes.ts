/**
 * The cash closed per agency and day, 'Arrêté de caisse' (docs/decisions/refunds-and-cash.md): the expected amounts of
 * a day, its closing, the closings' list and one closing, the reopening. Rules in caisse/service.ts, selects and sums
 * in caisse/query.ts, the keys (caisse, caisseRouvrir) in access/routeAccess.ts, the bodies in
 * common/schemas/caisse.ts. Amounts are answered as the exact decimal text of their currency.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CAISSE_MESSAGES, caisseAttenduQuery, caisseClotureBody, caisseRouvrirBody, jourFiltre } from '../../common/schemas/caisse';
import { currentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import { answers, calendarDate, codeLibelleRef, envelope, id, instant, record } from '../http/answer';
import { runList } from '../http/list';
import { listQuerySchema } from '../http/listQuery';
import { toApi } from '../http/serialize';
import { caisseList } from './query';
import { attenduCaisse, cloturerCaisse, getCloture, rouvrirCaisse } from './service';

/** An amount of a line: the exact decimal text of its currency ('1234.50' €, '6560' F CFA). */
const texte = z.string().describe("exact decimal text in the line's currency (its minor unit)");

/** An expected line: its payment mode (null: the cash operations), its currency and what the records say. */
const ligneAttendue = z.looseObject({
  modePaiementID: id.nullable(),
  modePaiement: codeLibelleRef.nullable(),
  libelle: z.string().describe("the mode's label, or 'Opérations de caisse'"),
  devise: z.string().describe('ISO 4217 code'),
  attendu: texte.describe('payments − refunds (a mode), or incomes − expenses (the operations)'),
});

/**
 * The conversion differences a day's settling amounts booked, per parcel currency (docs/decisions/currencies.md "The
 * last minor units"): shown beside the drawer's lines, counted in none.
 */
const ecartsConversion = z.array(
  z.looseObject({ devise: z.string().describe("the parcels' currency"), ecart: texte.describe('Σ converted − booked, signed') }),
);

/** A person of a closing (author, who reopened it). */
const personne = record({ nom: z.string(), prenoms: z.string() });

/** A closing as the list answers it. */
const clotureRecord = record({
  jour: calendarDate.describe('the closed day, Europe/Paris'),
  commentaire: z.string(),
  createdAt: instant,
  agenceID: codeLibelleRef,
  auteur: personne,
  rouverte: z.boolean().describe('reopened: the day may change and be closed again'),
  rouverteAt: instant.nullable(),
  rouvertePar: personne.nullable(),
  motifReouverture: z.string().nullable(),
  ecarts: z.array(z.looseObject({ devise: z.string(), ecart: texte })).describe('Σ (counted − expected) per currency'),
  ecartsConversion: ecartsConversion.describe('the conversion differences of the day as the closing found them'),
});

/** A closing with its counted lines. */
const clotureDetail = clotureRecord.extend({
  comptes: z.array(
    ligneAttendue.extend({
      id,
      _id: id,
      compte: texte.describe('counted'),
      ecart: texte.describe('counted − expected'),
    }),
  ),
});

/** Query of GET caisse/liste: the list's paging and sort, the agency (roles seeing every agency), the days. */
const listeQuery = listQuerySchema.extend({
  agenceID: z.string().max(2000).optional(),
  du: jourFiltre,
  au: jourFiltre,
  rouverte: z.enum(['true', 'false'], { error: 'rouverte : true ou false' }).optional(),
});

/** The cash closing routes. */
export async function caisseRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['caisse'];
  const idParams = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });

  r.get(
    '/api/caisse/attendu',
    {
      schema: {
        tags,
        description:
          "Expected amounts of an agency's day (Europe/Paris) per payment mode and currency received, and the cash operations' line; " +
          '`ecartsConversion`: the conversion differences of the settling payments, per parcel currency; ' +
          '`cloture`: the open closing of that day (null while open). `agenceID` is required for a role that sees every agency; ' +
          "another role reads its own (another agency's: 403).",
        querystring: caisseAttenduQuery,
        response: answers({
          200: envelope({
            agence: codeLibelleRef,
            date: calendarDate,
            lignes: z.array(ligneAttendue),
            ecartsConversion: ecartsConversion.describe("the day's conversion differences so far"),
            cloture: clotureDetail.nullable(),
          }),
        }),
      },
    },
    async (request) => {
      const data = await attenduCaisse(db, currentUser(request), request.query);
      return { success: true, ...toApi(data) };
    },
  );

  r.post(
    '/api/caisse/cloture',
    {
      schema: {
        tags,
        description:
          'Closes the day: the expected amounts are recomputed, each line stores expected, counted and the difference. ' +
          'One open closing per agency and day (409); a day after today is refused (400).',
        body: caisseClotureBody,
        response: answers({ 200: envelope({ message: z.string(), data: clotureDetail }) }),
      },
    },
    async (request) => {
      const data = await cloturerCaisse(db, currentUser(request), request.body);
      return { success: true, message: CAISSE_MESSAGES.cloturee, data: toApi(data) };
    },
  );

  r.get(
    '/api/caisse/liste',
    {
      schema: {
        tags,
        description:
          "The closings, newest first, within the user's agency scope. Query: `agenceID`, `du`, `au` (YYYY-MM-DD), `rouverte`, " +
          '`q`, `_page`, `_perPage`, `_sort` (jour, createdAt, agence), `_order`.',
        querystring: listeQuery,
        response: answers({ 200: envelope({ datas: z.array(clotureRecord), total: z.number().int() }) }),
      },
    },
    async (request) => {
      const { rows, total } = await runList(db, caisseList(currentUser(request)), request.query as Record<string, unknown>);
      return { success: true, datas: toApi(rows), total };
    },
  );

  r.get(
    '/api/caisse/getBy/:id',
    { schema: { tags, params: idParams, response: answers({ 200: envelope({ data: clotureDetail }) }) } },
    async (request) => ({ success: true, data: toApi(await getCloture(db, request.params.id, currentUser(request))) }),
  );

  r.post(
    '/api/caisse/rouvrir/:id',
    {
      schema: {
        tags,
        description: 'Reopens a closed day with a reason (key caisseRouvrir): the closing stays, marked reopened; audited.',
        params: idParams,
        body: caisseRouvrirBody,
        response: answers({ 200: envelope({ message: z.string(), data: clotureDetail }) }),
      },
    },
    async (request) => {
      const data = await rouvrirCaisse(db, currentUser(request), request.params.id, request.body.motif);
      return { success: true, message: CAISSE_MESSAGES.rouverte, data: toApi(data) };
    },
  );
}
