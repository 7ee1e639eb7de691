/**
 * Middleware of the mock API (docs/decisions/mock-api.md): what json-server 0.17 needs to answer the UI
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

/** A French sort key: text lower-cased without accents (server/http/list.ts frenchKey), other values as they are. */
const sortKey = (value) =>
  typeof value === 'string'
    ? value
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
    : value;

/** Sorts rows in place by a field path ('libelle', 'paysID.libelle') as PostgreSQL would, then by id. */
function sortRows(rows, field, order) {
  const path = field.split('.');
  const read = (row) => sortKey(path.reduce((v, k) => (v === null || v === undefined ? v : v[k]), row));
  const sign = order === 'asc' ? 1 : -1;
  rows.sort((a, b) => {
    const x = read(a);
    const y = read(b);
    const xEmpty = x === null || x === undefined;
    const yEmpty = y === null || y === undefined;
    if (xEmpty !== yEmpty) return (xEmpty ? 1 : -1) * sign;
    if (!xEmpty && x !== y) return (x < y ? -1 : 1) * sign;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}

/** Whether a value is a populated reference ({id, …}). */
const isRef = (value) => value !== null && typeof value === 'object' && !Array.isArray(value) && 'id' in value;

/**
 * Builds the two middlewares over json-server's router (its `db` is the lowdb of db.json).
 * @returns {{before: Function, after: Function}}
 */
function createMockMiddleware(router) {
  const state = () => router.db.getState();

  /**
   * The record of any collection holding this id, populated as the collection's other rows show that reference (same
   * fields, one level); the id itself when no record holds it.
   */
  function populate(id, key, siblings) {
    const shape = siblings.map((row) => row[key]).find(isRef);
    for (const [name, rows] of Object.entries(state())) {
      if (name.startsWith('_') || !Array.isArray(rows)) continue;
      const found = rows.find((row) => row.id === id);
      if (!found) continue;
      const fields = shape ? Object.keys(shape) : Object.keys(found).filter((k) => found[k] === null || typeof found[k] !== 'object');
      return Object.fromEntries(fields.map((k) => [k, found[k]]));
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

  /**
   * The page's rows grouped by their agency as the API answers them to the mock's administrator (server/http/byAgence.ts):
   * `{id, _id, agenceLibelle, [groupKey]: rows}`, groups by agency name the French way, 'Sans agence' last.
   */
  function byAgence(rows, groupKey) {
    const groups = new Map();
    for (const row of rows) {
      const agence = row.agenceID && typeof row.agenceID === 'object' ? row.agenceID : null;
      const id = agence && typeof agence.id === 'string' ? agence.id : null;
      if (!groups.has(id)) {
        const agenceLibelle = id && typeof agence.libelle === 'string' ? agence.libelle : 'Sans agence';
        groups.set(id, { id, _id: id, agenceLibelle, [groupKey]: [] });
      }
      groups.get(id)[groupKey].push(row);
    }
    const french = new Intl.Collator('fr', { sensitivity: 'base' });
    return [...groups.values()].sort((a, b) =>
      (a.id === null) !== (b.id === null) ? (a.id === null ? 1 : -1) : french.compare(a.agenceLibelle, b.agenceLibelle),
    );
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
    if (id !== undefined) {
      const detail = (state()._details || []).find((d) => d.id === `${collection}/${id}`);
      return { success: true, [keys.oneKey]: detail ? { ...data, ...detail.extra } : data };
    }
    const total = Number(res.getHeader('X-Total-Count') ?? (Array.isArray(data) ? data.length : 0));
    const meta = (state()._meta || {})[collection] || {};
    const groups = keys.groupKey && !req.withoutGroups && Array.isArray(data) ? { byAgence: byAgence(data, keys.groupKey) } : {};
    return { success: true, [keys.listKey]: data, total, ...meta, ...groups };
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

  /**
   * The API's list parameters in json-server's words, given the collection's rows. The order is the API's (server/http/
   * list.ts): the `_sort` field, else createdAt descending, then id; text compared without case nor accents, a
   * reference by its label, empty values last (first when descending). json-server sorts with case and accents, so
   * the rows are put in that order here (in place) and json-server is given no `_sort`.
   */
  function translateQuery(query, rows) {
    const sample = rows.find(Boolean) || {};
    const out = {};
    let sort = 'createdAt';
    let order = 'desc';
    for (const [key, raw] of Object.entries(query)) {
      const value = Array.isArray(raw) ? raw.join(',') : String(raw);
      if (key === '_perPage') out._limit = value;
      else if (key === '_order') order = value.toLowerCase() === 'asc' ? 'asc' : 'desc';
      else if (key === '_sort') sort = value;
      else if (key === 'ids') out.id = value.split(',');
      else if (key === '_byAgence') continue;
      else if (key.startsWith('_') || key === 'q') out[key] = value;
      else if (isRef(sample[key])) out[`${key}.id`] = value.split(',');
      else out[key] = value.includes(',') ? value.split(',') : value;
    }
    if (!query._order && query._sort) order = 'asc';
    sortRows(rows, isRef(sample[sort]) ? `${sort}.libelle` : sort, order);
    return out;
  }

  /** A create or update body as the API would store it: references populated, dates and ids set. */
  function prepareBody(req, rows, isCreate) {
    const now = new Date().toISOString();
    const body = { ...(req.body || {}) };
    for (const [key, value] of Object.entries(body)) {
      if (key.endsWith('ID') && typeof value === 'string' && value) body[key] = populate(value, key, rows);
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
    if (req.method === 'GET') {
      // `_byAgence=0`: the answer without its groups (server/http/byAgence.ts wantsGroups); not a json-server parameter.
      req.withoutGroups = String(req.query._byAgence) === '0';
      req.query = translateQuery(req.query, rows);
    } else if (req.method === 'POST') prepareBody(req, rows, true);
    else if (req.method === 'PUT' || req.method === 'PATCH') {
      req.method = 'PATCH';
      prepareBody(req, rows, false);
    }
    next();
  }

  return { before, after };
}

module.exports = { createMockMiddleware, MOCK_PASSWORD };
