/**
 * Public parcel tracking (docs/decisions/public-tracking.md): GET /api/public/suivi?reference&telephone and
 * /api/public/suivi/{token}, without sign-in, as a client would call them. The answer shows the journey and initials
 * only; every failure answers the same 404; lookups are rate limited per address and per reference; the token is
 * random, long, and not the id; the clients' mails link to the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SUIVI_NOT_FOUND } from '../../common/suivi';
import { colis, mailOutbox, modesLivraison, modesPaiement, naturesColis, pays, villes } from '../../server/db/schema';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { dispatchNotices } from '../../server/notification/dispatch';
import { setupTestApp, type TestContext } from './helpers';
import { testConfig } from './testConfig';
import { createEnvoiByApi, idByCode, insertColis } from './fixtures';

let t: TestContext;
let agent: { id: string; token: string };
const id: Record<string, string> = {};

async function byCode(table: typeof naturesColis | typeof villes | typeof modesLivraison | typeof modesPaiement, code: string) {
  const [row] = await t.database.db.select({ id: table.id }).from(table).where(eq(table.code, code));
  return row.id;
}

/** A public GET from one client address (each test its own, so the per-address limit of one never hits another). */
async function pub(url: string, ip: string): Promise<{ status: number; body: any; headers: Record<string, unknown> }> {
  const res = await t.app.inject({ method: 'GET', url, remoteAddress: ip });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}
const byRef = (reference: string, telephone: string, ip: string) =>
  pub(`/api/public/suivi?${new URLSearchParams({ reference, telephone })}`, ip);

