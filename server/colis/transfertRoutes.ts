/**
 * Parcels left EN_ATTENTE by a departure's 'en cours d'envoi' and their move to another departure of the same route
 * (docs/decisions/departure-ships-received.md; docs/api-contract.md "Parcels left waiting"):
 * - GET /api/colis/enAttente/{envoiId} (key depart, or colis): the waiting parcels of a departure the user may see
 *   and the open departures of the same route they may go to; 404 for a departure unknown or outside its countries;
 * - POST /api/colis/transferer {colisIDs, envoiID} (key colisUpdate, the parcel edit's: an edit may already change a
 *   waiting parcel's departure): the move, 400 for a malformed body, 404/403/409 as transfererColis says.
 * The rules are in colis/transfert.ts, the body in common/schemas/transfert.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { enAttenteAnswer, TRANSFERT_MESSAGES, transfertAnswer, transfertBody } from '../../common/schemas/transfert';
import { currentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import { answers } from '../../common/schemas/answer';
import { toApi } from '../http/serialize';
import { colisEnAttenteOfEnvoi, transfererColis } from './transfert';

const envoiParams = z.object({ envoiId: z.uuid({ error: 'Identifiant invalide' }) });

/** The answers of colis/enAttente. */
const enAttenteOk = answers({ 200: enAttenteAnswer });

/** The answers of colis/transferer. */
const transfertOk = answers({ 200: transfertAnswer });

/** The routes of the waiting parcels and their move. */
export async function colisTransfertRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['colis'];

  r.get('/api/colis/enAttente/:envoiId', { schema: { tags, params: envoiParams, response: enAttenteOk } }, async (request) => {
    const found = await colisEnAttenteOfEnvoi(db, request.params.envoiId, currentUser(request));
    return { success: true, envoi: found.envoi, datas: toApi(found.colis), departs: toApi(found.departs) };
  });

  r.post('/api/colis/transferer', { schema: { tags, body: transfertBody, response: transfertOk } }, async (request) => {
    const done = await transfererColis(db, request.body, currentUser(request));
    return { success: true, message: TRANSFERT_MESSAGES.succes(done.colisDeplaces, done.envoi.reference), data: done };
  });
}
