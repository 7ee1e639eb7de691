/**
 * GET /api/envoi/manifest/{envoiId} (docs/decisions/departure-manifest.md): a departure with its mode and
 * countries, and a page of its parcels the user may see (colisScope, as colis/liste), by reference, with what the
 * manifest and the labels print. Key `depart` (server/access/routeAccess.ts). 404 'Départ introuvable.' for a
 * departure unknown or outside the user's countries (envoiScope); 400 for a bad id or page.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envoiScope } from '../access/scopes';
import { currentUser } from '../auth/currentUser';
import { manifestPage, MANIFEST_PAGE_MAX } from '../colis/query';
import type { Db } from '../db/client';
import { answers } from '../../common/schemas/answer';
import { envoiManifestAnswer } from '../../common/schemas/envoi';
import { notFound } from '../http/errors';
import { toApi } from '../http/serialize';
import { findEnvoi } from './query';

const envoiParams = z.object({ envoiId: z.uuid({ error: 'Identifiant invalide' }) });

/** Query of envoi/manifest: a page (1-based) of at most MANIFEST_PAGE_MAX parcels. */
const manifestQuery = z.object({
  _page: z.coerce.number({ error: 'Page invalide' }).int('Page invalide').min(1, 'Page invalide').default(1),
  _perPage: z.coerce
    .number({ error: 'Taille de page invalide' })
    .int('Taille de page invalide')
    .min(1, 'Taille de page invalide')
    .max(MANIFEST_PAGE_MAX, `Au plus ${MANIFEST_PAGE_MAX} colis par page`)
    .default(MANIFEST_PAGE_MAX),
});

/** The answers of envoi/manifest. */
const manifestOk = answers({ 200: envoiManifestAnswer });

/** Registers envoi/manifest. */
export async function envoiManifestRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  r.get(
    '/api/envoi/manifest/:envoiId',
    { schema: { tags: ['envoi'], params: envoiParams, querystring: manifestQuery, response: manifestOk } },
    async (request) => {
      const user = currentUser(request);
      const envoi = await findEnvoi(db, request.params.envoiId, envoiScope(user));
      if (!envoi) throw notFound('Départ introuvable.');
      const { _page, _perPage } = request.query;
      const { rows, total } = await manifestPage(db, envoi.id, user, _page, _perPage);
      return { success: true, envoi: toApi(envoi), datas: toApi(rows), total };
    },
  );
}
