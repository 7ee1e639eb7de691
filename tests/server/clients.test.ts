/**
 * The clients screen's calls (spec 000 §2 route clients and clientUpdate, §6 keys clientUpdate / clientUpdateStatut,
 * §7 user/listeClients; 001 §7 user/getBy, user/update): a non-ADMIN role lists and opens only the clients of the
 * parcels of its agency scope; a client is edited and toggled with the clients' keys, never with those of the staff
 * users (and the reverse); malformed ids and bodies answer 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { PermissionKey } from '../../common/permissions';
import { colis, modesEnvoi, pays, users } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { idByCode, inDays, insertClient, insertColis, insertRoleWithKeys } from './fixtures';

let t: TestContext;
let agentParis: { id: string; token: string };
let envoiID = '';
/** Clients of a parcel of PAR1 (sender, recipient), of a parcel of DKR1 going to Senegal, and one without parcel. */
const c: Record<'parisSender' | 'parisRecipient' | 'dakar' | 'none', string> = { parisSender: '', parisRecipient: '', dakar: '', none: '' };

/** Creates a role holding exactly `keys` and a staff user of agency `agenceCode` in it; returns its id and token. */
async function staffWith(code: string, keys: PermissionKey[], agenceCode = 'PAR1') {
  await insertRoleWithKeys(t.database.db, code, keys);
  return t.createStaff(code, { agenceCode });
}

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  const envoi = await t.call('POST', '/api/envoi/create', {
    token: t.adminToken,
    body: {
      modeEnvoiID: await idByCode(db, modesEnvoi, 'AERIEN'),
      paysEmetteurID: await idByCode(db, pays, 'FR'),
      paysID: await idByCode(db, pays, 'SN'),
      dateFin: inDays(1),
      dateDebut: inDays(2),
      dateArrive: inDays(3),
      contenu: 'Fret clients',
      poids: 500,
    },
  });
  expect(envoi.status).toBe(200);
  envoiID = envoi.body.data.id as string;
  c.parisSender = await insertClient(db, 'Clparis');
  c.parisRecipient = await insertClient(db, 'Cldest');
  c.dakar = await insertClient(db, 'Cldakar');
  c.none = await insertClient(db, 'Clsans');
  await insertColis(db, { envoiID, statut: 'EN_ATTENTE', agence: 'PAR1', expediteurID: c.parisSender, destinataireID: c.parisRecipient });
  // Registered in Dakar, travelling France → Sénégal: not a parcel of the Paris agency's scope.
  await insertColis(db, { envoiID, statut: 'EN_ATTENTE', agence: 'DKR1', expediteurID: c.dakar, destinataireID: c.dakar });
  agentParis = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
});
afterAll(() => t.close());

