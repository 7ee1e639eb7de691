/**
 * Dashboard calls (spec 000 §2 Dashboard, §3, §7; docs/decisions/dashboard-figures.md; docs/api-contract.md
 * "Dashboard"): the shapes of colis/getAllData, colis/colisEnvoyesParMois and colis/circularStatistiques; their
 * identities (counts add up, money adds up); every figure equal to the total of the list it counts
 * (colis/liste?statut=…, envoi/liste?statut=…, user/listeClients), for ADMIN, per agency and for agents, on the demo
 * data and after registering, editing, paying, shipping, delivering and deleting parcels through the API; the agency
 * scope; the key `stats`; and the counters (migration 0003) never drifting from a recount over the parcels.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { COLIS_STAT_KEYS, ENVOI_STAT_KEYS, lastTwelveMonths } from '../../common/dashboard';
import { COLIS_STATUT_CODES } from '../../common/colisRules';
import { centsToNumber, toCents } from '../../common/money';
import { loadCurrentUser, type CurrentUser } from '../../server/auth/currentUser';
import { circularStats, colisParMois, compactStats, dashboardCounts } from '../../server/colis/stats';
import { seedDemo } from '../../server/db/seed/demo';
import { setFastSwitches } from '../../server/db/fast/switches';
import {
  agences,
  colis,
  encaissements,
  envois,
  modesEnvoi,
  modesLivraison,
  modesPaiement,
  naturesColis,
  pays,
  users,
  villes,
} from '../../server/db/schema';
import { clientRecountScope, clientScope, colisScope } from '../../server/access/scopes';
import { setupTestApp, type TestContext } from './helpers';
import { idByCode, inDays, insertColis, listDaysDrift, RELEASE_PROOF } from './fixtures';

type Staff = { id: string; token: string };
let t: TestContext;
const staff: Record<'paris' | 'dakar' | 'bamako' | 'abidjan' | 'noStats', Staff> = {} as never;
const id: Record<string, string> = {};

async function byCode(table: typeof naturesColis | typeof villes | typeof modesLivraison | typeof modesPaiement, code: string) {
  const [row] = await t.database.db.select({ id: table.id }).from(table).where(eq(table.code, code));
  return row.id;
}

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  await seedDemo(db, { colisCount: 300 });
  Object.assign(id, {
    FR: await idByCode(db, pays, 'FR'),
    SN: await idByCode(db, pays, 'SN'),
    ML: await idByCode(db, pays, 'ML'),
    AERIEN: await idByCode(db, modesEnvoi, 'AERIEN'),
    DKR: await byCode(villes, 'DKR'),
    BKO: await byCode(villes, 'BKO'),
    VET: await byCode(naturesColis, 'VET_ADULTE'),
    AGENCE: await byCode(modesLivraison, 'AGENCE'),
    ESPECES: await byCode(modesPaiement, 'ESPECES'),
    ABJ1: await idByCode(db, agences, 'ABJ1'),
  });
  staff.paris = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
  staff.dakar = await t.createStaff('AGENT', { agenceCode: 'DKR1' });
  staff.bamako = await t.createStaff('AGENT', { agenceCode: 'BKO1' });
  staff.abidjan = await t.createStaff('AGENT', { agenceCode: 'ABJ1' });
  // A role without the key `stats` (the CLIENT role holds no key).
  staff.noStats = await t.createStaff('CLIENT', { agenceCode: 'PAR1' });
});
afterAll(() => t.close());

// ---------------------------------------------------------------- helpers

/** The three calls of a user. */
async function dashboard(token: string) {
  const [all, mois, circ] = await Promise.all(
    ['getAllData', 'colisEnvoyesParMois', 'circularStatistiques'].map((call) => t.call('GET', `/api/colis/${call}/moi`, { token })),
  );
  for (const r of [all, mois, circ]) expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { all: all.body, mois: mois.body, circ: circ.body };
}

