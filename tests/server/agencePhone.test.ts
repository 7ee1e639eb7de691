/**
 * Agencies' phone on the server (spec 001 §5 Agency add: "phone typed without dial code, full phone = dial code +
 * phone"): create and update run common/phone.ts normalizePaysPhone with the country of the agency's city, store the
 * national part and the full number, and refuse an invalid number with a French 400 on the telephone field. The
 * telephoneComplet a client sends is recomputed; agencies are administration, so an agency user is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_MESSAGES, otherDialCodeMessage } from '../../common/phone';
import { setupTestApp, type TestContext } from './helpers';

let t: TestContext;
let paris: string;
let dakar: string;
beforeAll(async () => {
  t = await setupTestApp();
  const villes = (await t.call('GET', '/api/ville/liste', { token: t.adminToken })).body.datas as { id: string; code: string }[];
  paris = villes.find((v) => v.code === 'PAR')!.id;
  dakar = villes.find((v) => v.code === 'DKR')!.id;
});
afterAll(() => t.close());

const body = (over: Record<string, unknown> = {}) => ({
  libelle: 'Agence Téléphone',
  latitude: 48.85,
  longitude: 2.35,
  villeID: paris,
  ...over,
});

describe('agence/create and agence/update: one phone rule with the UI', () => {
  it('builds the full number with the country dial code, drops the trunk 0 and ignores the sent telephoneComplet', async () => {
    const res = await t.call('POST', '/api/agence/create', {
      token: t.adminToken,
      body: body({ telephone: '01 42 58 76 30', telephoneComplet: '+999' }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ telephone: '142587630', telephoneComplet: '+33142587630' });

    const dk = await t.call('POST', '/api/agence/create', {
      token: t.adminToken,
      body: body({ villeID: dakar, telephone: '33 821 45 67' }),
    });
    expect(dk.body.data).toMatchObject({ telephone: '338214567', telephoneComplet: '+221338214567' });
  });

  it("keeps the counter's address and hours, trimmed; an update that does not send them leaves them", async () => {
    const created = await t.call('POST', '/api/agence/create', {
      token: t.adminToken,
      body: body({ libelle: 'Agence Adresse', adresse: '  3 rue des Colis, Paris ', horaires: 'Lun–Ven 9 h – 17 h' }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({ adresse: '3 rue des Colis, Paris', horaires: 'Lun–Ven 9 h – 17 h' });
    const id = created.body.data.id as string;
    const updated = await t.call('PUT', `/api/agence/update/${id}`, { token: t.adminToken, body: body({ libelle: 'Agence Adresse 2' }) });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({
      libelle: 'Agence Adresse 2',
      adresse: '3 rue des Colis, Paris',
      horaires: 'Lun–Ven 9 h – 17 h',
    });
    const long = await t.call('PUT', `/api/agence/update/${id}`, { token: t.adminToken, body: body({ adresse: 'x'.repeat(201) }) });
    expect(long.status).toBe(400);
    expect(long.body.errors.adresse).toBe('200 caractères au maximum');
  });

  it('refuses a number of the wrong length for the country with the French message on the field', async () => {
    const res = await t.call('POST', '/api/agence/create', { token: t.adminToken, body: body({ telephone: '12345' }) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PHONE_MESSAGES.length(9, '33'));
    expect(res.body.errors).toEqual({ telephone: PHONE_MESSAGES.length(9, '33') });
  });

  it('refuses letters and the dial code of another country', async () => {
    const letters = await t.call('POST', '/api/agence/create', { token: t.adminToken, body: body({ telephone: '06 12 AB 56 78' }) });
    expect(letters.status).toBe(400);
    expect(letters.body.errors.telephone).toBe(PHONE_MESSAGES.invalid);
    const foreign = await t.call('POST', '/api/agence/create', { token: t.adminToken, body: body({ telephone: '+221 77 000 00 01' }) });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.telephone).toBe(otherDialCodeMessage('33'));
  });

  it('applies the rule on update, and an emptied phone clears both numbers', async () => {
    const created = await t.call('POST', '/api/agence/create', { token: t.adminToken, body: body({ telephone: '142587631' }) });
    const id = created.body.data.id;
    const bad = await t.call('PUT', `/api/agence/update/${id}`, { token: t.adminToken, body: body({ telephone: '0142' }) });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.telephone).toMatch(/^Numéro de téléphone invalide/);
    const moved = await t.call('PUT', `/api/agence/update/${id}`, {
      token: t.adminToken,
      body: body({ villeID: dakar, telephone: '770000001' }),
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ telephone: '770000001', telephoneComplet: '+221770000001' });
    expect(moved.body.data.code).toBe(created.body.data.code);
    const cleared = await t.call('PUT', `/api/agence/update/${id}`, { token: t.adminToken, body: body({ telephone: null }) });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.data).toMatchObject({ telephone: null, telephoneComplet: null });
  });

  it('answers 400 to a malformed body and 403 to an agency user', async () => {
    for (const bad of [
      body({ telephone: 612345678 }),
      body({ latitude: 'nord' }),
      body({ telephone: 'x'.repeat(40) }),
      body({ villeID: 'paris' }),
    ]) {
      const res = await t.call('POST', '/api/agence/create', { token: t.adminToken, body: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const agent = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
    const created = await t.call('POST', '/api/agence/create', { token: agent.token, body: body({ telephone: '142587632' }) });
    expect(created.status).toBe(403);
    const own = (await t.call('GET', '/api/agence/liste?q=PAR1', { token: t.adminToken })).body.datas[0];
    const upd = await t.call('PUT', `/api/agence/update/${own.id}`, { token: agent.token, body: body({ telephone: '142587633' }) });
    expect(upd.status).toBe(403);
  });
});
