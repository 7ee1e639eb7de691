/**
 * Parcels (spec 000 §2, §4, §5, §7): the lists and reads of a parcel (by id, by reference, its history), the parcels
 * of a departure, the senders of a departure and the shipments of a client; registration, edit (a full body, the
 * active toggle `{isActive}`, or the spec client's `{resteAPayer, reglement}` echo after a payment, accepted and
 * ignored), deletion (direct, or 202 and a code mailed to the administrators), the end of the journey (picked up or
 * delivered: an extension, spec 000 names RETIRE and LIVRE without their calls), the capacity alert, and one line's
 * price for the wizard's live preview (an extension). The rules are in colis/registration.ts, edit.ts, deletion.ts, journey.ts and reads.ts, the selects in
 * colis/query.ts, the unit-price lookup in colis/pricing.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BUSINESS_TIME_ZONE } from '../../common/dates';
import { currentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import {
  answers,
  dataAnswer,
  devise,
  envelope,
  errorAnswer,
  euros,
  id,
  listAnswer,
  messageAnswer,
  montant,
  rowsAnswer,
} from '../../common/schemas/answer';
import { sendListExport, wantsExport } from '../http/export';
import { runList } from '../http/list';
import { byAgenceAnswer, sendGroupedPage, wantsGroups } from '../http/byAgence';
import { listQuerySchema } from '../http/listQuery';
import { takeWriteMark } from '../http/idempotency';
import { requestOrigin, suiviUrl } from '../suivi/link';
import { toApi } from '../http/serialize';
import { colisExport } from './exportColumns';
import { colisList, colisOfEnvoi } from './query';
import { contactAdminForEnvoi, createColis } from './registration';
import { setColisActive, updateColis } from './edit';
import { deleteColis, type DeleteOutcome, deleteColisWithOtp } from './deletion';
import { finishColis } from './journey';
import {
  getColis,
  getColisDetails,
  getColisHistorique,
  getColisWithLines,
  listClientsOfEnvoi,
  listEnvoisOfClient,
  prixNature,
} from './reads';
import {
  colisBody,
  colisClientsOfEnvoiAnswer,
  colisEnvoisOfClientAnswer,
  colisGetByAnswer,
  colisGetByReferenceAnswer,
  colisHistoriqueAnswer,
  colisRecord,
  colisUpdateBody,
  colisWriteAnswer,
  finishFields,
  prixNatureQuery,
} from '../../common/schemas/colis';

const idParams = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });
const envoiParams = z.object({ envoiId: z.uuid({ error: 'Identifiant invalide' }) });
const refParams = z.object({ reference: z.string().min(1).max(60) });

/**
 * The 409 of a parcel's deletion (colis/deletion.ts refuseIfCollected): a parcel that holds collected money says how
 * much, in its currency, beside the message; the other business rules answer the shared refusal.
 */
const deleteRefusals = {
  409: errorAnswer
    .extend({
      encaisse: montant.optional().describe('what the parcel collected and holds (refund it first), in devise'),
      devise: devise.optional().describe("the currency of encaisse, the parcel's"),
    })
    .describe('Règle métier : colis qui a encaissé de l’argent (encaisse, devise), statut…'),
};

/** Deletion: done (200), or a code was mailed to the administrators and is needed (202). */
const deleteOk = answers(
  {
    200: messageAnswer,
    202: envelope({ success: z.literal(false), otpRequired: z.literal(true), message: z.string() }).describe(
      'a 4-digit code is needed: colis/deleteWithOtp',
    ),
  },
  deleteRefusals,
);

/**
 * One line's price for the wizard (colis/reads.ts prixNature), in the departure's currency (`devise`); the fields
 * after prixLigne are optional so that an older client's schema still validates.
 */
const prixNatureOk = answers({
  200: dataAnswer(
    z.looseObject({
      natureColisID: id,
      libelle: z.string(),
      prixUnitaire: montant.nullable().describe("the group's unit price on the route, in the departure's currency"),
      prixExceptionnel: montant
        .nullable()
        .describe("the nature's own price, which wins when above 0, converted from euros to the departure's currency"),
      paramNatureModeID: id.nullable(),
      prixLigne: montant.describe('the price per kg the line is charged, in the departure currency'),
      devise: devise.optional().describe("the departure's currency (ISO 4217): every amount here is in it"),
      montantMinimum: montant.nullable().optional().describe('the least a line is billed on this unit price, null: none'),
      exceptionnel: z.boolean().optional().describe("whether the price is the nature's exceptional price (converted)"),
      prixExceptionnelEuros: euros.nullable().optional().describe("the nature's exceptional price as it holds it, in euros"),
      tauxExceptionnel: z.string().nullable().optional().describe('units of devise for 1 € that converted it, null: none'),
    }),
  ),
});

