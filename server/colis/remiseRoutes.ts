/**
 * The proof of a parcel's release (docs/decisions/release-proof.md):
 * - POST /api/colis/mandataire/{id} (key colisMandataire): a proxy authorised to collect the parcel, by the staff of
 *   its sender's or its destination agency (404 for anyone else, 409 once handed over); the answer never holds the
 *   document's number;
 * - GET /api/colis/mandataires/{id} (key colisMandataire, or retraitColis at the counter): the parcel's proxies;
 * - GET /api/colis/remise/{id} (key retraitColis): the release record — who, when, where, how the person was
 *   identified, the document's last 4 — for the destination agency's staff (404 for anyone else); null before;
 * - GET /api/colis/remise/{id}/signature and /photo (key retraitColis): the images, same scope, never cached.
 * The rules are in colis/remise.ts; the release itself is POST colis/retirer|livrer (routes.ts, journey.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers, dataAnswer, rowsAnswer } from '../../common/schemas/answer';
import { mandataireBody, mandataireRecord, remiseRecord } from '../../common/schemas/colis';
import { currentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import { toApi } from '../http/serialize';
import { authorizeMandataire, mandatairesOf, remiseImage, remiseOf } from './remise';

const idParams = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });
const tags = ['colis'];

/** The answers of an image: its bytes (sent as they are, Content-Type image/png or image/jpeg), or a refusal. */
const imageOk = answers({ 200: z.string().describe('the image: image/png (a signature) or image/png / image/jpeg (a photo)') });

/** The routes of the release's proof. */
export async function remiseRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/colis/mandataire/:id',
    { schema: { tags, params: idParams, body: mandataireBody, response: answers({ 200: dataAnswer(mandataireRecord) }) } },
    async (request) => {
      const created = await authorizeMandataire(db, request.params.id, request.body, currentUser(request));
      return { success: true, message: 'Mandataire autorisé à retirer le colis.', data: toApi(created) };
    },
  );

  r.get(
    '/api/colis/mandataires/:id',
    { schema: { tags, params: idParams, response: answers({ 200: rowsAnswer('datas', mandataireRecord) }) } },
    async (request) => ({ success: true, datas: toApi(await mandatairesOf(db, request.params.id, currentUser(request))) }),
  );

  r.get(
    '/api/colis/remise/:id',
    { schema: { tags, params: idParams, response: answers({ 200: dataAnswer(remiseRecord) }) } },
    async (request) => ({ success: true, data: toApi(await remiseOf(db, request.params.id, currentUser(request))) }),
  );

  for (const which of ['signature', 'photo'] as const) {
    r.get(`/api/colis/remise/:id/${which}`, { schema: { tags, params: idParams, response: imageOk } }, async (request, reply) => {
      const image = await remiseImage(db, request.params.id, which, currentUser(request));
      // A Buffer is sent as it is, never serialized: the declared string only describes the bytes in /api/docs.
      return reply
        .type(image.type)
        .header('cache-control', 'private, no-store')
        .send(image.bytes as unknown as string);
    });
  }
}
