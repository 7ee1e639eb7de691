/**
 * Money cannot drift (docs/decisions/currencies.md, refunds-and-cash.md): fast-check draws sequences of registrations
 * (with or without an advance) on a euro departure (Paris → Dakar) and a F CFA one (Dakar → Paris), payments of part
 * of what remains in the parcel's currency or tendered in the other one, refunds, cancellations, deletions and cash
 * closings, each made through the API by an administrator. After every step, whatever the answer:
 * 1. every parcel: remaining ≥ 0, paid + remaining = total, paid = the sum of its rows not cancelled (payments minus
 *    refunds), every amount a whole number of its currency's minor unit (francs for XOF, cents for EUR);
 * 2. every row of encaissements is in its parcel's currency and whole in its minor unit; a refund never exceeds its
 *    payment;
 * 3. a closed cash day does not change: the rows of the closed agency's day are the same as at the closing;
 * 4. the dashboard (colis/circularStatistiques) gives each currency's totals as the parcels hold them, and its euro
 *    totals (amount due, collected) are the sums of the conversions of its cells (agency, month, payment state,
 *    currency; not the status) at 655,957 F;
 * 5. the collections list (encaissement/liste, every page) adds up, per currency, to what the parcels say is paid.
 * Each sequence ends by reopening its closings. The counts of the run are printed for the record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { convertir, decimalesOf } from '../../common/devises';
import { agences, colis, modesLivraison, modesPaiement, naturesColis, pays, statuts, villes } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { createEnvoiByApi, deletionCode, idByCode } from './fixtures';

let t: TestContext;
const id: Record<string, string> = {};
const envoi = { EUR: '', XOF: '' };
/** The parcels and payments of the run, by currency. */
const parcels: { id: string; devise: 'EUR' | 'XOF'; agence: string }[] = [];
const payments: string[] = [];
/** Open closings of the current sequence: id, agency, and its day's rows as they were. */
const closings: { id: string; agence: string; snapshot: string }[] = [];
const stats = { sequences: 0, steps: 0, byAction: {} as Record<string, Record<string, number>> };

type Action =
  | { kind: 'register'; devise: 'EUR' | 'XOF'; poids: number; avance: number }
  | { kind: 'pay'; pick: number; part: number; tendered: boolean }
  | { kind: 'refund'; pick: number; part: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'delete'; pick: number }
  | { kind: 'close'; devise: 'EUR' | 'XOF' };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('register' as const),
      devise: fc.constantFrom('EUR' as const, 'XOF' as const),
      poids: fc.integer({ min: 10, max: 30_000 }).map((g) => g / 1000),
      avance: fc.constantFrom(0, 0, 1.5, 5, 20),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      pick: fc.nat(),
      part: fc.constantFrom(0.1, 0.33, 0.5, 1, 1.2),
      tendered: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), pick: fc.nat(), part: fc.constantFrom(0.25, 0.5, 1, 1.5) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('close' as const), devise: fc.constantFrom('EUR' as const, 'XOF' as const) }) },
);

let phone = 771_500_000;

/** A whole number of the currency's minor unit, as a decimal text (e.g. 33.3333 € → '33.33'; 6 559,5 F → '6560'). */
function minor(value: number, devise: string): string {
  const digits = decimalesOf(devise);
  const f = 10 ** digits;
  return (Math.round(value * f) / f).toFixed(digits);
}

/** The parcel's stored amounts. */
async function amounts(colisID: string) {
  const [row] = await t.database.db
    .select({ total: colis.montantTotal, reglement: colis.reglement, reste: colis.resteAPayer, reference: colis.reference })
    .from(colis)
    .where(eq(colis.id, colisID));
  return row;
}

/** The rows of an agency's day, as one comparable text. */
async function dayRows(agence: string): Promise<string> {
  const res = (await t.database.db.execute(sql`
    SELECT string_agg(id::text || ':' || montant_encaisse::text || ':' || coalesce(deleted_at::text, '-'), ',' ORDER BY id) AS rows
      FROM encaissements
     WHERE agence_id = ${agence} AND (created_at AT TIME ZONE 'Europe/Paris')::date = (now() AT TIME ZONE 'Europe/Paris')::date`)) as unknown as {
    rows: { rows: string | null }[];
  };
  return res.rows[0]?.rows ?? '';
}

