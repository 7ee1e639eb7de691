/**
 * The drawer in the currency it holds, under random sequences (docs/decisions/currencies.md "Payments in another
 * currency", "The last minor units"; refunds-and-cash.md): fast-check draws parcels in EUR, XOF, XAF and GNF and, at the
 * Paris (EUR), Dakar (XOF) and Conakry (GNF) counters, payments of part of what remains or of all of it (in the counter's
 * currency or the parcel's), refunds of a part or of all that is left (in the currency received or the parcel's) and
 * cancellations, each through the API by a staff member of that counter, who pays as chosen. The test keeps its own
 * book of what each counter was handed and gave back, per payment mode and currency. After every step:
 * 1. each counter's expected amounts (caisse/attendu) are exactly that book, line for line;
 * 2. every parcel: remaining ≥ 0, settled = the sum of its rows not cancelled, paid + remaining = total;
 * 3. a conversion difference is booked only by a settling amount and stays below one minor unit of the currency
 *    tendered (converted), and the payer is recorded as chosen.
 * Each sequence ends by settling every parcel that still owes, each at a counter drawn at random in that counter's
 * currency (encaissement/equivalent's settling amount: it must close the parcel at exactly 0), then by closing each
 * counter's day with the book's amounts as counted (every difference 0) and reopening it. Rates: 655,957 F CFA and
 * 9 350 GNF for 1 €. The run's figures are printed for the record (MONEY_RUNS sets the runs, 12 by default).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { todayIso } from '../../common/dates';
import { convertir, minorToString, toMinor } from '../../common/devises';
import { agences, colis, encaissements, envois, modesPaiement, pays, tauxChange } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { createEnvoiByApi, idByCode, insertAgence, insertColis } from './fixtures';

type Devise = 'EUR' | 'XOF' | 'XAF' | 'GNF';
type Guichet = 'PAR1' | 'DKR1' | 'CKY1';
type Mode = 'ESPECES' | 'CB';

let t: TestContext;
const today = todayIso();
const TAUX: Record<Devise, string> = { EUR: '1', XOF: '655.957', XAF: '655.957', GNF: '9350' };
const DEVISE_GUICHET: Record<Guichet, Devise> = { PAR1: 'EUR', DKR1: 'XOF', CKY1: 'GNF' };
const envoi = {} as Record<Devise, string>;
const agence = {} as Record<Guichet, string>;
const staff = {} as Record<Guichet, string>;
const mode = {} as Record<Mode, string>;
const LIBELLE: Record<Mode, string> = { ESPECES: 'Espèces', CB: 'Carte bancaire' };

/** The parcels of the run, and the payments not cancelled with what their refunds gave back. */
const parcels: { id: string; devise: Devise }[] = [];
const payments: { id: string; colisID: string }[] = [];
/** The test's book: per counter, 'libelle|devise' → minor units handed over minus given back. */
const book = new Map<string, bigint>();
const stats = {
  runs: 0,
  steps: 0,
  byAction: {} as Record<string, Record<string, number>>,
  /** Payments and refunds that were written, by 'counter: tendered → parcel currency'. */
  currencies: {} as Record<string, number>,
  settledAtEnd: 0,
  differences: 0,
};

type Action =
  | { kind: 'parcel'; devise: Devise; total: number }
  | { kind: 'pay'; pick: number; guichet: Guichet; mode: Mode; part: number | 'solde'; enDeviseColis: boolean; expediteur: boolean }
  | { kind: 'refund'; pick: number; guichet: Guichet; part: number | 'tout'; enDeviseColis: boolean }
  | { kind: 'cancel'; pick: number };

const devise = fc.constantFrom<Devise>('EUR', 'XOF', 'XAF', 'GNF');
const guichet = fc.constantFrom<Guichet>('PAR1', 'DKR1', 'CKY1');
const parcelAction = fc.record({ kind: fc.constant('parcel' as const), devise, total: fc.integer({ min: 1, max: 1_000_000 }) });
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 2, arbitrary: parcelAction },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      pick: fc.nat(),
      guichet,
      mode: fc.constantFrom<Mode>('ESPECES', 'CB'),
      part: fc.oneof(fc.constant('solde' as const), fc.constantFrom(0.01, 0.3, 0.5, 0.99, 1)),
      enDeviseColis: fc.boolean(),
      expediteur: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      pick: fc.nat(),
      guichet,
      part: fc.oneof(fc.constant('tout' as const), fc.constantFrom(0.25, 0.5)),
      enDeviseColis: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
);

/** A total drawn in minor units, scaled to the currency (EUR 5 € – 505 €; the francs 3 000 – 300 000 F or GNF ×14). */
function totalOf(d: Devise, n: number): string {
  if (d === 'EUR') return minorToString(BigInt(500 + (n % 50_000)), 'EUR');
  const base = 3_000 + (n % 297_000);
  return String(d === 'GNF' ? base * 14 : base);
}