/** Names of the clients a token lists, searched by the common prefix 'Cl'. */
async function listedNames(token: string, query = 'q=Cl&_page=1&_perPage=50&_sort=nom&_order=ASC') {
  const res = await t.call('GET', `/api/user/listeClients?${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { names: (res.body.clients as { nom: string }[]).map((r) => r.nom), total: res.body.total as number };
}

describe('user/listeClients — agency scope', () => {
  it('ADMIN lists every client, with or without parcels', async () => {
    const { names } = await listedNames(t.adminToken);
    expect(names).toEqual(expect.arrayContaining(['Cldakar', 'Cldest', 'Clparis', 'Clsans']));
  });

  it('an agent lists only the senders and recipients of the parcels of its scope', async () => {
    const { names, total } = await listedNames(agentParis.token);
    expect(names).toEqual(['Cldest', 'Clparis']);
    expect(total).toBe(2);
    // The scope holds whatever the search, sort and paging.
    expect((await listedNames(agentParis.token, 'q=Cldakar')).names).toEqual([]);
    expect((await listedNames(agentParis.token, '_sort=email&_order=DESC&_page=1&_perPage=1')).total).toBe(2);
  });

  it('an agent of the destination country sees the clients of the parcels travelling to it', async () => {
    const agentDakar = await t.createStaff('AGENT', { agenceCode: 'DKR1' });
    const { names } = await listedNames(agentDakar.token);
    expect(names).toEqual(['Cldakar', 'Cldest', 'Clparis']);
  });

  it('a staff user without an agency lists no client', async () => {
    const db = t.database.db;
    const lost = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
    await db.update(users).set({ agenceID: null }).where(eq(users.id, lost.id));
    expect((await listedNames(lost.token)).names).toEqual([]);
  });

  it('searches by e-mail and sorts by the columns of the screen', async () => {
    const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, c.parisSender));
    const found = await listedNames(t.adminToken, `q=${encodeURIComponent(row.email!)}`);
    expect(found.names).toEqual(['Clparis']);
    for (const sort of ['nom', 'prenoms', 'telephoneComplet', 'email', 'adresse', 'createdAt']) {
      const res = await t.call('GET', `/api/user/listeClients?_sort=${sort}&_order=ASC&_page=1&_perPage=5`, { token: t.adminToken });
      expect(res.status, sort).toBe(200);
    }
  });
});

describe("user/listeClients — an agent's pages newest first (ids from the counters, migration 0015)", () => {
  it("are the clients of its scope in the list's own order: ties by id, a client whose parcel is deleted gone", async () => {
    const db = t.database.db;
    const agent = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
    // Eight more clients of Paris parcels, created (their counters after them) in pairs at the same instant.
    const made: string[] = [];
    for (let i = 0; i < 8; i++) made.push(await insertClient(db, `Pages${i}`));
    for (let i = 0; i < 8; i += 2) {
      await db
        .update(users)
        .set({ createdAt: new Date(Date.UTC(2026, 0, 2, 3, 4, i)) })
        .where(inArray(users.id, made.slice(i, i + 2)));
    }
    const parcels: string[] = [];
    for (let i = 0; i < 8; i += 2) {
      parcels.push(
        await insertColis(db, { envoiID, statut: 'EN_ATTENTE', agence: 'PAR1', expediteurID: made[i], destinataireID: made[i + 1] }),
      );
    }
    // The last pair's only parcel is deleted: both leave the agency's clients.
    await db.update(colis).set({ deletedAt: new Date() }).where(eq(colis.id, parcels[3]));
    const ids = async (query: string) => {
      const res = await t.call('GET', `/api/user/listeClients?${query}`, { token: agent.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { ids: (res.body.clients as { id: string }[]).map((r) => r.id), total: res.body.total as number };
    };
    // The list's own path (a filter leaves the counters' path): every client of the scope, newest first then id.
    const own = await ids('isActive=true&_page=1&_perPage=50');
    const expected = (
      (await db.execute(sql`
        SELECT id FROM users WHERE id IN (${sql.join(
          [...made, c.parisSender, c.parisRecipient].map((x) => sql`${x}::uuid`),
          sql`, `,
        )})
           AND id NOT IN (${made[6]}::uuid, ${made[7]}::uuid)
         ORDER BY created_at DESC, id`)) as unknown as { rows: { id: string }[] }
    ).rows.map((r) => r.id);
    expect(own.ids).toEqual(expected);
    const paged: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const p = await ids(`_page=${page}&_perPage=3`);
      expect(p.total).toBe(expected.length);
      paged.push(...p.ids);
    }
    expect(paged).toEqual(expected);
  });
});

describe('user/getBy and user/update on a client — keys and scope', () => {
  it('an agent (key clients) opens a client of its scope, not another one', async () => {
    const ok = await t.call('GET', `/api/user/getBy/${c.parisSender}`, { token: agentParis.token });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ id: c.parisSender, nom: 'Clparis', typeUserID: { code: 'CLIENT' } });
    expect(ok.body.data.passwordHash).toBeUndefined();
    const other = await t.call('GET', `/api/user/getBy/${c.dakar}`, { token: agentParis.token });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe("Ce client n'a pas de colis dans votre agence.");
    expect((await t.call('GET', `/api/user/getBy/${c.none}`, { token: agentParis.token })).status).toBe(403);
  });

  it('without clientUpdate / clientUpdateStatut an agent cannot edit or toggle a client of its scope', async () => {
    const edit = await t.call('PUT', `/api/user/update/${c.parisSender}`, {
      token: agentParis.token,
      body: { nom: 'Pirate', prenoms: 'X', adresse: '' },
    });
    expect(edit.status).toBe(403);
    const toggle = await t.call('PUT', `/api/user/update/${c.parisSender}`, { token: agentParis.token, body: { isActive: false } });
    expect(toggle.status).toBe(403);
  });

  it('clientUpdate edits a client of the scope (nom, prenoms, adresse only), not a staff user nor another agency’s client', async () => {
    const editor = await staffWith('CLIENT_EDIT', ['clients', 'clientUpdate']);
    const res = await t.call('PUT', `/api/user/update/${c.parisRecipient}`, {
      token: editor.token,
      body: { nom: 'Cldest', prenoms: 'Fatou', adresse: 'Rue 12, Dakar', telephoneComplet: '+221700000000', email: 'x@y.z' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Mise à jour du client réussie !');
    expect(res.body.data).toMatchObject({ prenoms: 'Fatou', adresse: 'Rue 12, Dakar' });
    // Phone and e-mail are read-only: the extra fields are ignored.
    expect(res.body.data.telephoneComplet).not.toBe('+221700000000');
    expect(res.body.data.email).not.toBe('x@y.z');
    // The status toggle needs clientUpdateStatut.
    expect((await t.call('PUT', `/api/user/update/${c.parisRecipient}`, { token: editor.token, body: { isActive: false } })).status).toBe(
      403,
    );
    // clientUpdate is not userUpdate: a staff user of the same agency stays out of reach.
    const staff = await t.call('PUT', `/api/user/update/${agentParis.id}`, {
      token: editor.token,
      body: { nom: 'Pirate', prenoms: 'X' },
    });
    expect(staff.status).toBe(403);
    // A client of another agency's parcel: refused by the scope.
    const far = await t.call('PUT', `/api/user/update/${c.dakar}`, { token: editor.token, body: { nom: 'Pirate', prenoms: 'X' } });
    expect(far.status).toBe(403);
    const [dakar] = await t.database.db.select({ nom: users.nom }).from(users).where(eq(users.id, c.dakar));
    expect(dakar.nom).toBe('Cldakar');
  });

  it('clientUpdateStatut toggles a client of the scope; userUpdate / userUpdateStatut do not open clients', async () => {
    const toggler = await staffWith('CLIENT_STATUS', ['clients', 'clientUpdateStatut']);
    const off = await t.call('PUT', `/api/user/update/${c.parisSender}`, { token: toggler.token, body: { isActive: false } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.message).toBe('Statut mis à jour avec succès !');
    const inactive = await t.call('GET', '/api/user/listeClients?isActive=false&q=Clparis', { token: t.adminToken });
    expect(inactive.body.clients.map((r: { nom: string }) => r.nom)).toEqual(['Clparis']);
    // A full edit is not a status change.
    expect(
      (await t.call('PUT', `/api/user/update/${c.parisSender}`, { token: toggler.token, body: { nom: 'Clparis', prenoms: 'Awa' } })).status,
    ).toBe(403);
    const staffKeys = await staffWith('USER_ONLY', ['user', 'userUpdate', 'userUpdateStatut']);
    expect((await t.call('PUT', `/api/user/update/${c.parisSender}`, { token: staffKeys.token, body: { isActive: true } })).status).toBe(
      403,
    );
    expect((await t.call('GET', `/api/user/getBy/${c.parisSender}`, { token: staffKeys.token })).status).toBe(403);
    expect((await t.call('PUT', `/api/user/update/${c.parisSender}`, { token: t.adminToken, body: { isActive: true } })).status).toBe(200);
  });

  it('malformed ids and bodies answer 400, never 500', async () => {
    const admin = t.adminToken;
    expect((await t.call('GET', '/api/user/getBy/pas-un-id', { token: admin })).status).toBe(400);
    expect((await t.call('PUT', '/api/user/update/pas-un-id', { token: admin, body: { isActive: false } })).status).toBe(400);
    for (const body of [{ isActive: 'non' }, { nom: '', prenoms: 'A' }, { nom: 'A' }, { isActive: true, nom: 5 }, []]) {
      const res = await t.call('PUT', `/api/user/update/${c.parisSender}`, { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const [row] = await t.database.db.select({ nom: users.nom, isActive: users.isActive }).from(users).where(eq(users.id, c.parisSender));
    expect(row).toEqual({ nom: 'Clparis', isActive: true });
  });
});
