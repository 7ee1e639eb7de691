/**
 * Payments (spec 000 §7, 001 §7): collect a payment on a parcel (a part of what remains, in the parcel's currency or
 * tendered in another: docs/decisions/currencies.md), its preview in another currency and the currencies offered, the
 * payments of a parcel, the collections list (agency-scoped), a refund (encaissement/refund.ts,
 * docs/decisions/refunds-and-cash.md), the active toggle and the cancellation. The rules are in encaissement/service.ts, the selects in
 * encaissement/query.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAYMENT_BY } from '../../common/colisRules';
import { currentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import { answers, envelope, id, instant, listAnswer, messageAnswer, montant, record } from '../../common/schemas/answer';
import { sendListExport, wantsExport } from '../http/export';
import { runList } from '../http/list';
import { byAgenceAnswer, sendGroupedPage } from '../http/byAgence';
import { listQuerySchema } from '../http/listQuery';
import { toApi } from '../http/serialize';
import { encaissementExport } from './exportColumns';
import { encaissementList } from './query';
import {
  createEncaissement,
  deleteEncaissement,
  devisesEncaissement,
  equivalentEncaissement,
  getEncaissementsOfColis,
  setEncaissementActive,
} from './service';
import { encaissementBody, encaissementEquivalentQuery, remboursementBody } from '../../common/schemas/encaissement';
import { rembourserEncaissement } from './refund';

/** A parcel's amounts, as a payment shows them (in the payment's currency). */
const colisMontants = record({ reference: z.string(), montantTotal: montant, reglement: montant, resteAPayer: montant });

/**
 * A payment as the API answers it (encaissement/query.ts selectEncaissements): its amounts in `devise`, what was
 * tendered in another currency (null when none), mode, author, agency and parcel populated.
 */
const encaissementRecord = record({
  createdAt: instant,
  paymentby: z.enum(PAYMENT_BY).describe('who paid'),
  montantEncaisse: montant.describe('collected'),
  montantRestant: montant.describe('remaining after this payment'),
  devise: z.string().describe("ISO 4217 currency of the amounts, the parcel's"),
  montantTendu: z.number().nullable().describe('amount handed over in deviseTendue, when another currency'),
  deviseTendue: z.string().nullable().describe('ISO 4217 currency handed over, null when the payment’s own'),
  tauxTendu: z.string().nullable().describe('units of deviseTendue for 1 € on the day (6 decimals), null when none'),
  tauxColis: z.string().nullable().describe('units of devise for 1 € on the day (6 decimals), null when none'),
  ecartConversion: z
    .number()
    .nullable()
    .describe('in devise: the amount tendered converted less montantEncaisse, when it settled the parcel (or the refunds); else 0 or null'),
  rembourseID: z.string().nullable().describe('a refund: the payment it gives back (its amounts are negative); null for a payment'),
  motif: z.string().nullable().describe("a refund's reason, null for a payment"),
  montantRembourse: montant.describe("what the payment's refunds not cancelled gave back (0 for none, and for a refund)"),
  isActive: z.boolean(),
  modePaiementID: record({ libelle: z.string() }),
  auteurID: record({ nom: z.string(), prenoms: z.string() }).nullable(),
  agenceID: record({ libelle: z.string() }).nullable(),
  colisID: colisMontants.extend({ deletedAt: instant.nullable().describe('set when the parcel was deleted') }),
});