/** Adds `minor` (of `d`) to a counter's line of the book. */
function enter(g: Guichet, m: Mode, d: string, minor: bigint) {
  const key = `${g}|${LIBELLE[m]}|${d}`;
  book.set(key, (book.get(key) ?? 0n) + minor);
}

const count = (a: Action, status: number) => {
  const byKind = (stats.byAction[a.kind] ??= {});
  byKind[status] = (byKind[status] ?? 0) + 1;
};

/** A parcel's stored amounts. */
async function amounts(id: string) {
  const [row] = await t.database.db
    .select({ total: colis.montantTotal, reglement: colis.reglement, reste: colis.resteAPayer })
    .from(colis)
    .where(eq(colis.id, id));
  return row;
}

/** A payment row as stored. */
async function paymentRow(id: string) {
  const [row] = await t.database.db.select().from(encaissements).where(eq(encaissements.id, id));
  return row;
}

/**
 * Pays `body` on a parcel at counter `g`; on 200 books what was handed over (`tendu` of `deviseTendue`) and checks the
 * row: the payer as chosen, a difference only when the amount was the settling one.
 */
async function pay(g: Guichet, m: Mode, body: Record<string, unknown>, tendu: bigint, deviseTendue: string, solde: boolean) {
  const res = await t.call('POST', '/api/encaissement/create', { token: staff[g], body: { modePaiementID: mode[m], ...body } });
  if (res.status === 200) {
    enter(g, m, deviseTendue, tendu);
    payments.push({ id: res.body.data.id, colisID: body.colisID as string });
    const row = await paymentRow(res.body.data.id);
    const parcelDevise = row.devise;
    stats.currencies[`${g}: ${deviseTendue} → ${parcelDevise}`] = (stats.currencies[`${g}: ${deviseTendue} → ${parcelDevise}`] ?? 0) + 1;
    expect(row.paymentby).toBe(body.paymentby);
    const ecart = toMinor(row.ecartConversion ?? 0, parcelDevise);
    if (!solde || deviseTendue === parcelDevise) expect(ecart, 'a difference without the settling amount').toBe(0n);
    if (ecart !== 0n) stats.differences += 1;
    // Below one minor unit of the currency tendered, converted (93,5 GNF for a cent), rounded up.
    const unite = toMinor(
      convertir(minorToString(1n, deviseTendue), deviseTendue, parcelDevise, TAUX[deviseTendue as Devise], TAUX[parcelDevise as Devise]),
      parcelDevise,
    );
    expect(ecart < 0n ? -ecart : ecart).toBeLessThanOrEqual(unite + 1n);
  }
  return res;
}

