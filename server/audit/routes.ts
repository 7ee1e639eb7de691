/**
 * The audit journal (docs/decisions/audit-journal.md):
 * GET /api/audit/liste?entity=&entityId=&userId=&debut=&fin=&page=&limit= pages the changes newest first, with their
 * total (key auditListe; agency-scoped for a role that does not see every agency: audit/query.ts auditPage). Dates are
 * calendar days 'yyyy-MM-dd' in Europe/Paris, both included; page from 1 (default 1), limit 1–100 (default 25);
 * react-admin's _page and _perPage are read too.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import { answers } from '../../common/schemas/answer';
import { badRequest } from '../http/errors';
import { auditPage } from './query';
import { auditListAnswer } from '../../common/schemas/audit';

const day = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} : date attendue au format AAAA-MM-JJ`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${label} : date invalide`)
    .optional();

/** The query of audit/liste. */
const auditQuery = z.object({
  entity: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{1,40}$/, 'Entité invalide')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  entityId: z.uuid({ error: "Identifiant d'entité invalide" }).optional(),
  userId: z.uuid({ error: "Identifiant d'utilisateur invalide" }).optional(),
  debut: day('Du'),
  fin: day('Au'),
  page: z.coerce.number({ error: 'Page invalide' }).int('Page invalide').min(1, 'Page invalide').max(100_000).optional(),
  limit: z.coerce.number({ error: 'Limite invalide' }).int('Limite invalide').min(1).max(100, '100 lignes au plus par page').optional(),
  // react-admin's paging names (src/providers/dataProvider.ts getList): page and limit win when both are given.
  _page: z.coerce.number({ error: 'Page invalide' }).int('Page invalide').min(1, 'Page invalide').max(100_000).optional(),
  _perPage: z.coerce.number({ error: 'Limite invalide' }).int('Limite invalide').min(1).max(100, '100 lignes au plus par page').optional(),
});

/** Registers the journal's route. */
export async function auditRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/audit/liste',
    { schema: { tags: ['audit'], querystring: auditQuery, response: answers({ 200: auditListAnswer }) } },
    async (request) => {
      const q = request.query;
      if (q.debut && q.fin && q.debut > q.fin)
        throw badRequest('La date de début doit précéder la date de fin.', { debut: 'Période invalide' });
      const page = q.page ?? q._page ?? 1;
      const limit = q.limit ?? q._perPage ?? 25;
      const { rows, total } = await auditPage(db, { ...q, page, limit }, currentUser(request));
      return { success: true, datas: rows, total };
    },
  );
}