let phone = 771230000;
/** Registers a parcel through the API (sender Awa Diop, free-text recipient Moussa Fall); @returns the parcel and phone. */
async function register(envoiID: string, over: Record<string, unknown> = {}) {
  const telephoneDestinataire = `+221${phone++}`;
  const res = await t.call('POST', '/api/colis/create', {
    token: agent.token,
    body: {
      envoiID,
      villeID: id.DKR,
      modeLivraisonID: id.AGENCE,
      naturesColis: [{ natureColisID: id.VET, poids: 2 }],
      detailsContenu: 'Vêtements',
      expediteurNom: 'Diop',
      expediteurPrenom: 'Awa',
      NumeroSaisi: `+3361${String(phone).slice(-7)}`,
      nomDestinataire: 'Fall',
      prenomsDestinataire: 'Moussa',
      adresseDestinataire: 'Médina, Dakar',
      emailDestinataire: 'moussa.fall@example.test',
      telephoneDestinataire,
      ...over,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const data = res.body.data as { id: string; reference: string; NumeroSaisi: string };
  const [row] = await t.database.db.select({ suiviToken: colis.suiviToken }).from(colis).where(eq(colis.id, data.id));
  return { ...data, telephoneDestinataire, digits: telephoneDestinataire.slice(-4), token: row.suiviToken };
}

beforeAll(async () => {
  t = await setupTestApp();
  Object.assign(id, {
    DKR: await byCode(villes, 'DKR'),
    VET: await byCode(naturesColis, 'VET_ADULTE'),
    AGENCE: await byCode(modesLivraison, 'AGENCE'),
    ESPECES: await byCode(modesPaiement, 'ESPECES'),
  });
  agent = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
});
afterAll(() => t.close());

describe('public tracking by reference and the last 4 digits', () => {
  it('shows the journey, the places and the amount due, with initials and nothing personal', async () => {
    const e = await createEnvoiByApi(t);
    const c = await register(e.id, { reglement: 10, encaissement: { modePaiementID: id.ESPECES } });
    expect((await t.call('PUT', `/api/envoi/update/${e.id}`, { token: t.adminToken, body: { statutID: 'EN_COURS_ENVOI' } })).status).toBe(
      200,
    );

    const res = await byRef(c.reference, c.digits, '127.0.1.1');
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.reference).toBe(c.reference);
    expect(d.statut.code).toBe('EN_COURS_ENVOI');
    expect(d.etapes.map((s: { statut: { code: string } }) => s.statut.code)).toEqual(['EN_ATTENTE', 'RECEPTIONNE', 'EN_COURS_ENVOI']);
    for (const s of d.etapes) expect(Number.isNaN(Date.parse(s.date))).toBe(false);
    expect(d).toMatchObject({
      origine: { ville: 'Paris', pays: 'France' },
      destination: { ville: 'Dakar', pays: 'Sénégal' },
      agenceRetrait: { ville: 'Dakar' },
      expediteur: 'A. D.',
      destinataire: 'M. F.',
    });
    expect(d.dateDepart).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(d.dateArriveePrevue >= d.dateDepart).toBe(true);
    expect(d.resteAPayer).toBeGreaterThan(0);
    expect(d.resteAPayer).toBeLessThan(1000);
    expect(d.devise).toBe('EUR'); // a departure from France: its parcels in euros

    const json = JSON.stringify(res.body);
    for (const secret of [
      'Diop',
      'Awa',
      'Fall',
      'Moussa',
      'Médina',
      '@',
      c.telephoneDestinataire,
      c.telephoneDestinataire.slice(4),
      c.NumeroSaisi,
      c.id,
      c.token,
    ]) {
      expect(json, secret).not.toContain(secret);
    }
    // No run of 6 digits or more anywhere: no phone number, whole or in part.
    expect(json.replace(c.reference, '')).not.toMatch(/\d{6,}/);
  });

  it('answers wrong digits, an unknown reference and a deleted parcel identically; another casing finds the parcel', async () => {
    const e = await createEnvoiByApi(t);
    const c = await register(e.id);
    const gone = await register(e.id);
    expect((await t.call('DELETE', `/api/colis/delete/${gone.id}/AGENT`, { token: agent.token })).status).toBe(200);

    const wrong = await byRef(c.reference, c.digits === '0000' ? '1111' : '0000', '127.0.1.2');
    const unknown = await byRef('PAR1-9912-999999', c.digits, '127.0.1.2');
    const deleted = await byRef(gone.reference, gone.digits, '127.0.1.2');
    const deletedByToken = await pub(`/api/public/suivi/${gone.token}`, '127.0.1.2');
    const unknownToken = await pub(`/api/public/suivi/${'A'.repeat(43)}`, '127.0.1.2');
    const malformedToken = await pub('/api/public/suivi/pas-un-jeton', '127.0.1.2');
    const idAsToken = await pub(`/api/public/suivi/${c.id}`, '127.0.1.2');
    for (const r of [wrong, unknown, deleted, deletedByToken, unknownToken, malformedToken, idAsToken]) {
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ success: false, message: SUIVI_NOT_FOUND });
    }
    const exact = await byRef(c.reference, c.digits, '127.0.1.2');
    const lower = await byRef(`  ${c.reference.toLowerCase()} `, c.digits, '127.0.1.2');
    expect(exact.status).toBe(200);
    expect(lower.status).toBe(200);
    expect(lower.body).toEqual(exact.body);
  });

  it('refuses malformed input with a French message (400)', async () => {
    const none = await pub('/api/public/suivi', '127.0.1.3');
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/obligatoire/);
    const letters = await byRef('PAR1-2611-000001', '12a4', '127.0.1.3');
    expect(letters.status).toBe(400);
    expect(letters.body.errors.telephone).toMatch(/4 derniers chiffres/);
  });

  it('stops guessing the digits of one reference from one address, whether it exists or not (429)', async () => {
    const e = await createEnvoiByApi(t);
    const c = await register(e.id);
    const wrongDigits = c.digits === '9999' ? '8888' : '9999';
    const answers: number[] = [];
    const unknownAnswers: number[] = [];
    for (let i = 0; i < 11; i++) {
      answers.push((await byRef(c.reference, wrongDigits, '127.0.2.1')).status);
      unknownAnswers.push((await byRef('PAR1-9912-888888', wrongDigits, '127.0.3.1')).status);
    }
    expect(answers).toEqual([...Array(10).fill(404), 429]);
    expect(unknownAnswers).toEqual(answers);
    // Even the right digits wait now, from that address…
    const right = await byRef(c.reference, c.digits, '127.0.2.1');
    expect(right.status).toBe(429);
    expect(right.body.message).toMatch(/^Trop de recherches pour ce colis/);
    expect(right.headers['retry-after']).toBeDefined();
    // …not from the recipient's (the reference's count from every address is out of one address's reach:
    // tests/server/lockout.test.ts, docs/decisions/imposed-lock-outs.md).
    expect((await byRef(c.reference, c.digits, '127.0.4.1')).status).toBe(200);
  });
});