/** The settling amount of a parcel in `d` for counter `g` (encaissement/equivalent), in minor units of `d`. */
async function solde(g: Guichet, colisID: string, d: string): Promise<bigint | null> {
  const res = await t.call('GET', `/api/encaissement/equivalent?colisID=${colisID}&deviseTendue=${d}`, { token: staff[g] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return toMinor(res.body.data.resteTendu, d);
}

/** Runs one action through the API; returns the answer's status (0: nothing to act on). */
async function run(a: Action): Promise<number> {
  if (a.kind === 'parcel') {
    const id = await insertColis(t.database.db, { envoiID: envoi[a.devise], statut: 'RECEPTIONNE', agence: 'PAR1' });
    const total = totalOf(a.devise, a.total);
    await t.database.db.update(colis).set({ montantTotal: total, reglement: '0', resteAPayer: total }).where(eq(colis.id, id));
    parcels.push({ id, devise: a.devise });
    return 200;
  }
  if (a.kind === 'pay') {
    if (!parcels.length) return 0;
    const p = parcels[a.pick % parcels.length]!;
    const d = a.enDeviseColis ? p.devise : DEVISE_GUICHET[a.guichet];
    const { reste } = await amounts(p.id);
    if (toMinor(reste, p.devise) <= 0n) return 0;
    const all = (await solde(a.guichet, p.id, d))!;
    const part = a.part === 'solde' ? all : (all * BigInt(Math.round(a.part * 100))) / 100n;
    if (part <= 0n) return 0;
    const payer = a.expediteur ? 'expediteur' : 'destinateur';
    const res = await pay(
      a.guichet,
      a.mode,
      { colisID: p.id, paymentby: payer, montantTendu: minorToString(part, d), deviseTendue: d },
      part,
      d,
      part === all,
    );
    if (a.part === 'solde') {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.resteAPayer, 'the settling amount closes the parcel').toBe(0);
    }
    return res.status;
  }
  if (a.kind === 'refund') {
    if (!payments.length) return 0;
    const { id } = payments[a.pick % payments.length]!;
    const row = await paymentRow(id);
    const received = row.deviseTendue ?? row.devise;
    const d = a.enDeviseColis ? row.devise : received;
    const rendu = (await t.database.db.execute(
      sql`SELECT coalesce(-sum(montant_encaisse), 0)::text AS r FROM encaissements WHERE rembourse_id = ${id} AND deleted_at IS NULL`,
    )) as unknown as { rows: { r: string }[] };
    const left = toMinor(row.montantEncaisse, row.devise) - toMinor(rendu.rows[0]!.r, row.devise);
    if (left <= 0n) return 0;
    // What is left, in the currency given back: at the payment's rates in the currency received.
    const leftIn =
      d === row.devise ? left : toMinor(convertir(minorToString(left, row.devise), row.devise, d, row.tauxColis!, row.tauxTendu!), d) || 1n;
    const amount = a.part === 'tout' ? leftIn : (leftIn * BigInt(Math.round(a.part * 100))) / 100n;
    if (amount <= 0n) return 0;
    const res = await t.call('POST', `/api/encaissement/rembourser/${id}`, {
      token: staff[a.guichet],
      body: { montant: minorToString(amount, d), deviseTendue: d, modePaiementID: mode.ESPECES, motif: 'Essai' },
    });
    if (res.status === 200) {
      enter(a.guichet, 'ESPECES', d, -amount);
      stats.currencies[`${a.guichet}: ${d} → ${row.devise} (remboursement)`] =
        (stats.currencies[`${a.guichet}: ${d} → ${row.devise} (remboursement)`] ?? 0) + 1;
      if (a.part === 'tout') expect(res.body.data.remboursable, 'all that was left given back').toBe(0);
    }
    return res.status;
  }
  if (!payments.length) return 0;
  const i = a.pick % payments.length;
  const { id } = payments[i]!;
  const row = await paymentRow(id);
  const res = await t.call('DELETE', `/api/encaissement/delete/${id}`, { token: t.adminToken });
  if (res.status === 200) {
    const g = (Object.keys(agence) as Guichet[]).find((k) => agence[k] === row.agenceID)!;
    const m = (Object.keys(mode) as Mode[]).find((k) => mode[k] === row.modePaiementID)!;
    const d = row.deviseTendue ?? row.devise;
    enter(g, m, d, -toMinor(row.montantTendu ?? row.montantEncaisse, d));
    payments.splice(i, 1);
  }
  return res.status;
}

/** Each counter's expected amounts are the book's, line for line; every parcel is consistent. */
async function check(label: string) {
  for (const g of Object.keys(agence) as Guichet[]) {
    const res = await t.call('GET', `/api/caisse/attendu?agenceID=${agence[g]}&date=${today}`, { token: t.adminToken });
    expect(res.status, label).toBe(200);
    const shown = new Map<string, bigint>();
    for (const l of res.body.lignes as { libelle: string; devise: string; attendu: string }[]) {
      shown.set(`${g}|${l.libelle}|${l.devise}`, toMinor(l.attendu, l.devise));
    }
    const expected = new Map([...book].filter(([k, v]) => k.startsWith(`${g}|`) && v !== 0n));
    for (const [k, v] of [...shown]) if (v === 0n && !expected.has(k)) shown.delete(k);
    expect(Object.fromEntries([...shown].map(([k, v]) => [k, String(v)])), `${label}: ${g}`).toEqual(
      Object.fromEntries([...expected].map(([k, v]) => [k, String(v)])),
    );
  }
  const bad = (await t.database.db.execute(sql`
    SELECT c.reference FROM colis c
     WHERE c.envoi_id IN (${envoi.EUR}, ${envoi.XOF}, ${envoi.XAF}, ${envoi.GNF})
       AND (c.reste_a_payer < 0 OR c.reglement + c.reste_a_payer <> c.montant_total
         OR c.reglement <> coalesce((SELECT sum(x.montant_encaisse) FROM encaissements x
                                      WHERE x.colis_id = c.id AND x.deleted_at IS NULL), 0))`)) as unknown as { rows: unknown[] };
  expect(bad.rows, `${label}: parcels`).toEqual([]);
}

/** Settles every parcel that owes at a random counter in its currency, then closes each counter's day to 0 and reopens it. */
async function endOfSequence(draw: (n: number) => number) {
  for (const p of parcels) {
    const { reste } = await amounts(p.id);
    if (toMinor(reste, p.devise) <= 0n) continue;
    const g = (['PAR1', 'DKR1', 'CKY1'] as const)[draw(3)]!;
    const d = DEVISE_GUICHET[g];
    const all = (await solde(g, p.id, d))!;
    const res = await pay(
      g,
      'ESPECES',
      { colisID: p.id, paymentby: 'destinateur', montantTendu: minorToString(all, d), deviseTendue: d },
      all,
      d,
      true,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await amounts(p.id)).reste, `${p.devise} parcel settled in ${d} at ${g}`).toBe('0.00');
    stats.settledAtEnd += 1;
  }
  await check('after settling');
  for (const g of Object.keys(agence) as Guichet[]) {
    const res = await t.call('GET', `/api/caisse/attendu?agenceID=${agence[g]}&date=${today}`, { token: t.adminToken });
    const comptes = (res.body.lignes as { modePaiementID: string | null; libelle: string; devise: string }[]).map((l) => ({
      modePaiementID: l.modePaiementID,
      devise: l.devise,
      montant: minorToString(book.get(`${g}|${l.libelle}|${l.devise}`) ?? 0n, l.devise),
    }));
    const closed = await t.call('POST', '/api/caisse/cloture', {
      token: t.adminToken,
      body: { agenceID: agence[g], date: today, comptes, commentaire: 'Compté' },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    for (const e of closed.body.data.ecarts as { devise: string; ecart: string }[])
      expect(toMinor(e.ecart, e.devise), `${g} ${e.devise}`).toBe(0n);
    const reopened = await t.call('POST', `/api/caisse/rouvrir/${closed.body.data.id}`, {
      token: t.adminToken,
      body: { motif: 'Essai suivant' },
    });
    expect(reopened.status).toBe(200);
  }
}

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  for (const row of await db.select().from(modesPaiement)) if (row.code === 'ESPECES' || row.code === 'CB') mode[row.code] = row.id;
  agence.CKY1 = await insertAgence(db, 'CKY1', 'Agence Conakry Kaloum', 'CKY');
  agence.PAR1 = await idByCode(db, agences, 'PAR1');
  agence.DKR1 = await idByCode(db, agences, 'DKR1');
  await db.insert(tauxChange).values({ devise: 'GNF', taux: TAUX.GNF, dateDebut: today });
  const FR = await idByCode(db, pays, 'FR');
  const from: Record<Devise, string> = { EUR: 'FR', XOF: 'SN', XAF: 'CM', GNF: 'GN' };
  for (const d of Object.keys(from) as Devise[]) {
    const emetteur = await idByCode(db, pays, from[d]);
    const res = await createEnvoiByApi(t, {
      paysEmetteurID: emetteur,
      paysID: d === 'EUR' ? await idByCode(db, pays, 'SN') : FR,
      poids: 100_000,
    });
    envoi[d] = res.id;
  }
  // A staff member at each counter, with the refund key (ADMIN: every agency in sight, the payments its counter's).
  for (const g of Object.keys(DEVISE_GUICHET) as Guichet[]) staff[g] = (await t.createStaff('ADMIN', { agenceCode: g })).token;
  // Each departure is in its origin's currency, and so are its parcels (docs/decisions/currencies.md).
  for (const d of Object.keys(from) as Devise[]) {
    const [row] = await db.select({ devise: envois.devise }).from(envois).where(eq(envois.id, envoi[d]));
    expect(row.devise).toBe(d);
  }
});
afterAll(() => t?.close());