/** The `total` a list answers for these query parameters. */
async function total(path: string, token: string, query: Record<string, string> = {}) {
  const qs = new URLSearchParams({ _page: '1', _perPage: '1', ...query });
  const res = await t.call('GET', `/api/${path}?${qs}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.total as number;
}

const cents = (n: number) => toCents(n);

/** The identities of one user's answers: counts and money add up. */
function expectIdentities(d: Awaited<ReturnType<typeof dashboard>>) {
  const data = d.all.data;
  const colisKeys = Object.values(COLIS_STAT_KEYS);
  const envoiKeys = Object.values(ENVOI_STAT_KEYS);
  expect(colisKeys.reduce((n, k) => n + data[k], 0)).toBe(data.colis);
  expect(envoiKeys.reduce((n, k) => n + data[k], 0)).toBe(data.envois);
  const { quantify, money } = d.circ.data.financialStats;
  expect(quantify.colisSoldes + quantify.colisPartiellementPayes + quantify.colisEnAttente).toBe(data.colis);
  expect(d.circ.data.nbreColisByStatut.reduce((n: number, s: { count: number }) => n + s.count, 0)).toBe(data.colis);
  for (const s of d.circ.data.nbreColisByStatut) expect(s.count).toBe(data[COLIS_STAT_KEYS[s.statut as keyof typeof COLIS_STAT_KEYS]]);
  expect(cents(money.totalMontantPaye) + cents(money.totalPartiellementPayes) + cents(money.totalMontantNonPaye)).toBe(
    cents(money.totalMontant),
  );
  expect(cents(money.totalEncaisse) + cents(money.totalResteAPayer)).toBe(cents(money.totalMontant));
  expect(cents(money.partielEncaisse) + cents(money.partielReste)).toBe(cents(money.totalPartiellementPayes));
  // Parcels with nothing settled owe their whole amount; settled parcels owe nothing.
  expect(cents(money.totalResteAPayer)).toBe(cents(money.totalMontantNonPaye) + cents(money.partielReste));
  expect(d.mois.data.map((m: { month: string }) => m.month)).toEqual(lastTwelveMonths());
}

/** Every figure of a user's getAllData equals the total of the list it counts. */
async function expectEqualsLists(d: Awaited<ReturnType<typeof dashboard>>, token: string) {
  const data = d.all.data;
  expect(await total('colis/liste/moi', token)).toBe(data.colis);
  for (const [code, key] of Object.entries(COLIS_STAT_KEYS)) {
    expect(await total('colis/liste/moi', token, { statut: code }), `colis ${code}`).toBe(data[key]);
  }
  expect(await total('envoi/liste', token)).toBe(data.envois);
  for (const [code, key] of Object.entries(ENVOI_STAT_KEYS)) {
    expect(await total('envoi/liste', token, { statut: code }), `envoi ${code}`).toBe(data[key]);
  }
  expect(await total('user/listeClients', token)).toBe(data.clients);
}

/** ADMIN's byAgence: each agency's parcels equal the list filtered on it, its departures those leaving its country. */
async function expectByAgenceEqualsLists(d: Awaited<ReturnType<typeof dashboard>>) {
  const rows = await t.database.db.select({ id: agences.id, paysID: agences.paysID }).from(agences);
  const paysOf = new Map(rows.map((r) => [r.id, r.paysID]));
  expect(d.all.byAgence).toHaveLength(rows.length);
  for (const { agence, stats } of d.all.byAgence) {
    expect(await total('colis/liste/moi', t.adminToken, { agenceID: agence.id })).toBe(stats.colis);
    for (const code of ['EN_ATTENTE', 'EXPEDIE'] as const) {
      expect(await total('colis/liste/moi', t.adminToken, { agenceID: agence.id, statut: code })).toBe(stats[COLIS_STAT_KEYS[code]]);
    }
    expect(await total('envoi/liste', t.adminToken, { paysEmetteurID: paysOf.get(agence.id)! })).toBe(stats.envois);
    expect(await total('envoi/liste', t.adminToken, { paysEmetteurID: paysOf.get(agence.id)!, statut: 'OUVERT' })).toBe(stats.envoiOuverts);
  }
  // Each parcel is registered by one agency: the agencies add up to the whole.
  for (const key of ['colis', ...Object.values(COLIS_STAT_KEYS)] as const) {
    expect(d.all.byAgence.reduce((n: number, a: { stats: Record<string, number> }) => n + a.stats[key], 0)).toBe(d.all.data[key]);
  }
  const monthSum = (series: { count: number }[]) => series.reduce((n, m) => n + m.count, 0);
  expect(d.mois.byAgence.reduce((n: number, a: { monthlyData: { count: number }[] }) => n + monthSum(a.monthlyData), 0)).toBe(
    monthSum(d.mois.data),
  );
  const totals = d.circ.data.statsByAgence.map((a: { financialStats: { money: { totalMontant: number } } }) =>
    cents(a.financialStats.money.totalMontant),
  );
  expect(totals.reduce((a: bigint, b: bigint) => a + b, 0n)).toBe(cents(d.circ.data.financialStats.money.totalMontant));
}

/** The counters answer exactly what a recount over the parcels answers, for ADMIN and every agent. */
async function expectNoDrift() {
  const db = t.database.db;
  for (const userId of [await adminUserId(), ...['paris', 'dakar', 'bamako', 'abidjan'].map((k) => staff[k as 'paris'].id)]) {
    const user = (await loadCurrentUser(db, userId))!;
    expect(await dashboardCounts(db, user, 'counters')).toEqual(await dashboardCounts(db, user, 'parcels'));
    expect(await colisParMois(db, user, 'counters')).toEqual(await colisParMois(db, user, 'parcels'));
    expect(await circularStats(db, user, 'counters')).toEqual(await circularStats(db, user, 'parcels'));
  }
  // The lists' rows per day of deep pages (migrations 0014 and 0017).
  const days = await listDaysDrift(db);
  expect(days.counted).toEqual(days.recounted);
}

let adminUserIdCache: string | undefined;
async function adminUserId() {
  if (!adminUserIdCache) {
    const res = await t.database.db.execute(sql`SELECT id FROM users WHERE email = 'admin@test.local'`);
    adminUserIdCache = (res as unknown as { rows: { id: string }[] }).rows[0].id;
  }
  return adminUserIdCache;
}

/** Everything checked for every user: identities, lists, no drift; with `byAgence`, ADMIN's per-agency lists too. */
async function expectAllConsistent({ byAgence = false } = {}) {
  const admin = await dashboard(t.adminToken);
  expectIdentities(admin);
  await expectEqualsLists(admin, t.adminToken);
  if (byAgence) await expectByAgenceEqualsLists(admin);
  for (const who of ['paris', 'dakar', 'bamako'] as const) {
    const d = await dashboard(staff[who].token);
    expectIdentities(d);
    await expectEqualsLists(d, staff[who].token);
    expect(d.all.byAgence).toEqual([]);
    expect(d.mois.byAgence).toEqual([]);
    expect(d.circ.data.statsByAgence).toEqual([]);
  }
  await expectNoDrift();
}

// ---------------------------------------------------------------- journey helpers

/** The body of a departure France → `paysID` (envoi/create, envoi/update). */
const envoiBody = (paysID: string) => ({
  modeEnvoiID: id.AERIEN,
  paysID,
  paysEmetteurID: id.FR,
  dateFin: inDays(1),
  dateDebut: inDays(2),
  dateArrive: inDays(3),
  contenu: 'Fret',
  poids: 500,
});

async function newEnvoi(paysID: string) {
  const res = await t.call('POST', '/api/envoi/create', { token: t.adminToken, body: envoiBody(paysID) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: string };
}

let phone = 771230000;
/** Dial code and number length of the recipient's country (the destination's), seed/reference.ts. */
const RECIPIENT_PHONE: Record<string, [string, number]> = { DKR: ['+221', 9], BKO: ['+223', 8] };
const colisBody = (envoiID: string, ville: 'DKR' | 'BKO', over: Record<string, unknown> = {}) => ({
  envoiID,
  villeID: id[ville],
  modeLivraisonID: id.AGENCE,
  naturesColis: [{ natureColisID: id.VET, poids: 3 }],
  detailsContenu: 'Vêtements',
  expediteurNom: 'Sow',
  expediteurPrenom: 'Aminata',
  NumeroSaisi: `+33${phone++}`,
  nomDestinataire: 'Ba',
  prenomsDestinataire: 'Ousmane',
  adresseDestinataire: 'Centre-ville',
  telephoneDestinataire: `${RECIPIENT_PHONE[ville][0]}${String(phone++).slice(-RECIPIENT_PHONE[ville][1])}`,
  ...over,
});

async function register(envoiID: string, ville: 'DKR' | 'BKO', over: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/api/colis/create', { token: staff.paris.token, body: colisBody(envoiID, ville, over) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as {
    id: string;
    montantTotal: number;
    reglement: number;
    resteAPayer: number;
    expediteurID: { id: string };
    destinataireID: { id: string };
  };
}

async function setEnvoiStatus(envoiID: string, code: string) {
  const res = await t.call('PUT', `/api/envoi/update/${envoiID}`, { token: t.adminToken, body: { statutID: code } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

// ---------------------------------------------------------------- tests

describe('dashboard calls', () => {
  it('answer the shapes of spec 000 §7 to ADMIN, with one entry per agency', async () => {
    const d = await dashboard(t.adminToken);
    expect(d.all).toMatchObject({ success: true });
    expect(Object.keys(d.all.data).sort()).toEqual(
      ['colis', 'envois', 'clients', ...Object.values(COLIS_STAT_KEYS), ...Object.values(ENVOI_STAT_KEYS)].sort(),
    );
    expect(d.all.data.colis).toBe(300);
    expect(d.all.byAgence).toHaveLength(6);
    expect(d.all.byAgence[0]).toMatchObject({ agence: { id: expect.any(String), code: expect.any(String), libelle: expect.any(String) } });
    expect(d.mois.data).toHaveLength(12);
    expect(d.mois.data[0]).toEqual({ month: expect.stringMatching(/^\d{4}-\d{2}$/), count: expect.any(Number) });
    expect(d.mois.byAgence[0]).toMatchObject({ id: expect.any(String), monthlyData: expect.any(Array) });
    expect(d.circ.data.financialStats).toEqual({
      quantify: { colisSoldes: expect.any(Number), colisPartiellementPayes: expect.any(Number), colisEnAttente: expect.any(Number) },
      money: expect.objectContaining({ totalMontantPaye: expect.any(Number), totalMontantNonPaye: expect.any(Number) }),
      parDevise: expect.arrayContaining([expect.objectContaining({ devise: 'EUR' }), expect.objectContaining({ devise: 'XOF' })]),
      horsTaux: 0,
    });
    expect(d.circ.data.nbreColisByStatut.map((s: { statut: string }) => s.statut)).toEqual(COLIS_STATUT_CODES);
    expect(d.circ.data.statsByAgence).toHaveLength(6);
    // The demo's year: parcels of every status and of every payment state.
    expect(d.all.data.colisExpedies + d.all.data.colisRetires + d.all.data.colisLivres).toBeGreaterThan(0);
    expect(d.circ.data.financialStats.quantify.colisSoldes).toBeGreaterThan(0);
    expect(d.circ.data.financialStats.quantify.colisPartiellementPayes).toBeGreaterThan(0);
  });

  it('add up and equal the filtered lists on the demo data, for ADMIN, per agency and for agents; counters equal a recount', async () => {
    await expectAllConsistent({ byAgence: true });
  }, 180_000);

  it("money equals what the parcels and their payments say: in each currency, and in euros at each month's rate", async () => {
    const d = await dashboard(t.adminToken);
    const { money, parDevise } = d.circ.data.financialStats;
    // Each currency: the sums of its parcels, and the payments not cancelled in it.
    const res = await t.database.db.execute(sql`
      SELECT c.devise, sum(c.montant_total)::text AS total, sum(c.reglement)::text AS regle, sum(c.reste_a_payer)::text AS reste,
             (SELECT coalesce(sum(e.montant_encaisse), 0) FROM encaissements e JOIN colis k ON k.id = e.colis_id
               WHERE e.deleted_at IS NULL AND k.deleted_at IS NULL AND k.devise = c.devise)::text AS paid
        FROM colis c WHERE c.deleted_at IS NULL GROUP BY c.devise ORDER BY c.devise`);
    const rows = (res as unknown as { rows: Record<string, string>[] }).rows;
    expect(rows.length).toBeGreaterThan(1);
    expect(parDevise.map((x: { devise: string }) => x.devise)).toEqual(rows.map((r) => r.devise));
    for (const row of rows) {
      const own = parDevise.find((x: { devise: string }) => x.devise === row.devise);
      expect(cents(own.totalMontant), row.devise).toBe(toCents(row.total));
      expect(cents(own.totalMontantPaye) + cents(own.partielEncaisse), row.devise).toBe(toCents(row.regle));
      expect(cents(own.totalMontantNonPaye) + cents(own.partielReste), row.devise).toBe(toCents(row.reste));
      expect(toCents(row.regle), row.devise).toBe(toCents(row.paid));
    }
    // In euros: each group of parcels (agency, payment state, currency, month; not the status) at the rate in force on
    // its month's first day, rounded once to the cent (PostgreSQL round: half away from zero); the rest is the difference.
    const eur = await t.database.db.execute(sql`
      WITH g AS (
        SELECT devise, colis_mois(created_at) AS mois, sum(montant_total) AS t, sum(reglement) AS r FROM colis
         WHERE deleted_at IS NULL
         GROUP BY agence_id, colis_paiement(reste_a_payer, reglement), devise, colis_mois(created_at))
      SELECT sum(CASE WHEN g.devise = 'EUR' THEN g.t ELSE round(g.t / x.taux, 2) END)::text AS total,
             sum(CASE WHEN g.devise = 'EUR' THEN g.r ELSE round(g.r / x.taux, 2) END)::text AS regle
        FROM g LEFT JOIN LATERAL (SELECT taux FROM taux_change WHERE devise = g.devise AND date_debut <= g.mois
                                   ORDER BY date_debut DESC LIMIT 1) x ON true`);
    const euros = (eur as unknown as { rows: Record<string, string>[] }).rows[0];
    expect(cents(money.totalMontant)).toBe(toCents(euros.total));
    expect(cents(money.totalEncaisse)).toBe(toCents(euros.regle));
    expect(cents(money.totalResteAPayer)).toBe(toCents(euros.total) - toCents(euros.regle));
    // The months: every parcel registered since the first month of the chart.
    const first = lastTwelveMonths()[0];
    const recent = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM colis WHERE deleted_at IS NULL AND created_at >= (${first + '-01'}::date AT TIME ZONE 'Europe/Paris')`,
    );
    expect(d.mois.data.reduce((n: number, m: { count: number }) => n + m.count, 0)).toBe(
      (recent as unknown as { rows: { n: number }[] }).rows[0].n,
    );
  });

  it('need the key stats (403 without it, 401 signed out)', async () => {
    for (const call of ['getAllData', 'colisEnvoyesParMois', 'circularStatistiques']) {
      expect((await t.call('GET', `/api/colis/${call}/x`, { token: staff.noStats.token })).status).toBe(403);
      expect((await t.call('GET', `/api/colis/${call}/x`)).status).toBe(401);
    }
  });
});

