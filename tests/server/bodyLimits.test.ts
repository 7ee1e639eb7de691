/**
 * Body limits per route (server/plugins/bodyLimits.ts, docs/decisions/body-limits.md): 16 KiB unless a route needs more;
 * over its limit a call answers 413 in the French envelope, signed in or not, before the body is parsed; the largest
 * body a large route's schema allows fits its limit.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimitOf, bodyLimitsPlugin, LARGE_BODY_ROUTES, SMALL_BODY_LIMIT } from '../../server/plugins/bodyLimits';
import { errorsPlugin } from '../../server/plugins/errors';
import { setupTestApp, type TestContext } from './helpers';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

const TOO_LARGE = { success: false, message: 'Requête trop volumineuse.' };

/** Sends a raw JSON text; returns status and parsed answer. */
async function send(method: 'POST' | 'PUT', url: string, text: string, token?: string) {
  const res = await t.app.inject({
    method,
    url,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: text,
  });
  return { status: res.statusCode, body: res.json() };
}

/** A JSON object of about `bytes` bytes (one padding field). */
const padded = (bytes: number, fields: Record<string, unknown> = {}) => JSON.stringify({ ...fields, pad: 'x'.repeat(bytes) });

describe('the small limit', () => {
  it('is every route’s but the listed ones', () => {
    expect(SMALL_BODY_LIMIT).toBe(16 * 1024);
    expect(bodyLimitOf('POST', '/api/auth/loginAD')).toBe(SMALL_BODY_LIMIT);
    expect(bodyLimitOf('PUT', '/api/pays/update/:id')).toBe(SMALL_BODY_LIMIT);
    expect(bodyLimitOf('POST', '/api/colis/create')).toBe(64 * 1024);
  });

  it('refuses a sign-in body over 16 KiB with 413 in French, and takes one just under it', async () => {
    const over = await send('POST', '/api/auth/loginAD', padded(SMALL_BODY_LIMIT + 1, { email: 'a@b.fr', password: 'x' }));
    expect(over.status).toBe(413);
    expect(over.body).toEqual(TOO_LARGE);
    // Under the limit the body is read and checked: the unknown account's refusal, not a 413.
    const under = await t.call('POST', '/api/auth/loginAD', {
      body: { email: 'inconnu@test.local', password: 'y'.repeat(100), type: 'ADMIN', note: 'z'.repeat(SMALL_BODY_LIMIT - 400) },
    });
    expect(under.status).not.toBe(413);
    expect(under.body.success).toBe(false);
  });

  it('refuses the public recovery routes and reference writes over 16 KiB, signed in or not', async () => {
    for (const url of ['/api/auth/forgotPassword', '/api/auth/validerPassword']) {
      const res = await send('POST', url, padded(20_000, { email: 'a@b.fr' }));
      expect(res.status, url).toBe(413);
      expect(res.body, url).toEqual(TOO_LARGE);
    }
    const pays = (await t.call('GET', '/api/pays/liste', { token: t.adminToken })).body.datas[0];
    const update = await send('PUT', `/api/pays/update/${pays.id}`, padded(20_000, { libelle: 'Nouveau nom' }), t.adminToken);
    expect(update.status).toBe(413);
    expect(update.body).toEqual(TOO_LARGE);
    // Nothing was written.
    const after = (await t.call('GET', `/api/pays/getBy/${pays.id}`, { token: t.adminToken })).body;
    expect(JSON.stringify(after)).not.toContain('Nouveau nom');
    const create = await send('POST', '/api/pays/create', padded(20_000), t.adminToken);
    expect(create.status).toBe(413);
  });

  it('refuses a megabyte without a token as a 413 or a 401, never by parsing it', async () => {
    const res = await send('POST', '/api/pays/create', padded(1_000_000));
    expect([401, 413]).toContain(res.status);
    expect(res.body.success).toBe(false);
  });

  it('leaves a route that declares its own limit alone', async () => {
    const app = Fastify({ logger: false });
    await app.register(bodyLimitsPlugin);
    await app.register(errorsPlugin);
    app.post('/own', { bodyLimit: 100 }, async () => ({ ok: true }));
    app.post('/default', async () => ({ ok: true }));
    await app.ready();
    const big = padded(200);
    expect(
      (await app.inject({ method: 'POST', url: '/own', headers: { 'content-type': 'application/json' }, payload: big })).statusCode,
    ).toBe(413);
    expect(
      (await app.inject({ method: 'POST', url: '/default', headers: { 'content-type': 'application/json' }, payload: big })).statusCode,
    ).toBe(200);
    const over = await app.inject({
      method: 'POST',
      url: '/default',
      headers: { 'content-type': 'application/json' },
      payload: padded(SMALL_BODY_LIMIT),
    });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual(TOO_LARGE);
    await app.close();
  });
});