describe('the drawer under random payments and refunds at Paris, Dakar and Conakry', () => {
  it("expects what each counter received, per mode and currency, and settles every parcel in the counter's currency", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(parcelAction, { minLength: 1, maxLength: 3 }),
        fc.array(action, { minLength: 4, maxLength: 16 }),
        fc.infiniteStream(fc.nat(2)),
        async (first, then, draws) => {
          const actions: Action[] = [...first, ...then];
          stats.runs += 1;
          parcels.splice(0);
          payments.splice(0);
          for (const [i, a] of actions.entries()) {
            const status = await run(a);
            stats.steps += 1;
            count(a, status);
            expect(status, `${a.kind}: no 5xx`).toBeLessThan(500);
            await check(`step ${i} ${JSON.stringify(a)}`);
          }
          const it = draws[Symbol.iterator]();
          await endOfSequence(() => it.next().value as number);
        },
      ),
      { numRuns: Number(process.env.MONEY_RUNS ?? 12), endOnFailure: true },
    );
    console.log(
      `drawer property: ${stats.runs} séquences, ${stats.steps} actions, ${stats.settledAtEnd} colis soldés en fin de séquence, ` +
        `${stats.differences} écarts de conversion ; réponses ${JSON.stringify(stats.byAction)} ; devises ${JSON.stringify(stats.currencies)}`,
    );
    expect(stats.byAction.pay?.['200'] ?? 0).toBeGreaterThan(0);
    expect(stats.byAction.refund?.['200'] ?? 0).toBeGreaterThan(0);
    expect(stats.differences).toBeGreaterThan(0);
    // Each step reads three counters' days and every parcel: longer than one request's default timeout, on PostgreSQL too.
  }, 300_000);
});