/** Runs one action through the API; returns the answer's status. */
async function run(a: Action): Promise<number> {
  const token = t.adminToken;
  if (a.kind === 'register') {
    const eur = a.devise === 'EUR';
    const res = await t.call('POST', '/api/colis/create', {
      token,
      body: {
        envoiID: envoi[a.devise],
        agenceID: eur ? id.PAR1 : id.DKR1,
        villeID: eur ? id.DKR : id.PAR,
        modeLivraisonID: id.AGENCE,
        naturesColis: [{ natureColisID: id.VET, poids: a.poids }],
        detailsContenu: 'Carton',
        expediteurNom: 'Diallo',
        expediteurPrenom: 'Awa',
        NumeroSaisi: eur ? `+336${phone++}`.slice(0, 12) : `+221${phone++}`,
        nomDestinataire: 'Martin',
        prenomsDestinataire: 'Paul',
        adresseDestinataire: 'Rue 1',
        telephoneDestinataire: eur ? `+221${phone++}` : `+336${phone++}`.slice(0, 12),
        // An advance of a few euros (or their worth in francs): refused when above the total, as a counter would.
        ...(a.avance > 0
          ? {
              reglement: eur ? a.avance : Math.round(a.avance * 656),
              encaissement: { modePaiementID: id.ESPECES, paymentby: 'expediteur' },
            }
          : {}),
      },
    });
    if (res.status === 200) {
      const created = res.body.data;
      await t.database.db.update(colis).set({ statutID: id.RECEPTIONNE }).where(eq(colis.id, created.id));
      parcels.push({ id: created.id, devise: a.devise, agence: eur ? id.PAR1 : id.DKR1 });
    }
    return res.status;
  }
  if (a.kind === 'pay') {
    if (!parcels.length) return 0;
    const p = parcels[a.pick % parcels.length]!;
    const { reste } = await amounts(p.id);
    const due = Number(reste) * a.part;
    const other = p.devise === 'EUR' ? 'XOF' : 'EUR';
    const tendered = a.tendered ? (p.devise === 'EUR' ? due * 655.957 : due / 655.957) : 0;
    const body = a.tendered
      ? { colisID: p.id, modePaiementID: id.ESPECES, paymentby: 'expediteur', montantTendu: minor(tendered, other), deviseTendue: other }
      : { colisID: p.id, modePaiementID: id.ESPECES, paymentby: 'expediteur', montantEncaisse: minor(due, p.devise) };
    const res = await t.call('POST', '/api/encaissement/create', { token, body });
    if (res.status === 200) payments.push(res.body.data.id);
    return res.status;
  }
  if (a.kind === 'refund') {
    if (!payments.length) return 0;
    const paymentID = payments[a.pick % payments.length]!;
    const res = (await t.database.db.execute(
      sql`SELECT montant_encaisse::text AS m, devise FROM encaissements WHERE id = ${paymentID}`,
    )) as unknown as {
      rows: { m: string; devise: string }[];
    };
    const row = res.rows[0]!;
    const answer = await t.call('POST', `/api/encaissement/rembourser/${paymentID}`, {
      token,
      // In the parcel's currency (a refund defaults to the currency the payment was received in).
      body: { montant: minor(Number(row.m) * a.part, row.devise), deviseTendue: row.devise, modePaiementID: id.ESPECES, motif: 'Essai' },
    });
    return answer.status;
  }
  if (a.kind === 'cancel') {
    if (!payments.length) return 0;
    const paymentID = payments[a.pick % payments.length]!;
    return (await t.call('DELETE', `/api/encaissement/delete/${paymentID}`, { token })).status;
  }
  if (a.kind === 'delete') {
    if (!parcels.length) return 0;
    const p = parcels[a.pick % parcels.length]!;
    const asked = await t.call('DELETE', `/api/colis/delete/${p.id}/ADMIN`, { token });
    if (asked.status !== 202) return asked.status;
    const code = await deletionCode(t.database.db, (await amounts(p.id)).reference);
    return (await t.call('POST', '/api/colis/deleteWithOtp', { token, body: { colisId: p.id, codeOtp: code } })).status;
  }
  const agence = a.devise === 'EUR' ? id.PAR1 : id.DKR1;
  if (closings.some((c) => c.agence === agence)) return 0;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  const expected = await t.call('GET', `/api/caisse/attendu?agenceID=${agence}&date=${today}`, { token });
  if (expected.status !== 200) return expected.status;
  const lines = (expected.body.data ?? expected.body).lignes as { modePaiementID: string | null; devise: string; attendu: string }[];
  const comptes = lines.map((l) => ({ modePaiementID: l.modePaiementID, devise: l.devise, montant: l.attendu }));
  const res = await t.call('POST', '/api/caisse/cloture', {
    token,
    body: { agenceID: agence, date: today, comptes, commentaire: 'Essai' },
  });
  if (res.status === 200) closings.push({ id: res.body.data.id, agence, snapshot: await dayRows(agence) });
  return res.status;
}

