/**
 * Public tracking routes (docs/decisions/public-tracking.md), open without sign-in (access/routeAccess.ts PUBLIC) and
 * rate limited per address (config.suiviRateLimit a minute, both routes counted together):
 * - GET /api/public/suivi?reference=…&telephone=… (telephone: the last 4 digits of the recipient's phone)
 * - GET /api/public/suivi/:token (the receipt's QR code, the mails' link)
 * Both answer `{success, data: SuiviColis}` (common/suivi.ts) or the same 404 for anything not found.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { answers, calendarDate, devise, envelope, montant } from '../../common/schemas/answer';
import { tooManyAttempts } from '../http/errors';
import { suiviByReference, suiviByToken } from './service';

const statut = z.object({ code: z.string(), libelle: z.string() });
const lieu = z.object({ ville: z.string().nullable(), pays: z.string().nullable() });

/** A parcel as the public sees it (common/suivi.ts SuiviColis): initials only; plain zod objects drop unknown keys, so a field added
 * to the query by mistake never reaches the answer. */
const suiviRecord = z.object({
  reference: z.string(),
  statut,
  etapes: z.array(z.object({ date: z.string().describe('ISO 8601'), statut })).describe('status changes, oldest first'),
  dateDepart: calendarDate,
  dateArriveePrevue: calendarDate,
  modeEnvoi: z.string().nullable(),
  origine: lieu,
  destination: lieu,
  modeLivraison: z.string().nullable(),
  agenceRetrait: z.object({ libelle: z.string(), ville: z.string().nullable() }).nullable(),
  resteAPayer: montant.describe('still due, in devise'),
  devise: devise.describe("the parcel's currency, its departure's (ISO 4217)"),
  expediteur: z.string().describe("initials, e.g. 'A. D.'"),
  destinataire: z.string().describe("initials, e.g. 'A. D.'"),
  remise: z
    .object({ date: z.string().describe('ISO 8601'), statut: z.enum(['RETIRE', 'LIVRE']), agence: z.string().nullable() })
    .nullable()
    .describe('the hand-over once done: when, how and by which agency; nothing of who took it'),
});

const suiviOk = answers({ 200: envelope({ data: suiviRecord }) });

const lookupQuery = z.object({
  reference: z
    .string({ error: 'La référence du colis est obligatoire' })
    .trim()
    .min(1, 'La référence du colis est obligatoire')
    .max(60, 'Référence trop longue'),
  telephone: z
    .string({ error: 'Les 4 derniers chiffres du téléphone sont obligatoires' })
    .trim()
    .regex(/^[0-9]{4}$/, 'Saisissez les 4 derniers chiffres du téléphone du destinataire'),
});

// At most 100 characters: Fastify's own limit of a path parameter (maxParamLength).
const tokenParams = z.object({ token: z.string().max(100) });

/** The public tracking routes. */
export async function suiviRoutes(app: FastifyInstance, deps: { db: Db; config: Config }) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['public'];
  // One counter per address for both routes (a route's own `config.rateLimit` would count each route apart).
  const limiter = app.createRateLimit({
    max: deps.config.suiviRateLimit,
    timeWindow: 60_000,
    keyGenerator: (request) => `suivi:${request.ip}`,
  });
  const rateLimited = async (request: FastifyRequest) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) throw tooManyAttempts(result.ttl, 'recherches de colis');
  };

  r.get(
    '/api/public/suivi',
    { onRequest: rateLimited, schema: { tags, querystring: lookupQuery, response: suiviOk } },
    async (request) => ({
      success: true,
      data: await suiviByReference(db, request.query, request.ip),
    }),
  );

  r.get(
    '/api/public/suivi/:token',
    { onRequest: rateLimited, schema: { tags, params: tokenParams, response: suiviOk } },
    async (request) => ({
      success: true,
      data: await suiviByToken(db, request.params.token),
    }),
  );
}