describe('dashboard through a parcel journey', () => {
  it('follows registering, paying, shipping, arriving, picking up, editing and deleting, in every scope', async () => {
    const before = {
      admin: (await dashboard(t.adminToken)).all.data,
      paris: (await dashboard(staff.paris.token)).all.data,
      dakar: (await dashboard(staff.dakar.token)).all.data,
      abidjan: await dashboard(staff.abidjan.token),
    };

    // Register two parcels at Paris for Dakar: one with nothing settled, one with an advance.
    const versDakar = await newEnvoi(id.SN);
    const a = await register(versDakar.id, 'DKR');
    const b = await register(versDakar.id, 'DKR', { reglement: 10, encaissement: { modePaiementID: id.ESPECES } });
    let admin = (await dashboard(t.adminToken)).all.data;
    expect(admin.colis).toBe(before.admin.colis + 2);
    expect(admin.colisEnAttente).toBe(before.admin.colisEnAttente + 1);
    expect(admin.colisReceptionnes).toBe(before.admin.colisReceptionnes + 1);
    expect(admin.envoiOuverts).toBe(before.admin.envoiOuverts + 1);
    expect(admin.clients).toBe(before.admin.clients + 4);
    expect((await dashboard(staff.paris.token)).all.data.colis).toBe(before.paris.colis + 2);
    expect((await dashboard(staff.dakar.token)).all.data.colis).toBe(before.dakar.colis + 2);
    // An agency of another country sees none of it.
    expect(await dashboard(staff.abidjan.token)).toEqual(before.abidjan);
    const partial = (await dashboard(t.adminToken)).circ.data.financialStats;
    await expectAllConsistent();

    // Pay the rest of the second one: settled.
    const pay = await t.call('POST', '/api/encaissement/create', {
      token: staff.paris.token,
      body: { colisID: b.id, modePaiementID: id.ESPECES, paymentby: 'destinateur' },
    });
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    const settled = (await dashboard(t.adminToken)).circ.data.financialStats;
    expect(settled.quantify.colisSoldes).toBe(partial.quantify.colisSoldes + 1);
    expect(settled.quantify.colisPartiellementPayes).toBe(partial.quantify.colisPartiellementPayes - 1);
    expect(cents(settled.money.totalMontantPaye) - cents(partial.money.totalMontantPaye)).toBe(cents(b.montantTotal));
    expect(cents(settled.money.totalEncaisse) - cents(partial.money.totalEncaisse)).toBe(cents(b.resteAPayer));
    await expectAllConsistent();

    // Ship: only the received parcel leaves, the waiting one stays (docs/decisions/departure-ships-received.md); it is
    // moved to the next departure (colis/transferer), then the first one arrives.
    await setEnvoiStatus(versDakar.id, 'EN_COURS_ENVOI');
    admin = (await dashboard(t.adminToken)).all.data;
    expect(admin.colisEnCoursDenvoi).toBe(before.admin.colisEnCoursDenvoi + 1);
    expect(admin.colisEnAttente).toBe(before.admin.colisEnAttente + 1);
    expect(admin.envoiEnCoursDenvoi).toBe(before.admin.envoiEnCoursDenvoi + 1);
    await expectAllConsistent();
    const suivant = await newEnvoi(id.SN);
    const transfert = await t.call('POST', '/api/colis/transferer', {
      token: staff.paris.token,
      body: { colisIDs: [a.id], envoiID: suivant.id },
    });
    expect(transfert.status, JSON.stringify(transfert.body)).toBe(200);
    expect((await dashboard(t.adminToken)).all.data.colisEnAttente).toBe(before.admin.colisEnAttente + 1);
    await expectAllConsistent();
    await setEnvoiStatus(versDakar.id, 'ARRIVE');
    expect((await dashboard(t.adminToken)).all.data.colisExpedies).toBe(before.admin.colisExpedies + 1);
    const retrait = await t.call('POST', `/api/colis/retirer/${b.id}`, { token: staff.dakar.token, body: { ...RELEASE_PROOF } });
    expect(retrait.status, JSON.stringify(retrait.body)).toBe(200);
    expect((await dashboard(t.adminToken)).all.data.colisRetires).toBe(before.admin.colisRetires + 1);
    await expectAllConsistent();

    // A parcel for Bamako, moved by an edit to a departure for Dakar: Bamako sees it, then no longer; Dakar the other way.
    const bamakoBefore = (await dashboard(staff.bamako.token)).all.data.colis;
    const dakarBefore = (await dashboard(staff.dakar.token)).all.data.colis;
    const versBamako = await newEnvoi(id.ML);
    const versDakar2 = await newEnvoi(id.SN);
    const c = await register(versBamako.id, 'BKO');
    expect((await dashboard(staff.bamako.token)).all.data.colis).toBe(bamakoBefore + 1);
    await expectAllConsistent();
    const edit = await t.call('PUT', `/api/colis/update/${c.id}`, {
      token: staff.paris.token,
      body: colisBody(versDakar2.id, 'DKR', { naturesColis: [{ natureColisID: id.VET, poids: 4 }] }),
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await dashboard(staff.bamako.token)).all.data.colis).toBe(bamakoBefore);
    expect((await dashboard(staff.dakar.token)).all.data.colis).toBe(dakarBefore + 1);
    await expectAllConsistent();

    // The departure's destination and an agency's country changed in the database: the counters follow.
    await t.database.db.execute(sql`UPDATE envois SET pays_id = ${id.ML} WHERE id = ${versDakar2.id}`);
    expect((await dashboard(staff.bamako.token)).all.data.colis).toBe(bamakoBefore + 1);
    expect((await dashboard(staff.dakar.token)).all.data.colis).toBe(dakarBefore);
    await t.database.db.execute(sql`UPDATE agences SET pays_id = ${id.ML} WHERE id = ${id.ABJ1}`);
    await expectNoDrift();
    await t.database.db.execute(sql`UPDATE agences SET pays_id = (SELECT id FROM pays WHERE code = 'CI') WHERE id = ${id.ABJ1}`);
    await t.database.db.execute(sql`UPDATE envois SET pays_id = ${id.SN} WHERE id = ${versDakar2.id}`);
    await expectNoDrift();

    // Deleted (soft): it leaves every figure.
    const del = await t.call('DELETE', `/api/colis/delete/${c.id}/AGENT`, { token: staff.paris.token });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    admin = (await dashboard(t.adminToken)).all.data;
    expect(admin.colis).toBe(before.admin.colis + 2);
    await expectAllConsistent();

    // A cancelled payment gives its amount back to the parcel.
    const [p] = await t.database.db.select({ id: encaissements.id }).from(encaissements).where(eq(encaissements.colisID, b.id)).limit(1);
    const cancel = await t.call('DELETE', `/api/encaissement/delete/${p.id}`, { token: t.adminToken });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    await expectAllConsistent({ byAgence: true });
    expect(a.reglement).toBe(0);
  }, 900_000);
});