/** The answer of a deletion request: done (200), or a code is needed (202). */
function deleteAnswer(result: DeleteOutcome, accepted: () => void) {
  if (result.outcome === 'deleted') return { success: true, message: 'suppression effectuée' };
  accepted();
  const until = result.expiresAt.toLocaleTimeString('fr-FR', { timeZone: BUSINESS_TIME_ZONE, hour: '2-digit', minute: '2-digit' });
  return {
    success: false,
    otpRequired: true,
    // The request decided in the application goes with the code (docs/decisions/deletion-requests.md).
    message: result.newCode
      ? 'Ce colis a déjà été traité : une demande de suppression a été envoyée aux administrateurs, avec un code de confirmation à 4 chiffres. Saisissez le code pour supprimer le colis, ou attendez leur décision.'
      : `Une demande de suppression de ce colis attend déjà la décision des administrateurs ; leur code de confirmation reste valable jusqu'à ${until}. Saisissez-le pour supprimer le colis, ou attendez leur décision.`,
  };
}

/** The parcel routes. */
export async function colisRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['colis'];

  r.get(
    '/api/colis/liste/:userId',
    {
      schema: {
        tags,
        params: z.object({ userId: z.string().max(60) }),
        querystring: listQuerySchema,
        // byAgence (spec 000 §7): the page's rows by agency, for a role that sees every agency (http/byAgence.ts).
        response: answers({ 200: listAnswer('datas', colisRecord).extend({ byAgence: byAgenceAnswer('colis', colisRecord) }) }),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const list = colisList(user);
      if (wantsExport(request.query)) return sendListExport(reply, db, list, request.query, colisExport);
      const page = await runList(db, list, request.query as Record<string, unknown>, { json: true });
      return sendGroupedPage(reply, page, wantsGroups(user.allAgences, request.query), 'colis');
    },
  );

  r.get(
    '/api/colis/getBy/:id',
    {
      schema: {
        tags,
        params: idParams,
        response: answers({ 200: colisGetByAnswer }),
      },
    },
    async (request) => {
      const row = await getColisWithLines(db, request.params.id, currentUser(request));
      return { success: true, colis: toApi(row) };
    },
  );

  r.get(
    '/api/colis/getByReference/:reference',
    {
      schema: {
        tags,
        params: refParams,
        response: answers({ 200: colisGetByReferenceAnswer }),
      },
    },
    async (request) => {
      const { colis, natureColisDetails, suiviToken } = await getColisDetails(db, request.params.reference, currentUser(request));
      return {
        success: true,
        data: toApi(colis),
        prixTotal: Number(colis.montantTotal),
        natureColisDetails: toApi(natureColisDetails),
        suiviUrl: suiviUrl(suiviToken, requestOrigin(request)),
      };
    },
  );

  r.get(
    '/api/colis/getHistoriqueByReference/:reference',
    { schema: { tags, params: refParams, response: answers({ 200: colisHistoriqueAnswer }) } },
    async (request) => {
      const entries = await getColisHistorique(db, request.params.reference, currentUser(request));
      return { success: true, datas: toApi(entries) };
    },
  );

  r.get(
    '/api/colis/getColisByEnvoiId/:envoiId',
    { schema: { tags, params: envoiParams, response: answers({ 200: rowsAnswer('data', colisRecord) }) } },
    async (request) => {
      const rows = await colisOfEnvoi(db, request.params.envoiId, currentUser(request));
      return { success: true, data: toApi(rows) };
    },
  );

  r.post('/api/colis/create', { schema: { tags, body: colisBody, response: answers({ 200: colisWriteAnswer }) } }, async (request) => {
    const user = currentUser(request);
    const created = await createColis(db, request.body, user, takeWriteMark(request));
    return { success: true, message: 'colis ajouté avec succès', data: toApi(created) };
  });

  r.put(
    '/api/colis/update/:id',
    { schema: { tags, params: idParams, body: colisUpdateBody, response: answers({ 200: colisWriteAnswer }) } },
    async (request) => {
      const user = currentUser(request);
      const body = request.body;
      let message = 'colis modifié avec succès';
      if ('isActive' in body) {
        await setColisActive(db, request.params.id, body.isActive, user);
        message = 'Statut mis à jour avec succès !';
      } else if ('envoiID' in body) {
        await updateColis(db, request.params.id, body, user);
      } else {
        // The spec's client echoes the amounts after a payment; encaissement/create already recorded them.
        message = 'Montants à jour';
      }
      return { success: true, message, data: toApi(await getColis(db, { id: request.params.id }, user)) };
    },
  );

  r.delete(
    '/api/colis/delete/:id/:roleCode',
    {
      schema: {
        tags,
        params: z.object({ id: z.uuid({ error: 'Identifiant invalide' }), roleCode: z.string().max(40) }),
        response: deleteOk,
      },
    },
    async (request, reply) => deleteAnswer(await deleteColis(db, { id: request.params.id }, currentUser(request)), () => reply.code(202)),
  );
  r.delete('/api/colis/delete/:reference', { schema: { tags, params: refParams, response: deleteOk } }, async (request, reply) =>
    deleteAnswer(await deleteColis(db, { reference: request.params.reference }, currentUser(request)), () => reply.code(202)),
  );
  r.post(
    '/api/colis/deleteWithOtp',
    {
      schema: {
        tags,
        body: z.object({
          colisId: z.uuid({ error: 'Identifiant invalide' }),
          codeOtp: z
            .string({ error: 'Le code OTP doit contenir 4 chiffres' })
            .trim()
            .regex(/^\d{4}$/, 'Le code OTP doit contenir 4 chiffres'),
        }),
        response: answers({ 200: messageAnswer }, deleteRefusals),
      },
    },
    async (request) => {
      await deleteColisWithOtp(db, request.body.colisId, request.body.codeOtp, currentUser(request));
      return { success: true, message: 'suppression effectuée' };
    },
  );

  for (const [path, to] of [
    ['retirer', 'RETIRE'],
    ['livrer', 'LIVRE'],
  ] as const) {
    r.post(
      `/api/colis/${path}/:id`,
      { schema: { tags, params: idParams, body: finishFields, response: answers({ 200: colisWriteAnswer }) } },
      async (request) => {
        const user = currentUser(request);
        await finishColis(db, request.params.id, to, request.body, user);
        return {
          success: true,
          message: to === 'RETIRE' ? 'Colis marqué retiré' : 'Colis marqué livré',
          data: toApi(await getColis(db, { id: request.params.id }, user)),
        };
      },
    );
  }

  r.get(
    '/api/colis/contactAdminForEnvoi/:envoiId',
    { schema: { tags, params: envoiParams, response: answers({ 200: messageAnswer }) } },
    async (request) => {
      await contactAdminForEnvoi(db, request.params.envoiId, currentUser(request));
      return { success: true, message: 'opération terminée avec succès' };
    },
  );

  r.get('/api/colis/prixNature', { schema: { tags, querystring: prixNatureQuery, response: prixNatureOk } }, async (request) => {
    return { success: true, data: await prixNature(db, request.query, currentUser(request)) };
  });

  // Clients of a departure (spec 000 §2): its senders, each with its parcels' references and statuses.
  r.get(
    '/api/colis/ListClientsBy/:envoiId',
    { schema: { tags, params: envoiParams, response: answers({ 200: colisClientsOfEnvoiAnswer }) } },
    async (request) => {
      const { envoi, clients } = await listClientsOfEnvoi(db, request.params.envoiId, currentUser(request));
      return { success: true, datas: toApi(clients), envoi: { id: envoi.id, reference: envoi.reference } };
    },
  );

  // Shipments of a client (spec 000 §2): parcels it sent or receives, newest first.
  r.get(
    '/api/colis/ListEnvoisBy/:clientId',
    {
      schema: {
        tags,
        params: z.object({ clientId: z.uuid({ error: 'Identifiant invalide' }) }),
        response: answers({ 200: colisEnvoisOfClientAnswer }),
      },
    },
    async (request) => {
      const { client, colis } = await listEnvoisOfClient(db, request.params.clientId, currentUser(request));
      return { success: true, datas: toApi(colis), client: toApi(client) };
    },
  );
}
