/**
 * Departure dates at most two years ahead (common/envoiRules.ts: a typing error such as 2062 for 2026): envoi/create
 * refuses a departure and an arrival beyond two years and accepts exactly two years, and the departure form's schema
 * refuses the same dates with the same messages (one shared rule).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../common/dates';
import { envoiFormSchema } from '../../common/schemas/envoi';
import { pays } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { createEnvoiByApi, idByCode, inDays } from './fixtures';

let t: TestContext;

beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

describe('departure dates at most two years ahead', () => {
  const twoYears = () => {
    const [y, m, d] = todayIso().split('-').map(Number);
    return new Date(Date.UTC(y + 2, m - 1, d)).toISOString().slice(0, 10);
  };

  it('refuses a departure and an arrival beyond two years, and accepts exactly two years', async () => {
    const far = addDays(twoYears(), 1);
    const res = await t.call('POST', '/api/envoi/create', {
      token: t.adminToken,
      body: {
        modeEnvoiID: (await t.call('GET', '/api/modeEnvoi/liste', { token: t.adminToken })).body.datas[0].id,
        paysID: await idByCode(t.database.db, pays, 'SN'),
        paysEmetteurID: await idByCode(t.database.db, pays, 'FR'),
        dateFin: inDays(1),
        dateDebut: far,
        dateArrive: addDays(far, 2),
        poids: 100,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.dateDebut).toBe('La date de départ ne peut pas dépasser deux ans.');
    expect(res.body.errors.dateArrive).toBe("La date d'arrivée ne peut pas dépasser deux ans.");
    expect(res.body.message).toBe('Données invalides : La date de départ ne peut pas dépasser deux ans.');

    const ok = await createEnvoiByApi(t, { dateDebut: addDays(twoYears(), -1), dateArrive: twoYears() });
    expect(ok.id).toBeTruthy();
  });

  it('the departure form refuses the same dates with the same messages (one shared rule)', () => {
    const today = todayIso();
    const form = envoiFormSchema({ mode: 'create', today }).safeParse({
      modeEnvoiID: '11111111-1111-4111-8111-111111111111',
      paysID: '22222222-2222-4222-8222-222222222222',
      paysEmetteurID: '33333333-3333-4333-8333-333333333333',
      dateFin: inDays(1),
      dateDebut: addDays(twoYears(), 1),
      dateArrive: addDays(twoYears(), 3),
      poids: '100',
    });
    const messages = Object.fromEntries((form.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      dateDebut: 'La date de départ ne peut pas dépasser deux ans.',
      dateArrive: "La date d'arrivée ne peut pas dépasser deux ans.",
    });
  });
});