describe('list totals from the counters', () => {
  /** Every list total the counters answer equals a recount of the list's rows (access/listTotals.ts against runList's count). */
  async function expectListTotalsEqualRecount() {
    const db = t.database.db;
    const statuts = (await db.execute(sql`SELECT code FROM statuts`)) as unknown as { rows: { code: string }[] };
    for (const userId of [await adminUserId(), ...(['paris', 'dakar', 'bamako', 'abidjan'] as const).map((k) => staff[k].id)]) {
      const user = (await loadCurrentUser(db, userId))!;
      const token = userId === (await adminUserId()) ? t.adminToken : Object.values(staff).find((s) => s.id === userId)!.token;
      const recount = async (where: SQL) =>
        Number(
          (
            (await db.execute(sql`SELECT count(*)::int AS n FROM ${colis} WHERE ${and(colisScope(user), where)}`)) as unknown as {
              rows: { n: number }[];
            }
          ).rows[0].n,
        );
      expect(await total('colis/liste/x', token)).toBe(await recount(sql`true`));
      for (const { code } of statuts.rows)
        expect(await total('colis/liste/x', token, { statut: code }), code).toBe(
          await recount(sql`${colis.statutID} IN (SELECT id FROM statuts WHERE code = ${code})`),
        );
      expect(await total('colis/liste/x', token, { agenceID: id.ABJ1 })).toBe(await recount(eq(colis.agenceID, id.ABJ1)));
      const clientType = (await db.execute(sql`SELECT id FROM type_users WHERE code = 'CLIENT'`)) as unknown as { rows: { id: string }[] };
      const clients = (await db.execute(
        sql`SELECT count(*)::int AS n FROM ${users} WHERE ${and(eq(users.typeUserID, clientType.rows[0].id), clientRecountScope(user))}`,
      )) as unknown as { rows: { n: number }[] };
      expect(await total('user/listeClients', token)).toBe(Number(clients.rows[0].n));
    }
  }

  it('equal a recount after concurrent registrations, payments, deletions and a status cascade', async () => {
    await expectListTotalsEqualRecount();
    const versDakar = await newEnvoi(id.SN);
    const versBamako = await newEnvoi(id.ML);
    const first = await Promise.all([register(versDakar.id, 'DKR'), register(versBamako.id, 'BKO'), register(versDakar.id, 'DKR')]);
    // All at once: registrations on both departures, payments and a deletion.
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) =>
        t.call('POST', '/api/colis/create', {
          token: staff.paris.token,
          body: colisBody(
            i % 2 ? versBamako.id : versDakar.id,
            i % 2 ? 'BKO' : 'DKR',
            i % 2 ? {} : { reglement: 5, encaissement: { modePaiementID: id.ESPECES } },
          ),
        }),
      ),
      t.call('POST', '/api/encaissement/create', {
        token: staff.paris.token,
        body: { colisID: first[0].id, modePaiementID: id.ESPECES, paymentby: 'destinateur' },
      }),
      t.call('DELETE', `/api/colis/delete/${first[2].id}/AGENT`, { token: staff.paris.token }),
      // The departure's status cascade beside them (a deletion locks the departure before the parcel, as it does).
      t.call('PUT', `/api/envoi/update/${versBamako.id}`, { token: t.adminToken, body: { statutID: 'EN_COURS_ENVOI' } }),
    ]);
    // A registration on the shipped departure is refused (409); nothing else fails.
    for (const a of answers) expect([200, 409], JSON.stringify(a.body)).toContain(a.status);
    expect(answers.at(-1)!.status).toBe(200);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(3);
    await expectListTotalsEqualRecount();
    await expectNoDrift();
  }, 240_000);
});