/** The payment routes. */
export async function encaissementRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['encaissement'];

  r.post(
    '/api/encaissement/create',
    {
      schema: {
        tags,
        body: encaissementBody,
        response: answers({
          200: envelope({
            message: z.string(),
            data: z
              .looseObject({
                id,
                montantEncaisse: montant.describe('collected'),
                devise: z.string().describe("ISO 4217 currency of the payment and the parcel's amounts, the parcel's"),
                montantTendu: z.number().nullable().describe('amount tendered in deviseTendue, null when in devise'),
                deviseTendue: z.string().nullable().describe('ISO 4217 currency tendered, null when devise'),
                taux: z.string().nullable().describe('units of devise for 1 unit of deviseTendue (6 decimals), null when none'),
                tauxTendu: z.string().nullable().describe('units of deviseTendue for 1 € on the day, null when none'),
                tauxColis: z.string().nullable().describe('units of devise for 1 € on the day, null when none'),
                ecartConversion: montant.describe(
                  'in devise: the amount tendered converted less montantEncaisse when it settled the parcel, else 0',
                ),
                reglement: montant.describe("the parcel's new settled amount"),
                resteAPayer: montant.describe("the parcel's new remaining amount"),
              })
              .describe("the payment, what was tendered and the rate applied, and the parcel's new amounts"),
          }),
        }),
      },
    },
    async (request) => {
      const result = await createEncaissement(db, request.body, currentUser(request));
      return {
        success: true,
        message: 'encaissement effectué avec succès',
        data: {
          id: result.id,
          montantEncaisse: Number(result.montantEncaisse),
          devise: result.devise,
          montantTendu: result.tendu ? Number(result.tendu.montantTendu) : null,
          deviseTendue: result.tendu?.deviseTendue ?? null,
          taux: result.taux,
          tauxTendu: result.tendu?.tauxTendu ?? null,
          tauxColis: result.tendu?.tauxColis ?? null,
          ecartConversion: Number(result.tendu?.ecartConversion ?? 0),
          reglement: Number(result.reglement),
          resteAPayer: Number(result.resteAPayer),
        },
      };
    },
  );

  r.post(
    '/api/encaissement/rembourser/:id',
    {
      schema: {
        tags,
        params: z.object({ id: z.uuid({ error: 'Identifiant invalide' }) }),
        body: remboursementBody,
        response: answers({
          200: envelope({
            message: z.string(),
            data: z
              .looseObject({
                id,
                montant: montant.describe('given back (positive; the refund row holds its opposite)'),
                devise: z.string().describe("ISO 4217 currency of the amounts, the payment's (its parcel's)"),
                montantTendu: z.number().nullable().describe('given back in deviseTendue (positive), null when in devise'),
                deviseTendue: z.string().nullable().describe('ISO 4217 currency given back in, null when devise'),
                ecartConversion: montant.describe("in devise: the refund row's conversion difference (its sign), else 0"),
                rembourseID: id.describe('the refunded payment'),
                remboursable: montant.describe('what the payment may still give back'),
                reglement: montant.describe("the parcel's new settled amount"),
                resteAPayer: montant.describe("the parcel's new remaining amount"),
              })
              .describe("the refund, what its payment may still give back, and the parcel's new amounts"),
          }),
        }),
      },
    },
    async (request) => ({
      success: true,
      message: 'Remboursement enregistré.',
      data: await rembourserEncaissement(db, request.params.id, request.body, currentUser(request)),
    }),
  );

  r.get(
    '/api/encaissement/equivalent',
    {
      schema: {
        tags,
        querystring: encaissementEquivalentQuery,
        response: answers({
          200: envelope({
            data: z
              .looseObject({
                devise: z.string().describe("the parcel's currency"),
                montant: montant.describe('the value of montantTendu in devise, as it would be booked'),
                ecartConversion: montant.describe('in devise: the conversion less montant, when montantTendu settles the parcel; else 0'),
                deviseTendue: z.string(),
                montantTendu: z.number().describe("in deviseTendue (the query's, else resteTendu)"),
                taux: z.string().describe('units of devise for 1 unit of deviseTendue (6 decimals)'),
                tauxTendu: z.string().describe('units of deviseTendue for 1 € today'),
                tauxColis: z.string().describe('units of devise for 1 € today'),
                resteAPayer: montant.describe("the parcel's remaining amount"),
                resteTendu: z.number().describe('the amount in deviseTendue that settles resteAPayer (docs/decisions/currencies.md)'),
              })
              .describe('a payment tendered in another currency, as encaissement/create would record it today'),
          }),
        }),
      },
    },
    async (request) => ({ success: true, data: await equivalentEncaissement(db, request.query, currentUser(request)) }),
  );

  r.get(
    '/api/encaissement/devises/:colisID',
    {
      schema: {
        tags,
        params: z.object({ colisID: z.uuid({ error: 'Identifiant invalide' }) }),
        response: answers({
          200: envelope({
            devise: z.string().describe("the parcel's currency"),
            devises: z.array(z.string()).describe("the currencies a payment may be tendered in, the parcel's first"),
          }),
        }),
      },
    },
    async (request) => ({ success: true, ...(await devisesEncaissement(db, request.params.colisID, currentUser(request))) }),
  );

  r.get(
    '/api/encaissement/getByColisID/:id',
    {
      schema: {
        tags,
        params: z.object({ id: z.uuid({ error: 'Identifiant invalide' }) }),
        response: answers({
          200: envelope({
            encaissements: z.array(encaissementRecord),
            colis: colisMontants.extend({ devise: z.string().describe("ISO 4217 currency of the parcel's amounts") }),
          }),
        }),
      },
    },
    async (request) => {
      const { colis, encaissements } = await getEncaissementsOfColis(db, request.params.id, currentUser(request));
      return { success: true, encaissements: toApi(encaissements), colis: toApi(colis) };
    },
  );

  r.get(
    '/api/encaissement/liste/:userId',
    {
      schema: {
        tags,
        params: z.object({ userId: z.string().max(60) }),
        querystring: listQuerySchema,
        // byAgence (spec 001 §3, §7): the page's rows by agency, for a role that sees every agency (http/byAgence.ts).
        response: answers({
          200: listAnswer('datas', encaissementRecord).extend({ byAgence: byAgenceAnswer('datas', encaissementRecord) }),
        }),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const list = encaissementList(user);
      if (wantsExport(request.query)) return sendListExport(reply, db, list, request.query, encaissementExport);
      const page = await runList(db, list, request.query as Record<string, unknown>, { json: true });
      return sendGroupedPage(reply, page, user.allAgences, 'datas');
    },
  );

  r.put(
    '/api/encaissement/update/:id',
    {
      schema: {
        tags,
        params: z.object({ id: z.uuid() }),
        body: z.strictObject({ isActive: z.boolean() }),
        response: answers({ 200: messageAnswer }),
      },
    },
    async (request) => {
      await setEncaissementActive(db, request.params.id, request.body.isActive, currentUser(request));
      return { success: true, message: 'Statut mis à jour avec succès !' };
    },
  );

  r.delete(
    '/api/encaissement/delete/:id',
    { schema: { tags, params: z.object({ id: z.uuid() }), response: answers({ 200: messageAnswer }) } },
    async (request) => {
      await deleteEncaissement(db, request.params.id, currentUser(request));
      return { success: true, message: 'suppression effectuée' };
    },
  );
}