/** The invariants, checked on the whole database after each step. */
async function check(label: string) {
  const bad = (await t.database.db.execute(sql`
    SELECT c.reference, c.devise, c.montant_total::text AS total, c.reglement::text AS reglement, c.reste_a_payer::text AS reste,
           coalesce((SELECT sum(x.montant_encaisse) FROM encaissements x WHERE x.colis_id = c.id AND x.deleted_at IS NULL), 0)::text AS rows
      FROM colis c
     WHERE c.envoi_id IN (${envoi.EUR}, ${envoi.XOF})
       AND (c.reste_a_payer < 0
         OR c.reglement + c.reste_a_payer <> c.montant_total
         OR c.reglement <> coalesce((SELECT sum(x.montant_encaisse) FROM encaissements x WHERE x.colis_id = c.id AND x.deleted_at IS NULL), 0)
         OR (c.devise = 'XOF' AND (c.montant_total <> trunc(c.montant_total) OR c.reglement <> trunc(c.reglement))))`)) as unknown as {
    rows: unknown[];
  };
  expect(bad.rows, `${label}: parcels`).toEqual([]);
  const rows = (await t.database.db.execute(sql`
    SELECT x.id, x.devise, c.devise AS colis_devise, x.montant_encaisse::text AS m
      FROM encaissements x JOIN colis c ON c.id = x.colis_id
     WHERE c.envoi_id IN (${envoi.EUR}, ${envoi.XOF})
       AND (x.devise <> c.devise OR (x.devise = 'XOF' AND x.montant_encaisse <> trunc(x.montant_encaisse))
         OR (x.rembourse_id IS NULL AND (SELECT coalesce(-sum(r.montant_encaisse), 0) FROM encaissements r
                                          WHERE r.rembourse_id = x.id AND r.deleted_at IS NULL) > x.montant_encaisse))`)) as unknown as {
    rows: unknown[];
  };
  expect(rows.rows, `${label}: payments`).toEqual([]);
  for (const c of closings) expect(await dayRows(c.agence), `${label}: closed day`).toBe(c.snapshot);
  // The dashboard: per currency as the parcels say, and in euros the sum of each cell's conversion.
  const cells = (await t.database.db.execute(sql`
    SELECT devise, sum(montant_total)::text AS total, sum(reglement)::text AS regle
      FROM colis WHERE deleted_at IS NULL
     GROUP BY agence_id, colis_mois(created_at), colis_paiement(reste_a_payer, reglement), devise`)) as unknown as {
    rows: { devise: string; total: string; regle: string }[];
  };
  const parDevise = new Map<string, number>();
  const paid = new Map<string, number>();
  let euros = 0;
  let eurosPaid = 0;
  const toEuros = (value: string, devise: string) => convertir(value, devise, 'EUR', devise === 'EUR' ? 1 : '655.957', 1) * 100;
  for (const cell of cells.rows) {
    parDevise.set(cell.devise, (parDevise.get(cell.devise) ?? 0) + Number(cell.total));
    paid.set(cell.devise, (paid.get(cell.devise) ?? 0) + Number(cell.regle));
    euros += toEuros(cell.total, cell.devise);
  }
  const dash = await t.call('GET', '/api/colis/circularStatistiques/x', { token: t.adminToken });
  expect(dash.status, label).toBe(200);
  const money = dash.body.data.financialStats.money as { totalMontant: number; totalEncaisse: number };
  expect(Math.round(money.totalMontant * 100), `${label}: euros`).toBe(Math.round(euros));
  // Collected: the dashboard converts the settled part of each cell once (stats.ts), as here.
  for (const cell of cells.rows) eurosPaid += toEuros(cell.regle, cell.devise);
  expect(Math.round(money.totalEncaisse * 100), `${label}: euros collected`).toBe(Math.round(eurosPaid));
  // The collections list, every row not cancelled (payments minus refunds), adds up per currency to what is paid.
  const listed = new Map<string, number>();
  for (let page = 1; ; page += 1) {
    const res = await t.call('GET', `/api/encaissement/liste/x?_page=${page}&_perPage=100`, { token: t.adminToken });
    expect(res.status, label).toBe(200);
    for (const row of res.body.datas as { montantEncaisse: number; devise: string }[]) {
      listed.set(row.devise, Math.round(((listed.get(row.devise) ?? 0) + Number(row.montantEncaisse)) * 100) / 100);
    }
    if (page * 100 >= res.body.total) break;
  }
  for (const devise of ['EUR', 'XOF']) {
    expect(listed.get(devise) ?? 0, `${label}: list of ${devise}`).toBeCloseTo(paid.get(devise) ?? 0, 6);
  }
  const shown = (dash.body.data.financialStats.parDevise ?? []) as { devise: string; totalMontant: number }[];
  for (const d of shown) expect(d.totalMontant, `${label}: ${d.devise}`).toBeCloseTo(parDevise.get(d.devise) ?? 0, 6);
}

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  const one = async (table: typeof villes | typeof modesLivraison | typeof modesPaiement | typeof naturesColis, code: string) =>
    (await db.select({ id: table.id }).from(table).where(eq(table.code, code)))[0]!.id;
  Object.assign(id, {
    PAR: await one(villes, 'PAR'),
    DKR: await one(villes, 'DKR'),
    AGENCE: await one(modesLivraison, 'AGENCE'),
    ESPECES: await one(modesPaiement, 'ESPECES'),
    VET: await one(naturesColis, 'VET_ADULTE'),
    PAR1: await idByCode(db, agences, 'PAR1'),
    DKR1: await idByCode(db, agences, 'DKR1'),
    RECEPTIONNE: await idByCode(db, statuts, 'RECEPTIONNE'),
  });
  const FR = await idByCode(db, pays, 'FR');
  const SN = await idByCode(db, pays, 'SN');
  envoi.EUR = (await createEnvoiByApi(t, { paysEmetteurID: FR, paysID: SN, poids: 100_000 })).id;
  envoi.XOF = (await createEnvoiByApi(t, { paysEmetteurID: SN, paysID: FR, poids: 100_000 })).id;
});
afterAll(() => t.close());

