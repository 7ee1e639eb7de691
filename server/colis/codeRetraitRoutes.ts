/**
 * The release code's calls (docs/decisions/release-code.md), key retraitColis, for the staff of the parcel's
 * destination agency (or a role that sees every agency; anyone else reads 404):
 * - GET /api/colis/codeRetrait/{id}: the code's state (active and attempts left, locked, used, none), never the code;
 * - POST /api/colis/codeRetrait/{id}: a new code sent to the recipient (the old one dies, a lock is lifted), at most
 *   one a minute (429) and ten per parcel (409); the answer never holds the code;
 * - POST /api/colis/codeRetrait/debloquer/{id}: a code locked by five wrong attempts opens again (409 when not locked).
 * Both journaled without the code. The rules are in colis/codeRetrait.ts, the notice in colis/arrivee.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers, dataAnswer, messageAnswer } from '../../common/schemas/answer';
import { codeRetraitEtat } from '../../common/schemas/colis';
import { currentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import { sendNewCodeRetrait } from './arrivee';
import { codeRetraitState, unlockCodeRetrait } from './codeRetrait';
import { toApi } from '../http/serialize';

const idParams = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });

/** The routes of the release code. */
export async function codeRetraitRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['colis'], params: idParams, response: answers({ 200: messageAnswer }) };

  r.get(
    '/api/colis/codeRetrait/:id',
    { schema: { ...schema, response: answers({ 200: dataAnswer(codeRetraitEtat) }) } },
    async (request) => ({ success: true, data: toApi(await codeRetraitState(db, request.params.id, currentUser(request))) }),
  );

  r.post('/api/colis/codeRetrait/:id', { schema }, async (request) => {
    await sendNewCodeRetrait(db, request.params.id, currentUser(request));
    return { success: true, message: 'Un nouveau code de retrait a été envoyé au destinataire.' };
  });

  r.post('/api/colis/codeRetrait/debloquer/:id', { schema }, async (request) => {
    await unlockCodeRetrait(db, request.params.id, currentUser(request));
    return { success: true, message: 'Code de retrait débloqué : le destinataire peut le saisir à nouveau.' };
  });
}
