/**
 * Middleware of the mock API (issue 14 §5 "Fixtures for front-end work"): what json-server 0.17 needs to answer the UI
 * as the real API does (docs/api-contract.md), without a database.
 *
 * `createMockMiddleware(router)` returns two express middlewares, mounted around json-server's rewriter
 * (mock-api/server.cjs):
 * - `before` (spec paths, /api/…): sign-in (POST auth/loginAD → {success, message, token, mustChangePassword, data}
 *   for the administrator of db.json `_login` with MOCK_PASSWORD; 401 'Email ou mot de passe incorrect.' otherwise), the
 *   bearer token on every other call (401 'Session expirée, veuillez vous reconnecter.'), the GET calls outside CRUD
 *   answered from db.json `_snapshots`, and the answer envelopes: a list `{success, <listKey>: rows, total, …meta}`, a
 *   record `{success, <oneKey>: record}`, a create/update `{success, message, <oneKey>: record}`, a deletion
 *   `{success, message: 'suppression effectuée'}`, a refusal `{success: false, message}`;
 * - `after` (json-server paths, /pays…): the API's list parameters translated to json-server's (_perPage → _limit,
 *   _order lower-cased, a reference filter `paysID=…` → `paysID.id=…`, a reference sort → its label, `ids=a,b` →
 *   `id=a&id=b`; _page, _sort and q pass as they are), a PUT turned into a PATCH (the API updates the fields sent),
 *   new records given `id`, `_id`, dates and populated references, and any /api call the route map does not know
 *   refused with a French 404.
 */
'use strict';

const { randomUUID } = require('node:crypto');

/** Password of the mock's administrator: the real server's default (server/config.ts DEFAULT_ADMIN_PASSWORD). */
const MOCK_PASSWORD = 'Admin123!';
/** Lifetime of a mock token, in seconds (the UI reads its `exp`). */
const TOKEN_TTL_S = 8 * 3600;
/** Mark of the tokens this mock signs (they are not JWTs of the real server). */
const TOKEN_SIGNATURE = 'mock-api';

/** Answers a refusal in the API's envelope. */
function fail(res, status, message, errors) {
  res.status(status).json(errors ? { success: false, message, errors } : { success: false, message });
}

/** Base64url of a JSON value. */
const b64 = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT-shaped token {sub, exp} the UI can read (unsigned: the mock only checks its own mark). */
function makeToken(userId) {
  const exp = Math.floor(Date.now() / 1000) + TOKEN_TTL_S;
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: userId, exp })}.${TOKEN_SIGNATURE}`;
}

/** Whether the request carries a live token of this mock. */
function hasLiveToken(req) {
  const match = /^Bearer (.+)$/.exec(req.headers.authorization || '');
  if (!match) return false;
  const [, payload, mark] = match[1].split('.');
  if (mark !== TOKEN_SIGNATURE || !payload) return false;
  try {
    const { exp } = JSON.parse(Buffer.from(payload, 'base64url').toString());
    return typeof exp === 'number' && exp * 1000 > Date.now();
  } catch {
    return false;
  }
}

/** Message of a call the mock does not simulate. */
const notSimulated = (req, apiPath) =>
  `L'API fictive (npm run dev:mock) ne simule pas cet appel : ${req.method} /api/${apiPath}. Lancez le vrai serveur (npm start).`;

/** The collection and record id of a json-server path ('/pays/abc' → ['pays', 'abc']). */
function collectionOf(url) {
  const [collection, id] = url.split('?')[0].split('/').filter(Boolean);
  return { collection, id: id === undefined ? undefined : decodeURIComponent(id) };
}

/** Whether a value is a populated reference ({id, …}). */
const isRef = (value) => value !== null && typeof value === 'object' && !Array.isArray(value) && 'id' in value;

/**
 * Builds the two middlewares over json-server's router (its `db` is the lowdb of db.json).
 * @returns {{before: Function, after: Function}}
 */
