/**
 * The deletion requests of processed parcels (docs/decisions/deletion-requests.md; spec 000 §4 Parcel deletion, the
 * 202 path decided in the application): their list, their approval (the parcel is deleted as with the code) and their
 * refusal with a reason. Keys in access/routeAccess.ts (colisDeleteApprouver; the list also colisDelete, so that an
 * agent reads the state of its requests), rules in colis/deletion.ts, the list in colis/demandesSuppression.ts, the
 * refusal's body in common/schemas/demandeSuppression.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEMANDE_SUPPRESSION_MESSAGES,
  demandeDecisionRefusals,
  demandeEtatFiltre,
  demandeListAnswer,
  demandeRefusBody,
} from '../../common/schemas/demandeSuppression';
import { currentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import { answers, messageAnswer } from '../../common/schemas/answer';
import { runList } from '../http/list';
import { listQuerySchema } from '../http/listQuery';
import { toApi } from '../http/serialize';
import { approveDeletionRequest, refuseDeletionRequest } from './deletion';
import { demandesSuppressionList, type DemandeRow } from './demandesSuppression';

/** Query of the list: paging, sort, search, and the filters `etat`, `colisID`, `agenceID`. */
const listeQuery = listQuerySchema.extend({
  etat: demandeEtatFiltre,
  colisID: z.string().max(2000).optional(),
  agenceID: z.string().max(2000).optional(),
});

/** The deletion request routes. */
export async function demandesSuppressionRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['colis'];
  const idParams = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });

  r.get(
    '/api/colis/demandesSuppression',
    {
      schema: {
        tags,
        description:
          "The parcels' deletion requests, newest first, within the user's scope (its agency's parcels; every one for a " +
          'role that sees every agency). Query: `etat` (EN_ATTENTE, APPROUVEE, REFUSEE, comma-separated), `colisID`, ' +
          '`agenceID`, `q` (reference, requester), `_page`, `_perPage`, `_sort` (createdAt, decideAt, etat, reference), `_order`.',
        querystring: listeQuery,
        response: answers({ 200: demandeListAnswer }),
      },
    },
    async (request) => {
      const { rows, total } = await runList(db, demandesSuppressionList(currentUser(request)), request.query as Record<string, unknown>);
      // mapDemande reshapes the select's row into DemandeRow (the parcel's status and agency nested in colisID).
      return { success: true, datas: toApi(rows as unknown as DemandeRow[]), total };
    },
  );

  r.post(
    '/api/colis/demandesSuppression/approuver/:id',
    {
      schema: {
        tags,
        description:
          'Approves a waiting request (key colisDeleteApprouver): the parcel is deleted as with the code, by the approving ' +
          'user, journaled; the request becomes APPROUVEE. 409: already decided, or the parcel holds collected money.',
        params: idParams,
        response: answers({ 200: messageAnswer }, demandeDecisionRefusals),
      },
    },
    async (request) => {
      await approveDeletionRequest(db, request.params.id, currentUser(request));
      return { success: true, message: DEMANDE_SUPPRESSION_MESSAGES.approuvee };
    },
  );

  r.post(
    '/api/colis/demandesSuppression/refuser/:id',
    {
      schema: {
        tags,
        description:
          'Refuses a waiting request with a reason (key colisDeleteApprouver): REFUSEE, the reason shown to the agent; ' +
          "the parcel's live deletion code is voided. 409: already decided.",
        params: idParams,
        body: demandeRefusBody,
        response: answers({ 200: messageAnswer }),
      },
    },
    async (request) => {
      await refuseDeletionRequest(db, request.params.id, request.body.motif, currentUser(request));
      return { success: true, message: DEMANDE_SUPPRESSION_MESSAGES.refusee };
    },
  );
}