describe('counters under concurrent writes', () => {
  it('registrations, a departure status cascade and a compaction at once: no deadlock, nothing overbooked, counters = recount', async () => {
    const db = t.database.db;
    const envoi = await newEnvoi(id.SN);
    const before = (await dashboard(t.adminToken)).all.data;
    // 24 registrations of 3 kg, every other one with an advance (received: the cascade ships it; the others stay
    // waiting, docs/decisions/departure-ships-received.md); the departure is shipped (status cascade over its parcels)
    // and the counters are folded while they run. On PostgreSQL they truly interleave; on PGlite one after the other.
    const advance = { reglement: 5, encaissement: { modePaiementID: id.ESPECES } };
    const registrations = Array.from({ length: 24 }, (_, i) =>
      t.call('POST', '/api/colis/create', { token: staff.paris.token, body: colisBody(envoi.id, 'DKR', i % 2 ? {} : advance) }),
    );
    const cascade = (async () => {
      await new Promise((r) => setTimeout(r, 30));
      return t.call('PUT', `/api/envoi/update/${envoi.id}`, { token: t.adminToken, body: { statutID: 'EN_COURS_ENVOI' } });
    })();
    const [answers, shipped] = await Promise.all([Promise.all(registrations), cascade, compactStats(db)]).then(([a, s]) => [a, s] as const);
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    for (const r of answers) expect([200, 409], JSON.stringify(r.body)).toContain(r.status);
    const accepted = answers.filter((r) => r.status === 200);
    for (const r of answers.filter((x) => x.status === 409)) expect(r.body.message).toMatch(/n'est plus ouvert/);

    // The departure holds exactly the accepted parcels: the received ones all moved by the cascade (none left
    // RECEPTIONNE behind it), the others still EN_ATTENTE.
    const rows = (await db.execute(sql`
      SELECT e.poids_reel::text AS used, s.code, count(c.id)::int AS n
        FROM envois e LEFT JOIN colis c ON c.envoi_id = e.id AND c.deleted_at IS NULL LEFT JOIN statuts s ON s.id = c.statut_id
       WHERE e.id = ${envoi.id} GROUP BY 1, 2`)) as unknown as { rows: { used: string; code: string | null; n: number }[] };
    const n = rows.rows.reduce((sum, r) => sum + r.n, 0);
    expect(n).toBe(accepted.length);
    expect(Number(rows.rows[0].used)).toBe(3 * accepted.length);
    const received = answers.filter((r, i) => r.status === 200 && i % 2 === 0).length;
    const byCode = Object.fromEntries(rows.rows.filter((r) => r.code).map((r) => [r.code, r.n]));
    expect(byCode).toEqual({
      ...(received ? { EN_COURS_ENVOI: received } : {}),
      ...(accepted.length > received ? { EN_ATTENTE: accepted.length - received } : {}),
    });

    const after = (await dashboard(t.adminToken)).all.data;
    expect(after.colis).toBe(before.colis + accepted.length);
    expect(after.clients).toBe(before.clients + 2 * accepted.length);
    await expectNoDrift();
    // Folding the delta rows changes no figure.
    await compactStats(db);
    expect((await dashboard(t.adminToken)).all.data).toEqual(after);
    await expectNoDrift();
  }, 600_000);
});

describe('clients an agent sees (clientScope reads colis_stats_clients)', () => {
  const agents = ['paris', 'dakar', 'bamako', 'abidjan'] as const;

  /** The ids of the clients a user's clients list answers (unpaged: every one, below the list's cap). */
  async function listedClients(token: string) {
    const res = await t.call('GET', '/api/user/listeClients', { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ids = (res.body.clients as { id: string }[]).map((c) => c.id).sort();
    expect(ids.length).toBeLessThan(1000);
    return ids;
  }

  /** The ids of the clients recounted from the parcels (clientRecountScope) for this user, or for a stand-in of it. */
  async function recountedClients(user: CurrentUser) {
    const res = (await t.database.db.execute(sql`
      SELECT ${users.id} AS id FROM ${users} JOIN type_users tu ON tu.id = ${users.typeUserID}
       WHERE tu.code = 'CLIENT' AND ${clientRecountScope(user) ?? sql`true`} ORDER BY 1`)) as unknown as { rows: { id: string }[] };
    return res.rows.map((r) => r.id).sort();
  }

  /** Every agent's clients list is exactly the recount from the parcels; @returns the lists by agent */
  async function expectClientsEqualRecount() {
    const lists = {} as Record<(typeof agents)[number], string[]>;
    for (const who of agents) {
      lists[who] = await listedClients(staff[who].token);
      expect(lists[who], who).toEqual(await recountedClients((await loadCurrentUser(t.database.db, staff[who].id))!));
    }
    return lists;
  }

  it('equal a recount from the parcels after registrations, a soft deletion, a departure destination and an agency country change', async () => {
    let lists = await expectClientsEqualRecount();
    expect(lists.paris.length).toBeGreaterThan(0);

    // Two registrations at Paris for Dakar: their senders and recipients join Paris's and Dakar's lists, not Bamako's.
    const versDakar = await newEnvoi(id.SN);
    const a = await register(versDakar.id, 'DKR');
    const b = await register(versDakar.id, 'DKR');
    lists = await expectClientsEqualRecount();
    for (const c of [a.expediteurID.id, a.destinataireID.id, b.expediteurID.id, b.destinataireID.id]) {
      expect(lists.paris).toContain(c);
      expect(lists.dakar).toContain(c);
      expect(lists.bamako).not.toContain(c);
    }

    // A soft deletion: a's clients (who have no other parcel) leave every list.
    const del = await t.call('DELETE', `/api/colis/delete/${a.id}/AGENT`, { token: staff.paris.token });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    lists = await expectClientsEqualRecount();
    expect(lists.paris).not.toContain(a.expediteurID.id);
    expect(lists.dakar).not.toContain(a.destinataireID.id);

    // The departure now goes to Bamako (envoi/update): b's clients move from Dakar's list to Bamako's.
    const moved = await t.call('PUT', `/api/envoi/update/${versDakar.id}`, { token: t.adminToken, body: envoiBody(id.ML) });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    lists = await expectClientsEqualRecount();
    expect(lists.dakar).not.toContain(b.destinataireID.id);
    expect(lists.bamako).toContain(b.destinataireID.id);
    expect(lists.paris).toContain(b.destinataireID.id);
    // The same set wherever clientScope is read: a client opened by id (access/scopes.ts findVisibleUser).
    const open = async (who: Staff, clientId: string) => (await t.call('GET', `/api/user/getBy/${clientId}`, { token: who.token })).status;
    expect(await open(staff.dakar, b.destinataireID.id)).toBe(403);
    expect(await open(staff.bamako, b.destinataireID.id)).toBe(200);

    // Abidjan's agency moved to Mali (and back): it sees the parcels travelling to Mali, then no longer.
    await t.database.db.execute(sql`UPDATE agences SET pays_id = ${id.ML} WHERE id = ${id.ABJ1}`);
    const abidjan = (await loadCurrentUser(t.database.db, staff.abidjan.id))!;
    expect(abidjan.agencePaysID).toBe(id.ML);
    expect(await listedClients(staff.abidjan.token)).toEqual(await recountedClients(abidjan));
    expect(await listedClients(staff.abidjan.token)).toContain(b.destinataireID.id);
    await t.database.db.execute(sql`UPDATE agences SET pays_id = (SELECT id FROM pays WHERE code = 'CI') WHERE id = ${id.ABJ1}`);
    lists = await expectClientsEqualRecount();
    expect(lists.abidjan).not.toContain(b.destinataireID.id);

    // A user without an agency sees no client.
    const paris = (await loadCurrentUser(t.database.db, staff.paris.id))!;
    const noAgency = { ...paris, agenceID: null, agencePaysID: null };
    const counted = (await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM ${users} WHERE ${clientScope(noAgency) ?? sql`true`}`,
    )) as unknown as { rows: { n: number }[] };
    expect(Number(counted.rows[0].n)).toBe(0);
    expect(await recountedClients(noAgency)).toEqual([]);
  }, 300_000);
});

describe('dashboard money across currencies', () => {
  const figures = async () => (await dashboard(t.adminToken)).circ.data.financialStats;
  /** The figures from the counters and from a recount over the parcels. */
  const both = async () => {
    const counters = await figures();
    setFastSwitches({ dashboardCounters: false });
    try {
      return { counters, recount: await figures() };
    } finally {
      setFastSwitches();
    }
  };

  it('counts an F CFA parcel in euros at its rate and in F CFA beside, leaves a currency without a rate out, counters or recount', async () => {
    const db = t.database.db;
    type Fin = Awaited<ReturnType<typeof figures>>;
    const of = (f: Fin, devise: string) =>
      f.parDevise.find((x: { devise: string }) => x.devise === devise) ?? { totalMontant: 0, totalMontantNonPaye: 0 };
    const delta = (a: number, b: number) => centsToNumber(toCents(b) - toCents(a));

    // A departure Dakar → Paris (its parcels in F CFA) and one Paris → Dakar (in euros).
    const created = await t.call('POST', '/api/envoi/create', {
      token: t.adminToken,
      body: { ...envoiBody(id.FR), paysEmetteurID: id.SN },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const [fromDakar] = await db.select({ devise: envois.devise }).from(envois).where(eq(envois.id, created.body.data.id));
    expect(fromDakar.devise).toBe('XOF');
    const toDakar = await newEnvoi(id.SN);
    const unratedCodes = await db.execute(
      sql`SELECT code FROM devises WHERE code <> 'EUR' AND code NOT IN (SELECT devise FROM taux_change) ORDER BY code LIMIT 1`,
    );
    const [noRate] = (unratedCodes as unknown as { rows: { code: string }[] }).rows;
    expect(noRate, 'a currency without a rate').toBeDefined();

    const before = await both();
    const xof = await insertColis(db, { envoiID: created.body.data.id, statut: 'EN_ATTENTE', agence: 'DKR1' });
    const eur = await insertColis(db, { envoiID: toDakar.id, statut: 'EN_ATTENTE', agence: 'PAR1' });
    await db.update(colis).set({ montantTotal: '655957', resteAPayer: '655957' }).where(eq(colis.id, xof));
    await db.update(colis).set({ montantTotal: '123.45', resteAPayer: '123.45' }).where(eq(colis.id, eur));
    const after = await both();
    for (const way of ['counters', 'recount'] as const) {
      const [b, a] = [before[way], after[way]];
      // 655 957 F at the fixed 655,957 F for 1 € are 1 000,00 €; the euro parcel adds its 123,45 €.
      expect(delta(b.money.totalMontantNonPaye, a.money.totalMontantNonPaye), way).toBe(1123.45);
      expect(delta(b.money.totalMontant, a.money.totalMontant), way).toBe(1123.45);
      expect(delta(b.money.totalResteAPayer, a.money.totalResteAPayer), way).toBe(1123.45);
      expect(delta(of(b, 'XOF').totalMontantNonPaye, of(a, 'XOF').totalMontantNonPaye), way).toBe(655957);
      expect(delta(of(b, 'EUR').totalMontantNonPaye, of(a, 'EUR').totalMontantNonPaye), way).toBe(123.45);
      expect(a.quantify.colisEnAttente - b.quantify.colisEnAttente, way).toBe(2);
      expect(a.horsTaux, way).toBe(0);
    }
    expect(after.counters).toEqual(after.recount);

    // The euro parcel's amounts moved to a currency without a rate: out of the euros, counted in horsTaux, its own
    // amounts beside; never 1:1.
    await db.update(colis).set({ devise: noRate.code }).where(eq(colis.id, eur));
    const unrated = await both();
    for (const way of ['counters', 'recount'] as const) {
      const [b, a] = [before[way], unrated[way]];
      expect(delta(b.money.totalMontantNonPaye, a.money.totalMontantNonPaye), way).toBe(1000);
      expect(of(a, noRate.code).totalMontantNonPaye, way).toBe(123.45);
      expect(delta(of(b, 'EUR').totalMontantNonPaye, of(a, 'EUR').totalMontantNonPaye), way).toBe(0);
      expect(a.horsTaux, way).toBe(1);
      expect(a.quantify.colisEnAttente - b.quantify.colisEnAttente, way).toBe(2);
    }
    expect(unrated.counters).toEqual(unrated.recount);
    await compactStats(db);
    expect(await figures()).toEqual(unrated.counters);
    await expectNoDrift();

    // A database written before migration 0023: every counter row in 'EUR' (the column's default); the migration's
    // own recount (its last two statements) puts each parcel back under its currency.
    const migration = readFileSync(path.resolve(__dirname, '../../server/db/migrations/0023_colis_stats_devise.sql'), 'utf8');
    const rebuild = migration.split('--> statement-breakpoint').slice(-2);
    expect(rebuild[0].trim()).toBe('DELETE FROM colis_stats;');
    await db.execute(sql`UPDATE colis_stats SET devise = 'EUR'`);
    expect(await figures()).not.toEqual(unrated.counters);
    for (const statement of rebuild) await db.execute(sql.raw(statement));
    expect(await figures()).toEqual(unrated.counters);
    await expectNoDrift();
  }, 120_000);

  it("converts a month's parcels of one agency, payment state and currency together, whatever their status", async () => {
    const db = t.database.db;
    const created = await t.call('POST', '/api/envoi/create', {
      token: t.adminToken,
      body: { ...envoiBody(id.FR), paysEmetteurID: id.SN },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const before = await both();
    // Two unpaid Dakar parcels of 1 000 F in a month of no other parcel (January 2001), one EN_ATTENTE, one RECEPTIONNE.
    const ids = [];
    for (const statut of ['EN_ATTENTE', 'RECEPTIONNE']) {
      const c = await insertColis(db, { envoiID: created.body.data.id, statut, agence: 'DKR1' });
      await db
        .update(colis)
        .set({ montantTotal: '1000', reglement: '0', resteAPayer: '1000', createdAt: new Date('2001-01-15T12:00:00Z') })
        .where(eq(colis.id, c));
      ids.push(c);
    }
    const delta = (a: number, b: number) => centsToNumber(toCents(b) - toCents(a));
    const added = (after: Awaited<ReturnType<typeof both>>) =>
      (['counters', 'recount'] as const).map((way) => [
        delta(before[way].money.totalMontantNonPaye, after[way].money.totalMontantNonPaye),
        delta(before[way].money.totalMontant, after[way].money.totalMontant),
      ]);
    // 2 000 F at 655,957 F for 1 € are 3,05 € (each 1 000 F alone would be 1,52 €: 3,04 €).
    expect(added(await both())).toEqual([
      [3.05, 3.05],
      [3.05, 3.05],
    ]);
    // The status changes, the euros do not.
    await db
      .update(colis)
      .set({ statutID: (await db.select({ s: colis.statutID }).from(colis).where(eq(colis.id, ids[0])))[0].s })
      .where(eq(colis.id, ids[1]));
    expect(added(await both())).toEqual([
      [3.05, 3.05],
      [3.05, 3.05],
    ]);
    await expectNoDrift();
  }, 120_000);
});

describe('what the figures cover (docs/decisions/dashboard-figures.md "Scope shown")', () => {
  it("an agent's answer names its agency and that agency's country; a role that sees every agency gets none", async () => {
    const dakar = await dashboard(staff.dakar.token);
    expect(dakar.all.portee).toEqual({
      agence: { id: expect.any(String), libelle: 'Agence Dakar Plateau' },
      pays: { id: id.SN, libelle: 'Sénégal' },
    });
    expect((await dashboard(staff.paris.token)).all.portee.pays).toEqual({ id: id.FR, libelle: 'France' });
    const admin = await dashboard(t.adminToken);
    expect(admin.all).not.toHaveProperty('portee');
  });
});