describe('the routes that need more', () => {
  it('are registered routes (a renamed route would fall back to 16 KiB unnoticed)', () => {
    const registered = new Set(t.app.apiRoutes.map((r) => `${r.method} ${r.url}`));
    for (const key of Object.keys(LARGE_BODY_ROUTES)) expect(registered, key).toContain(key);
  });

  /** 'é' repeated: 2 bytes each in UTF-8, 6 when a client escapes non-ASCII (\u00e9). */
  const accents = (n: number) => 'é'.repeat(n);
  const ids = (n: number) => Array.from({ length: n }, () => randomUUID());

  /** The largest body each large route's schema allows (maxima of common/schemas and the route's own). */
  const largest: Record<string, () => unknown> = {
    'POST /api/colis/create': () => ({
      envoiID: randomUUID(),
      villeID: randomUUID(),
      modeLivraisonID: randomUUID(),
      naturesColis: Array.from({ length: 50 }, () => ({ natureColisID: randomUUID(), poids: 99_999.999, unitePoid: 'kg' })),
      detailsContenu: accents(500),
      contenu: accents(500),
      observation: accents(1000),
      adresseLivraison: accents(500),
      expediteurNom: accents(100),
      expediteurPrenom: accents(150),
      nomDestinataire: accents(100),
      prenomsDestinataire: accents(150),
      adresseDestinataire: accents(500),
    }),
    'PUT /api/autorisation/updateMany/:roleId': () => ({ privilegeIDs: ids(500), isActive: true }),
    'POST /api/colis/transferer': () => ({ colisIDs: ids(500), envoiID: randomUUID() }),
    'POST /api/caisse/cloture': () => ({
      date: '2026-11-20',
      comptes: Array.from({ length: 200 }, () => ({ modePaiementID: randomUUID(), devise: 'EUR', montant: 123456789.12 })),
      commentaire: accents(1000),
    }),
    'POST /api/message/sendbyEmail': () => ({ email: 'client@test.local', subject: accents(200), htmlContent: accents(10_000) }),
    'POST /api/notification/contactClients': () => ({ typeDestinataire: 'tous', sujet: accents(30), message: accents(10_000) }),
    'POST /api/inventaire/create': () => ({ references: Array.from({ length: 5000 }, (_, i) => `PAR-2026-${String(i).padStart(6, '0')}`) }),
    // A release with the largest signature and photo their schema allows (common/schemas/colis.ts finishFields).
    'POST /api/colis/retirer/:id': () => releaseBody(),
    'POST /api/colis/livrer/:id': () => releaseBody(),
  };
  function releaseBody() {
    return {
      codeRetrait: '123456',
      pieceType: 'PASSEPORT',
      pieceNumero: 'A'.repeat(30),
      mandataireID: randomUUID(),
      signature: `data:image/png;base64,${'A'.repeat(280_000 - 22)}`,
      photo: `data:image/jpeg;base64,${'A'.repeat(700_000 - 23)}`,
      modePaiementID: randomUUID(),
      paymentby: 'destinateur',
    };
  }

  it('take the largest body their schema allows, even with non-ASCII escaped, and refuse one over their limit', async () => {
    for (const [key, make] of Object.entries(largest)) {
      const [method, pattern] = key.split(' ') as ['POST' | 'PUT', string];
      const url = pattern.replace(/:[A-Za-z]+/g, randomUUID());
      const limit = LARGE_BODY_ROUTES[key];
      // A client escaping every non-ASCII character (JSON's \uXXXX): the largest text on the wire.
      const text = JSON.stringify(make()).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
      expect(Buffer.byteLength(text), key).toBeLessThanOrEqual(limit);
      const res = await send(method, url, text, t.adminToken);
      expect(res.status, `${key}: ${JSON.stringify(res.body).slice(0, 200)}`).not.toBe(413);
      const over = await send(method, url, padded(limit), t.adminToken);
      expect(over.status, key).toBe(413);
      expect(over.body, key).toEqual(TOO_LARGE);
    }
  });

  it('need more than 16 KiB: their largest bodies are over it', () => {
    for (const key of [
      'PUT /api/autorisation/updateMany/:roleId',
      'POST /api/colis/transferer',
      'POST /api/caisse/cloture',
      'POST /api/message/sendbyEmail',
      'POST /api/notification/contactClients',
      'POST /api/inventaire/create',
      'POST /api/colis/retirer/:id',
      'POST /api/colis/livrer/:id',
    ]) {
      expect(Buffer.byteLength(JSON.stringify(largest[key]())), key).toBeGreaterThan(SMALL_BODY_LIMIT);
    }
  });
});
