/**
 * The error contract (docs/decisions/error-contract.md): Fastify's own refusals answer the `{success: false, message}`
 * envelope in French with the right status (server/plugins/errors.ts: the error handler, `frameworkErrors` and
 * `clientErrorHandler`), and the OpenAPI document says so for every route (server/plugins/openapiErrors.ts): 413, 429 and
 * 503 everywhere, 414 where the path has parameters, the exports' media types.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_SCHEMA, EXPORT_MEDIA_TYPES } from '../../server/plugins/openapiErrors';
import { setupTestApp, type TestContext } from './helpers';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

/** Sends a request through app.inject; returns status, content type and parsed answer. */
async function inject(method: string, url: string, headers: Record<string, string> = {}, payload?: string) {
  const res = await t.app.inject({ method: method as never, url, headers, payload });
  return { status: res.statusCode, type: String(res.headers['content-type']), body: res.json() };
}

describe("Fastify's own refusals", () => {
  const token = () => t.adminToken;
  const cases: [name: string, run: () => ReturnType<typeof inject>, status: number, message: string][] = [
    [
      'a path parameter that is no valid UTF-8 (FST_ERR_BAD_URL)',
      () => inject('GET', '/api/pays/getBy/%ED%A0%80', { authorization: `Bearer ${token()}` }),
      400,
      'Adresse invalide : caractères mal encodés.',
    ],
    ['a truncated percent-encoding', () => inject('GET', '/api/colis/getBy/%E0%A4%A'), 400, 'Adresse invalide : caractères mal encodés.'],
    ['a bad encoding outside the API', () => inject('GET', '/suivi/%ED%A0%80'), 400, 'Adresse invalide : caractères mal encodés.'],
    [
      'a path parameter over 100 characters (FST_ERR_MAX_PARAM_LENGTH)',
      () => inject('GET', `/api/pays/getBy/${'a'.repeat(101)}`, { authorization: `Bearer ${token()}` }),
      414,
      'Adresse trop longue : un paramètre dépasse 100 caractères.',
    ],
    [
      'a body that is not JSON (FST_ERR_CTP_INVALID_MEDIA_TYPE)',
      () => inject('POST', '/api/auth/loginAD', { 'content-type': 'text/xml' }, '<login/>'),
      415,
      'Type de contenu non pris en charge : envoyez du JSON (Content-Type: application/json).',
    ],
    [
      'malformed JSON',
      () => inject('POST', '/api/auth/loginAD', { 'content-type': 'application/json' }, '{"email": '),
      400,
      'Corps de requête JSON invalide.',
    ],
    [
      'a body over the route’s limit',
      () => inject('POST', '/api/auth/loginAD', { 'content-type': 'application/json' }, JSON.stringify({ x: 'x'.repeat(40_000) })),
      413,
      'Requête trop volumineuse.',
    ],
    ['an unknown API route', () => inject('GET', '/api/nexistepas'), 404, 'Ressource introuvable.'],
    [
      'a method the route does not have',
      () => inject('PATCH', '/api/pays/create', { authorization: `Bearer ${token()}` }),
      404,
      'Ressource introuvable.',
    ],
    ['DELETE on the sign-in', () => inject('DELETE', '/api/auth/loginAD'), 404, 'Ressource introuvable.'],
  ];

  for (const [name, run, status, message] of cases) {
    it(`${name}: ${status}, in the envelope, in French`, async () => {
      const res = await run();
      expect(res.status).toBe(status);
      expect(res.type).toMatch(/^application\/json/);
      expect(res.body).toEqual({ success: false, message });
    });
  }
});

describe("Node's HTTP parser's refusals, on a real socket", () => {
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  /** Writes raw bytes on a new connection and reads everything until the server closes it. */
  const raw = (text: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let got = '';
      socket.on('data', (b) => (got += b.toString('utf8')));
      socket.on('close', () => resolve(got));
      socket.on('error', (err) => (got ? resolve(got) : reject(err)));
      socket.write(text);
    });

  /** Status and JSON body of a raw HTTP answer. */
  const parse = (answer: string) => {
    const [head, body] = answer.split('\r\n\r\n');
    return { status: Number(head.split(' ')[1]), head, body: JSON.parse(body) };
  };

  it('an address over the 16 KiB of headers: 431 in the envelope', async () => {
    const res = parse(await raw(`GET /api/pays/liste?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`));
    expect(res.status).toBe(431);
    expect(res.head).toMatch(/content-type: application\/json/i);
    expect(res.body).toEqual({ success: false, message: 'En-têtes de requête trop volumineux.' });
  });

  it('a malformed request: 400 in the envelope', async () => {
    const res = parse(await raw('GET /api/pays/liste HTTP/1.1\r\nHost x\r\nbad header\r\n\r\n'));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'Requête invalide.' });
  });
});

