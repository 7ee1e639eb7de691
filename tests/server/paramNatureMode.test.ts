/**
 * Unit prices' route rules on the server (spec 001 §5 Unit-price form: "the destination country list excludes the
 * origin country"; no second price for the same group, mode and cities: docs/api-contract.md "Reference resources"):
 * create and update refuse two cities of one country (400 on villeDestinationID) and a second price of a route (409, an
 * inactive one included); an unknown city is a 400; an agency user is refused (403) and malformed bodies are 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARAM_NATURE_MODE_MESSAGES as M } from '../../server/paramNatureMode/service';
import { setupTestApp, type TestContext } from './helpers';

let t: TestContext;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await setupTestApp();
  const rows = async (path: string) =>
    (await t.call('GET', `/api/${path}`, { token: t.adminToken })).body.datas as { id: string; code: string }[];
  for (const v of await rows('ville/liste')) ids[v.code] = v.id;
  for (const g of await rows('groupeNatureColis/liste')) ids[g.code] = g.id;
  for (const m of await rows('modeEnvoi/liste')) ids[m.code] = m.id;
});
afterAll(() => t.close());

const body = (over: Record<string, unknown> = {}) => ({
  libelle: 'Documents Paris → Thiès Aérien',
  prixUnitaire: 12.5,
  groupeNatureColisID: ids.DOCUMENTS,
  villeDorigineID: ids.PAR,
  villeID: ids.THS,
  modeEnvoiID: ids.AERIEN,
  ...over,
});
const create = (b: Record<string, unknown>, token = t.adminToken) => t.call('POST', '/api/paramNatureMode/create', { token, body: b });

describe('paramNatureMode: a route joins two countries', () => {
  it('refuses two cities of the same country on create, with the message on the destination city', async () => {
    const res = await create(body({ villeID: ids.LYS }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(M.memePays);
    expect(res.body.errors).toEqual({ villeDestinationID: M.memePays });
  });

  it('refuses the same on update (spec update names villeOrigineID / villeDestinationID)', async () => {
    const created = await create(body({ villeID: ids.ZIG }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const res = await t.call('PUT', `/api/paramNatureMode/update/${created.body.data.id}`, {
      token: t.adminToken,
      body: { ...body(), villeDorigineID: undefined, villeID: undefined, villeOrigineID: ids.DKR, villeDestinationID: ids.ZIG },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.villeDestinationID).toBe(M.memePays);
  });

  it('refuses an unknown city with a 400', async () => {
    const res = await create(body({ villeID: '00000000-0000-4000-8000-000000000000' }));
    expect(res.status).toBe(400);
    expect(res.body.errors.villeDestinationID).toBe(M.villeIntrouvable);
  });
});

describe('an unknown referenced id (part-001 audit B22)', () => {
  const NOBODY = '01a20000-0000-7000-8000-000000000000';

  it('is a French 400 naming the field, not the 409 of a record in use', async () => {
    for (const field of ['modeEnvoiID', 'groupeNatureColisID']) {
      const res = await create(body({ [field]: NOBODY }));
      expect(res.status, field).toBe(400);
      expect(res.body.message).toBe(`Enregistrement introuvable : ${field}.`);
      expect(res.body.errors).toEqual({ [field]: 'Enregistrement introuvable' });
    }
    // The same rule on every write: a city of an unknown country.
    const ville = await t.call('POST', '/api/ville/create', {
      token: t.adminToken,
      body: { code: 'ZZV', libelle: 'Zédville', paysID: NOBODY },
    });
    expect(ville.status).toBe(400);
    expect(ville.body.errors).toEqual({ paysID: 'Enregistrement introuvable' });
  });

  it('a record still in use stays the 409', async () => {
    const res = await t.call('DELETE', `/api/modeEnvoi/delete/${ids.AERIEN}`, { token: t.adminToken });
    expect(res.status).toBe(409);
  });
});

describe('paramNatureMode: one price per group, mode and cities', () => {
  it('creates a new route, then refuses its twin (409), and still when the first is inactive', async () => {
    const first = await create(body({ villeID: ids.XLS }));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ prixUnitaire: 12.5, villeDestinationID: { id: ids.XLS } });
    const twin = await create(body({ villeID: ids.XLS, libelle: 'Doublon', prixUnitaire: 3 }));
    expect(twin.status).toBe(409);
    expect(twin.body.message).toBe(M.doublon);
    expect(twin.body.errors).toEqual({ groupeNatureColisID: M.doublon });

    await t.call('PUT', `/api/paramNatureMode/update/${first.body.data.id}`, { token: t.adminToken, body: { isActive: false } });
    const again = await create(body({ villeID: ids.XLS, libelle: 'Doublon' }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(M.doublonInactif);

    // Another mode on the same cities is another price.
    const maritime = await create(body({ villeID: ids.XLS, modeEnvoiID: ids.MARITIME, libelle: 'Documents Paris → Saint-Louis Maritime' }));
    expect(maritime.status, JSON.stringify(maritime.body)).toBe(200);
  });

  it('refuses an update onto the route of another price, and accepts an update of the price itself', async () => {
    const a = await create(body({ villeID: ids.KYS, libelle: 'A' }));
    const b = await create(body({ villeID: ids.KSS, libelle: 'B' }));
    expect([a.status, b.status]).toEqual([200, 200]);
    const onto = await t.call('PUT', `/api/paramNatureMode/update/${b.body.data.id}`, {
      token: t.adminToken,
      body: { ...body({ villeID: ids.KYS }), libelle: 'B' },
    });
    expect(onto.status).toBe(409);
    expect(onto.body.message).toBe(M.doublon);
    const same = await t.call('PUT', `/api/paramNatureMode/update/${a.body.data.id}`, {
      token: t.adminToken,
      body: body({ villeID: ids.KYS, libelle: 'A modifié', prixUnitaire: 14 }),
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.data).toMatchObject({ libelle: 'A modifié', prixUnitaire: 14 });
  });
});

describe('paramNatureMode: who and what', () => {
  it('answers 400 to malformed bodies', async () => {
    for (const bad of [
      body({ prixUnitaire: -1 }),
      body({ prixUnitaire: 'cher' }),
      body({ prixUnitaire: true }),
      body({ villeID: 'dakar' }),
      body({ libelle: '' }),
      body({ modeEnvoiID: null }),
    ]) {
      const res = await create(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });

  it('refuses an agency user (403) on create, update and delete', async () => {
    const agent = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
    expect((await create(body({ villeID: ids.ABJ }), agent.token)).status).toBe(403);
    const existing = (await t.call('GET', '/api/paramNatureMode/liste?_page=1&_perPage=1', { token: t.adminToken })).body.datas[0];
    const upd = await t.call('PUT', `/api/paramNatureMode/update/${existing.id}`, { token: agent.token, body: { isActive: false } });
    expect(upd.status).toBe(403);
    const del = await t.call('DELETE', `/api/paramNatureMode/delete/${existing.id}`, { token: agent.token });
    expect(del.status).toBe(403);
  });
});

describe("paramNatureMode: amounts in the origin country's currency, with a minimum charge", () => {
  it('rounds the price and the minimum to the origin currency: 10,5 XOF → 11, 1,005 € → 1,01 €', async () => {
    const dakar = await create(
      body({ libelle: 'Documents Dakar → Lyon', villeDorigineID: ids.DKR, villeID: ids.LYS, prixUnitaire: '10,5', montantMinimum: 2000.4 }),
    );
    expect(dakar.status, JSON.stringify(dakar.body)).toBe(200);
    expect(dakar.body.data).toMatchObject({ prixUnitaire: 11, montantMinimum: 2000, villeOrigineID: { paysID: { devise: 'XOF' } } });
    const paris = await create(body({ villeID: ids.BYK, prixUnitaire: 1.005, montantMinimum: '2,505' }));
    expect(paris.status, JSON.stringify(paris.body)).toBe(200);
    expect(paris.body.data).toMatchObject({ prixUnitaire: 1.01, montantMinimum: 2.51 });
    // An update rounds the same way; '' clears the minimum, an absent one keeps it.
    const upd = (b: Record<string, unknown>) =>
      t.call('PUT', `/api/paramNatureMode/update/${dakar.body.data.id}`, {
        token: t.adminToken,
        body: { ...body({ libelle: 'Documents Dakar → Lyon', villeDorigineID: ids.DKR, villeID: ids.LYS }), ...b },
      });
    expect((await upd({ prixUnitaire: 99.5 })).body.data).toMatchObject({ prixUnitaire: 100, montantMinimum: 2000 });
    expect((await upd({ prixUnitaire: 99.5, montantMinimum: '' })).body.data).toMatchObject({ montantMinimum: null });
    const listed = await t.call('GET', `/api/paramNatureMode/getBy/${paris.body.data.id}`, { token: t.adminToken });
    expect(listed.body.data).toMatchObject({ montantMinimum: 2.51 });
  });

  it('leaves the minimum out when none is given, and refuses a negative or unreadable one', async () => {
    const none = await create(body({ villeID: ids.ASK }));
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    expect(none.body.data.montantMinimum).toBeNull();
    for (const montantMinimum of [-1, 'beaucoup', true]) {
      const res = await create(body({ villeID: ids.SPY, montantMinimum }));
      expect(res.status, JSON.stringify(montantMinimum)).toBe(400);
      expect(res.body.errors.montantMinimum).toMatch(/^Le montant minimum /);
    }
  });
});
