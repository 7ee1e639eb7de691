/**
 * Fuzzing in the suite (docs/decisions/security-hardening.md): requests derived from every route's own schemas
 * (tests/server/fuzzRequests.ts) — valid, at the boundaries and malformed, signed as an administrator, as an agency
 * agent or not at all — must never answer 5xx and must always answer the declared shape. Bounded for CI
 * (FUZZ_RUNS per route, default 20, seed FUZZ_SEED); `npm run bench:fuzz` runs it longer (FUZZ_RUNS=300).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { setupTestApp, type TestContext } from './helpers';
import { runFuzz } from './fuzzRequests';
import { idByCode, inDays, insertColis } from './fixtures';
import { envois, modesEnvoi, pays, statuts } from '../../server/db/schema';

let t: TestContext;
const ids: string[] = [];
const tokens: string[] = [];

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  const agent = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
  tokens.push(t.adminToken, agent.token);
  // A departure with parcels, so that generated ids reach real records.
  const [e] = await db
    .insert(envois)
    .values({
      reference: 'DEP-FUZZ-1',
      modeEnvoiID: await idByCode(db, modesEnvoi, 'AERIEN'),
      paysID: await idByCode(db, pays, 'SN'),
      paysEmetteurID: await idByCode(db, pays, 'FR'),
      statutID: await idByCode(db, statuts, 'OUVERT'),
      dateFin: inDays(1),
      dateDebut: inDays(2),
      dateArrive: inDays(3),
      poids: '500.000',
    })
    .returning({ id: envois.id });
  await insertColis(db, { envoiID: e.id, statut: 'EN_ATTENTE' });
  await insertColis(db, { envoiID: e.id, statut: 'RECEPTIONNE' });
  // Ids of every reference and business table, but no staff member's (a generated deactivation of the signed-in
  // users would end the run's sessions, not find a bug).
  const rows = (await db.execute(sql`
    SELECT id::text FROM pays UNION ALL SELECT id::text FROM villes UNION ALL SELECT id::text FROM agences
    UNION ALL SELECT id::text FROM roles UNION ALL SELECT id::text FROM privileges UNION ALL SELECT id::text FROM statuts
    UNION ALL SELECT id::text FROM modes_envoi UNION ALL SELECT id::text FROM modes_livraison UNION ALL SELECT id::text FROM modes_paiement
    UNION ALL SELECT id::text FROM groupes_nature_colis UNION ALL SELECT id::text FROM natures_colis
    UNION ALL SELECT id::text FROM param_nature_modes UNION ALL SELECT id::text FROM types_operation
    UNION ALL SELECT id::text FROM envois UNION ALL SELECT id::text FROM colis
    UNION ALL SELECT u.id::text FROM users u JOIN type_users t ON t.id = u.type_user_id WHERE t.code = 'CLIENT'`)) as unknown as {
    rows: { id: string }[];
  };
  ids.push(...rows.rows.map((r) => r.id));
});
afterAll(() => t.close());

describe('fuzzing every route from its own schemas', () => {
  it('never answers 5xx, always the declared shape', async () => {
    const runsPerRoute = Number(process.env.FUZZ_RUNS ?? 20);
    const report = await runFuzz(t.app, { runsPerRoute, seed: Number(process.env.FUZZ_SEED ?? 20261122), ids, tokens });
    console.log(`fuzz: ${report.requests} requêtes, statuts ${JSON.stringify(report.byStatus)}, ${report.failures.length} échecs`);
    expect(report.requests).toBeGreaterThan(100 * Math.min(runsPerRoute, 10));
    expect(report.failures.slice(0, 10)).toEqual([]);
  }, 600_000);
});