describe('money under random sequences of registrations, payments, refunds, cancellations, deletions and closings', () => {
  it('keeps every parcel and payment exact, and closed days unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: 25 }), async (actions) => {
        stats.sequences += 1;
        try {
          for (const [i, a] of actions.entries()) {
            const status = await run(a);
            stats.steps += 1;
            const byKind = (stats.byAction[a.kind] ??= {});
            byKind[status] = (byKind[status] ?? 0) + 1;
            expect(status, `${a.kind}: no 5xx`).toBeLessThan(500);
            await check(`step ${i} ${JSON.stringify(a)}`);
          }
        } finally {
          for (const c of closings.splice(0)) {
            const reopened = await t.call('POST', `/api/caisse/rouvrir/${c.id}`, {
              token: t.adminToken,
              body: { motif: 'Fin de séquence' },
            });
            expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
          }
        }
      }),
      { numRuns: Number(process.env.MONEY_RUNS ?? 15), endOnFailure: true },
    );
    console.log(`money property: ${stats.sequences} séquences, ${stats.steps} étapes, réponses ${JSON.stringify(stats.byAction)}`);
    expect(stats.byAction.pay?.['200'] ?? 0).toBeGreaterThan(0);
    expect(stats.byAction.refund?.['200'] ?? 0).toBeGreaterThan(0);
    expect(stats.byAction.close?.['200'] ?? 0).toBeGreaterThan(0);
  });
});