describe('the OpenAPI document', () => {
  let doc: {
    paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; responses: Record<string, any> }>>;
    components: { schemas: Record<string, any> };
  };
  beforeAll(async () => {
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });

  /** Every operation of the document, with its path and method. */
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));

  /**
   * Whether a response's JSON schema is the envelope: the shared component, a route's own refusal (success false), or
   * the readiness probe's 503 (its answer's schema, with success and message).
   */
  const isEnvelope = (response: any) => {
    const schema = response?.content?.['application/json']?.schema;
    if (!schema) return false;
    const resolved = schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()] : schema;
    const props = resolved?.properties ?? {};
    return (props.success?.enum?.[0] === false && resolved.required?.includes('message')) || (!!props.success && !!props.message);
  };

  it('declares the envelope as a component', () => {
    const schema = doc.components.schemas[ERROR_SCHEMA];
    expect(schema.required).toEqual(['success', 'message']);
    expect(schema.properties.success.enum).toEqual([false]);
  });

  it('lists 400, 408, 413, 429, 431, 500 and 503 in the envelope on every route, with Retry-After on 429 and 503', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(100);
    for (const { path, method, op } of ops) {
      // 431 and 408 are Node's parser's (headers over 16 KiB, a request too slow): any route may get them (probe F10).
      for (const status of ['400', '408', '413', '429', '431', '500', '503']) {
        expect(isEnvelope(op.responses[status]), `${method} ${path} ${status}`).toBe(true);
      }
      for (const status of ['429', '503']) expect(op.responses[status].headers?.['Retry-After'], `${method} ${path}`).toBeTruthy();
    }
  });

  it('lists 404 and 414 where the path has parameters, 401 and 403 where a session is needed, 415 on writes', () => {
    for (const { path, method, op } of operations()) {
      if (path.includes('{')) for (const s of ['404', '414']) expect(isEnvelope(op.responses[s]), `${method} ${path} ${s}`).toBe(true);
      if (['post', 'put', 'patch', 'delete'].includes(method)) expect(isEnvelope(op.responses['415']), `${method} ${path}`).toBe(true);
    }
    expect(isEnvelope(doc.paths['/api/pays/liste'].get.responses['401'])).toBe(true);
    expect(isEnvelope(doc.paths['/api/pays/liste'].get.responses['403'])).toBe(true);
  });

  it('states each route’s body limit in its 413', () => {
    expect(doc.paths['/api/auth/loginAD'].post.responses['413'].description).toMatch(/16 Kio/);
    expect(doc.paths['/api/colis/create'].post.responses['413'].description).toMatch(/64 Kio/);
    expect(doc.paths['/api/inventaire/create'].post.responses['413'].description).toMatch(/1 Mio/);
  });

  it('declares CSV and XLSX beside JSON on every list that exports, and they are what an export answers', async () => {
    const exporting = operations().filter(({ op }) => op.parameters?.some((p) => p.in === 'query' && p.name === 'format'));
    expect(exporting.length).toBeGreaterThanOrEqual(20);
    for (const { path, op } of exporting) {
      expect(Object.keys(op.responses['200'].content).sort(), path).toEqual(
        ['application/json', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'].sort(),
      );
    }
    // A route that does not export keeps JSON alone.
    expect(Object.keys(doc.paths['/api/auth/loginAD'].post.responses['200'].content)).toEqual(['application/json']);
    const documented = Object.keys(doc.paths['/api/pays/liste'].get.responses['200'].content);
    for (const format of ['csv', 'xlsx'] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/pays/liste?format=${format}`,
        headers: { authorization: `Bearer ${t.adminToken}` },
      });
      expect(res.statusCode).toBe(200);
      const type = String(res.headers['content-type']);
      expect(type.split(';')[0]).toBe(EXPORT_MEDIA_TYPES[format === 'csv' ? 0 : 1]);
      expect(documented).toContain(type.split(';')[0]);
    }
  });

  it('documents the statuses the router answers: a real 414 and 400 on a documented route', async () => {
    const op = doc.paths['/api/pays/getBy/{id}'].get;
    const long = await inject('GET', `/api/pays/getBy/${'b'.repeat(150)}`);
    expect(long.status).toBe(414);
    expect(isEnvelope(op.responses[String(long.status)])).toBe(true);
    const bad = await inject('GET', '/api/pays/getBy/%C0');
    expect(bad.status).toBe(400);
    expect(isEnvelope(op.responses[String(bad.status)])).toBe(true);
  });
});
