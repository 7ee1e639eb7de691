/**
 * The answers' serializer (server/http/answerSerializer.ts): the text it writes is JSON.stringify's, byte for byte,
 * instants included (any year, invalid dates, Dates inside loose fields), the value it is given is never changed, and
 * an answer that does not match its schema is still refused.
 */
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerSerializerCompiler, isoInstant, jsonReady, serializedOnce } from '../../server/http/answerSerializer';

describe('isoInstant', () => {
  it("writes what Date's toJSON writes, for any instant", () => {
    const edges = [0, -1, 1, 86_399_999, 86_400_000, 951_782_400_000, 1_709_164_800_000, -62_167_219_200_000, -62_167_219_200_001];
    const limits = [253_402_300_799_999, 253_402_300_800_000, 8.64e15, -8.64e15, -30_610_224_000_000, -59_000_000_000_000];
    for (const t of [...edges, ...limits]) expect(isoInstant(new Date(t)), String(t)).toBe(new Date(t).toJSON());
    let seed = 42;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    for (let i = 0; i < 20_000; i++) {
      const t = Math.round(random() * 8.64e15);
      expect(isoInstant(new Date(t))).toBe(new Date(t).toJSON());
    }
    expect(isoInstant(new Date(NaN))).toBeNull();
  });
});

describe('jsonReady', () => {
  it('is written as JSON.stringify writes the value, and leaves the value unchanged', () => {
    const when = new Date('2026-11-25T19:02:39.397Z');
    const withOwnJson = { toJSON: () => ({ replaced: when }) };
    const shared = { at: when, n: 1 };
    const value = {
      success: true,
      datas: [
        { id: 'a', createdAt: when, nested: { at: new Date(-1), list: [when, null, 'x', new Date(NaN)] } },
        { id: 'b', createdAt: null, plain: { n: 1, s: 'é"\\\n', u: undefined }, shared, again: shared },
      ],
      own: withOwnJson,
      year10000: new Date(253_402_300_800_000),
      nothing: undefined,
    };
    const before = JSON.stringify(value);
    const ready = jsonReady(value);
    expect(JSON.stringify(ready)).toBe(before);
    expect(JSON.stringify(value)).toBe(before);
    expect(value.datas[0].createdAt).toBe(when);
    expect(shared.at).toBe(when);
  });

  it('returns objects and arrays without a Date as they are', () => {
    const row = { id: 'a', n: [1, 2, { s: 'x' }] };
    expect(jsonReady(row)).toBe(row);
    const list = [row, { d: new Date(0) }];
    const ready = jsonReady(list) as unknown[];
    expect(ready).not.toBe(list);
    expect(ready[0]).toBe(row);
  });
});

describe('answerSerializerCompiler', () => {
  it('answers what the schema accepts and refuses what it does not (500)', async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(answerSerializerCompiler);
    const when = new Date('2026-01-02T03:04:05.006Z');
    const r = app.withTypeProvider<ZodTypeProvider>();
    const schema = { response: { 200: z.looseObject({ success: z.boolean(), at: z.date() }) } };
    r.get('/good', { schema }, async () => ({ success: true, at: when, extra: [when] }));
    r.get('/bad', { schema }, async () => ({ success: true, at: 'not a date' }) as never);
    const good = await app.inject({ url: '/good' });
    expect(good.statusCode).toBe(200);
    expect(good.body).toBe(JSON.stringify({ success: true, at: when, extra: [when] }));
    const bad = await app.inject({ url: '/bad' });
    expect(bad.statusCode).toBe(500);
    await app.close();
  });
});

describe('serializedOnce', () => {
  it("sends the route's serialized answer, built and checked once per source, and still refuses a wrong one", async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(answerSerializerCompiler);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const schema = { response: { 200: z.looseObject({ success: z.boolean(), at: z.date() }) } };
    const sources: Record<string, object> = { a: { at: new Date(0) }, b: { at: new Date(1) }, bad: { at: 'not a date' } };
    let builds = 0;
    const send = serializedOnce();
    r.get('/:source', { schema }, async (request, reply) => {
      const source = sources[(request.params as { source: string }).source];
      return send(reply, source, () => (builds++, { success: true, ...source }));
    });
    r.get('/plain/:source', { schema }, async (request) => ({
      success: true,
      ...(sources[(request.params as { source: string }).source] as { at: Date }),
    }));
    for (const name of ['a', 'a', 'b', 'a']) {
      const once = await app.inject({ url: `/${name}` });
      const plain = await app.inject({ url: `/plain/${name}` });
      expect(once.statusCode).toBe(200);
      expect(once.body).toBe(plain.body);
      expect(once.headers['content-type']).toBe(plain.headers['content-type']);
    }
    expect(builds).toBe(2);
    expect((await app.inject({ url: '/bad' })).statusCode).toBe(500);
    expect((await app.inject({ url: '/bad' })).statusCode).toBe(500);
    expect(builds).toBe(4);
    await app.close();
  });
});