describe('public tracking by token', () => {
  it('finds the parcel by its token, which is long, random and not the id', async () => {
    const e = await createEnvoiByApi(t);
    const a = await register(e.id);
    const b = await register(e.id);
    for (const c of [a, b]) {
      expect(c.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 bytes, base64url
      expect(c.token).not.toContain(c.id.replace(/-/g, '').slice(0, 8));
      expect(new Set(c.token).size).toBeGreaterThan(15);
    }
    expect(a.token).not.toBe(b.token);
    // A parcel inserted without the application (as the migration's backfill does) gets one too.
    const direct = await insertColis(t.database.db, { envoiID: e.id, statut: 'EN_ATTENTE' });
    const [row] = await t.database.db.select({ suiviToken: colis.suiviToken }).from(colis).where(eq(colis.id, direct));
    expect(row.suiviToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const res = await pub(`/api/public/suivi/${a.token}`, '127.0.5.1');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ reference: a.reference, statut: { code: 'EN_ATTENTE' }, destinataire: 'M. F.' });
    expect(JSON.stringify(res.body)).not.toContain(a.telephoneDestinataire.slice(4));
    // Tokens are case-sensitive: the other casing is another (unknown) token.
    const swapped = a.token.replace(/[a-zA-Z]/g, (ch) => (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase()));
    expect((await pub(`/api/public/suivi/${swapped}`, '127.0.5.1')).status).toBe(404);
  });

  it('answers the amount due in the parcel’s currency: F CFA for a parcel from Dakar', async () => {
    const db = t.database.db;
    const e = await createEnvoiByApi(t, { paysEmetteurID: await idByCode(db, pays, 'SN'), paysID: await idByCode(db, pays, 'FR') });
    const id = await insertColis(db, { envoiID: e.id, statut: 'RECEPTIONNE', agence: 'DKR1' });
    const [row] = await db
      .update(colis)
      .set({ montantTotal: '6560', reglement: '0', resteAPayer: '6560' })
      .where(eq(colis.id, id))
      .returning({ suiviToken: colis.suiviToken });
    const res = await pub(`/api/public/suivi/${row.suiviToken}`, '127.0.5.2');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ resteAPayer: 6560, devise: 'XOF' });
  });

  it('gives the receipt its tracking address and links the clients’ mails to it', async () => {
    const e = await createEnvoiByApi(t);
    const c = await register(e.id);
    await dispatchNotices(t.database.db); // the registration's notices (notification/dispatch.ts)
    const details = await t.call('GET', `/api/colis/getByReference/${c.reference}`, { token: agent.token });
    expect(details.body.suiviUrl).toBe(`http://localhost:80/suivi/${c.token}`);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'moussa.fall@example.test'));
    expect(mails.some((m) => m.html.includes(`/suivi/${c.token}"`) && m.subject === `Colis ${c.reference}`)).toBe(true);
  });
});

describe('rate limit per address', () => {
  it('answers 429 in French past the limit, counting both lookups together', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) {
      statuses.push((await pub(`/api/public/suivi/${'B'.repeat(43)}`, '127.0.9.9')).status);
      statuses.push((await byRef(`PAR1-9912-77${String(i).padStart(4, '0')}`, '1234', '127.0.9.9')).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    const last = await pub(`/api/public/suivi/${'B'.repeat(43)}`, '127.0.9.9');
    expect(statuses.slice(30)).toEqual([429, 429]);
    expect(last.status).toBe(429);
    expect(last.body).toMatchObject({
      success: false,
      message: expect.stringMatching(/^Trop de recherches de colis\. Veuillez réessayer dans/),
    });
    // Another address is not held back.
    expect((await pub(`/api/public/suivi/${'B'.repeat(43)}`, '127.0.9.10')).status).toBe(404);
  });
});

describe('PUBLIC_URL', () => {
  it('is an http(s) address; when set, the receipt and the mails link to it', async () => {
    expect(loadConfig({ PUBLIC_URL: ' https://colis.example.fr/ ' }).publicUrl).toBe('https://colis.example.fr');
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(() => loadConfig({ PUBLIC_URL: 'colis.example.fr' })).toThrow(/PUBLIC_URL/);
    const app = await buildApp({
      db: t.database.db,
      config: { ...testConfig(), publicUrl: 'https://colis.example.fr' },
      logger: false,
      uiDir: '/none',
    });
    try {
      await app.ready();
      const e = await createEnvoiByApi(t);
      const c = await register(e.id);
      await dispatchNotices(t.database.db);
      const res = await app.inject({
        url: `/api/colis/getByReference/${c.reference}`,
        headers: { authorization: `Bearer ${agent.token}` },
      });
      expect(res.json().suiviUrl).toBe(`https://colis.example.fr/suivi/${c.token}`);
      const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'moussa.fall@example.test'));
      expect(mails.some((m) => m.html.includes(`href="https://colis.example.fr/suivi/${c.token}"`))).toBe(true);
    } finally {
      await app.close();
    }
  });
});
