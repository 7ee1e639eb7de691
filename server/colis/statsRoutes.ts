/**
 * Dashboard calls (spec 000 §7; docs/decisions/dashboard-figures.md): colis/getAllData/{userId},
 * colis/colisEnvoyesParMois/{userId}, colis/circularStatistiques/{userId}, key `stats`. The figures are the signed-in
 * user's (its scope, stats.ts); the spec's `{userId}` is accepted and not read, as in colis/liste/{userId}. Answers and
 * definitions:
 * docs/api-contract.md "Dashboard".
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COLIS_STAT_KEYS, ENVOI_STAT_KEYS } from '../../common/dashboard';
import type { Db } from '../db/client';
import { currentUser } from '../auth/currentUser';
import { answers, euros, montant } from '../../common/schemas/answer';
import { circularStats, colisParMois, compactStats, dashboardCounts, dashboardPortee, STATS_COMPACT_EVERY_MS } from './stats';

const params = z.object({ userId: z.string().max(60) });

const count = z.number().int().nonnegative();
const agence = z.object({ id: z.string(), code: z.string(), libelle: z.string(), paysID: z.string() });

const counts = z.object({
  colis: count,
  envois: count,
  clients: count,
  ...Object.fromEntries(Object.values(COLIS_STAT_KEYS).map((k) => [k, count])),
  ...Object.fromEntries(Object.values(ENVOI_STAT_KEYS).map((k) => [k, count])),
});
const monthly = z.array(z.object({ month: z.string().describe('yyyy-MM'), count }));
const financialStats = z.object({
  quantify: z.object({ colisSoldes: count, colisPartiellementPayes: count, colisEnAttente: count }),
  money: z.object({
    totalMontantPaye: euros,
    totalPartiellementPayes: euros,
    totalMontantNonPaye: euros,
    totalMontant: euros,
    totalEncaisse: euros,
    totalResteAPayer: euros,
    partielEncaisse: euros,
    partielReste: euros,
  }),
  parDevise: z
    .array(
      z.object({
        devise: z.string().describe('ISO 4217'),
        totalMontantPaye: montant,
        totalPartiellementPayes: montant,
        totalMontantNonPaye: montant,
        totalMontant: montant,
        partielEncaisse: montant,
        partielReste: montant,
      }),
    )
    .optional()
    .describe('the same amounts in each currency of the parcels, unconverted'),
  horsTaux: count.optional().describe('(currency, month) pairs without an exchange rate: left out of the euros'),
});
const byStatut = z.array(z.object({ statut: z.string(), libelle: z.string(), count }));

const ref = z.object({ id: z.string(), libelle: z.string() });
const allDataAnswer = z.object({
  success: z.literal(true),
  data: counts,
  byAgence: z.array(z.object({ agence, stats: counts })),
  portee: z
    .object({ agence: ref, pays: ref })
    .optional()
    .describe("a role limited to one agency: its agency and that agency's country, what `data` covers"),
});
const parMoisAnswer = z.object({
  success: z.literal(true),
  data: monthly,
  byAgence: z.array(agence.extend({ monthlyData: monthly })),
});
const circularAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    financialStats,
    nbreColisByStatut: byStatut,
    statsByAgence: z.array(z.object({ agence, financialStats, nbreColisByStatut: byStatut })),
  }),
});

/** Registers the three dashboard calls. */
export async function statsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['colis'];
  // The counters are insert-only (migration 0012): fold their delta rows now and then (a failure waits for the next turn).
  const compaction = setInterval(() => {
    compactStats(db).catch((err) => app.log.warn({ err }, 'compaction des compteurs du tableau de bord'));
  }, STATS_COMPACT_EVERY_MS);
  compaction.unref();
  app.addHook('onClose', async () => clearInterval(compaction));

  r.get('/api/colis/getAllData/:userId', { schema: { tags, params, response: answers({ 200: allDataAnswer }) } }, async (request) => {
    const user = currentUser(request);
    const [{ data, byAgence }, portee] = await Promise.all([dashboardCounts(db, user), dashboardPortee(db, user)]);
    return { success: true as const, data, byAgence, ...(portee ? { portee } : {}) };
  });

  r.get(
    '/api/colis/colisEnvoyesParMois/:userId',
    { schema: { tags, params, response: answers({ 200: parMoisAnswer }) } },
    async (request) => {
      const { data, byAgence } = await colisParMois(db, currentUser(request));
      return { success: true as const, data, byAgence };
    },
  );

  r.get(
    '/api/colis/circularStatistiques/:userId',
    { schema: { tags, params, response: answers({ 200: circularAnswer }) } },
    async (request) => {
      return { success: true as const, data: await circularStats(db, currentUser(request)) };
    },
  );
}