function createMockMiddleware(router) {
  const state = () => router.db.getState();

  /** The record of any collection holding this id, reduced to its own fields (a reference populated one level). */
  function populate(id) {
    for (const [name, rows] of Object.entries(state())) {
      if (name.startsWith('_') || !Array.isArray(rows)) continue;
      const found = rows.find((row) => row.id === id);
      if (found) return Object.fromEntries(Object.entries(found).filter(([, v]) => v === null || typeof v !== 'object'));
    }
    return id;
  }

  /** POST auth/loginAD {email, password, type}. */
  function login(req, res) {
    const { email, password } = req.body || {};
    if (typeof email !== 'string' || typeof password !== 'string' || !email || !password) {
      return fail(res, 400, 'Données invalides.', {
        ...(email ? {} : { email: "L'e-mail est obligatoire." }),
        ...(password ? {} : { password: 'Le mot de passe est obligatoire.' }),
      });
    }
    const entry = (state()._login || []).find((row) => row.id === email.trim().toLowerCase());
    if (!entry || password !== MOCK_PASSWORD) return fail(res, 401, 'Email ou mot de passe incorrect.');
    res.json({ ...entry.answer, token: makeToken(String(entry.answer.data.id)) });
  }

  /** Wraps json-server's answer of a call on `collection` into the API's envelope. */
  function envelope(req, res, data) {
    const { collection, id } = collectionOf(req.url);
    const keys = (state()._resources || {})[collection] || { listKey: 'datas', oneKey: 'data', metaKeys: [] };
    if (res.statusCode === 404) return { success: false, message: 'Enregistrement introuvable.' };
    if (req.method === 'DELETE') return { success: true, message: 'suppression effectuée' };
    if (req.method === 'POST') {
      res.status(200);
      return { success: true, message: 'Enregistrement créé avec succès (API fictive).', [keys.oneKey]: data };
    }
    if (req.method === 'PATCH' || req.method === 'PUT') {
      return { success: true, message: 'Mise à jour réussie (API fictive).', [keys.oneKey]: data };
    }
    if (id !== undefined) return { success: true, [keys.oneKey]: data };
    const total = Number(res.getHeader('X-Total-Count') ?? (Array.isArray(data) ? data.length : 0));
    const meta = (state()._meta || {})[collection] || {};
    return { success: true, [keys.listKey]: data, total, ...meta };
  }

  /** Spec paths: sign-in, token, snapshots, envelopes. */
  function before(req, res, next) {
    const url = new URL(req.url, 'http://mock.local');
    if (!url.pathname.startsWith('/api/')) return next();
    const apiPath = url.pathname.slice('/api/'.length);
    if (req.method === 'POST' && apiPath === 'auth/loginAD') return login(req, res);
    if (apiPath.startsWith('auth/')) return fail(res, 404, notSimulated(req, apiPath));
    if (!hasLiveToken(req)) return fail(res, 401, 'Session expirée, veuillez vous reconnecter.');
    if (req.method === 'GET') {
      const snapshots = state()._snapshots || [];
      const snap = snapshots.find((s) => s.id === `${apiPath}${url.search}`) || snapshots.find((s) => s.id === apiPath);
      if (snap) return res.json(snap.answer);
    }
    req.mockApiPath = apiPath;
    // The rewriter matches paths without their query; json-server reads the parameters from req.query.
    req.url = url.pathname;
    const jsonp = res.jsonp.bind(res);
    res.jsonp = (data) => jsonp(envelope(req, res, data));
    next();
  }

  /** The API's list parameters in json-server's words, given the collection's rows. */
  function translateQuery(query, rows) {
    const sample = rows.find(Boolean) || {};
    const out = {};
    for (const [key, raw] of Object.entries(query)) {
      const value = Array.isArray(raw) ? raw.join(',') : String(raw);
      if (key === '_perPage') out._limit = value;
      else if (key === '_order') out._order = value.toLowerCase();
      else if (key === '_sort') out._sort = isRef(sample[value]) ? `${value}.libelle` : value;
      else if (key === 'ids') out.id = value.split(',');
      else if (key.startsWith('_') || key === 'q') out[key] = value;
      else if (isRef(sample[key])) out[`${key}.id`] = value.split(',');
      else out[key] = value.includes(',') ? value.split(',') : value;
    }
    return out;
  }

  /** A create or update body as the API would store it: references populated, dates and ids set. */
  function prepareBody(req, isCreate) {
    const now = new Date().toISOString();
    const body = { ...(req.body || {}) };
    for (const [key, value] of Object.entries(body)) {
      if (key.endsWith('ID') && typeof value === 'string' && value) body[key] = populate(value);
    }
    delete body.id;
    delete body._id;
    if (isCreate) {
      const id = randomUUID();
      Object.assign(body, { isActive: body.isActive ?? true, createdAt: now, id, _id: id });
    }
    body.updatedAt = now;
    req.body = body;
  }

  /** json-server paths: unknown spec paths refused, parameters translated, writes prepared. */
  function after(req, res, next) {
    if (!req.mockApiPath) return next();
    const { collection } = collectionOf(req.url);
    const rows = state()[collection];
    if (req.url.startsWith('/api/') || !Array.isArray(rows)) return fail(res, 404, notSimulated(req, req.mockApiPath));
    if (req.method === 'GET') req.query = translateQuery(req.query, rows);
    else if (req.method === 'POST') prepareBody(req, true);
    else if (req.method === 'PUT' || req.method === 'PATCH') {
      req.method = 'PATCH';
      prepareBody(req, false);
    }
    next();
  }

  return { before, after };
}

module.exports = { createMockMiddleware, MOCK_PASSWORD };
