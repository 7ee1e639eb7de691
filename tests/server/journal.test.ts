/**
 * The audit journal (docs/decisions/audit-journal.md): every change of a parcel, a payment, a departure, a user, a
 * role, an authorisation or a reference list writes one audit row in its transaction (author, address, before → after,
 * never a secret); a refused change writes none; a parcel's deletion says who and how it was authorised; a departure's
 * status cascade writes one row per parcel; GET audit/liste filters, pages, needs auditListe and is agency-scoped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { audits, mailOutbox, modesPaiement, pays, roles, users, villes } from '../../server/db/schema';
import { TEST_ADMIN } from './testConfig';
import { setupTestApp, type TestContext } from './helpers';
import { colisBody as registrationBody, colisRefs, createEnvoiByApi, idByCode, insertRoleWithKeys, type ColisRefs } from './fixtures';

let t: TestContext;
let agent: { id: string; token: string };
let adminId: string;
const id: Record<string, string> = {};
const IP = '203.0.113.7';

/** A request from the address `ip` (the journal records request.ip). */
async function callFrom(ip: string, method: string, url: string, token: string, body?: unknown) {
  const res = await t.app.inject({
    method: method as never,
    url,
    remoteAddress: ip,
    headers: { authorization: `Bearer ${token}` },
    payload: body as never,
  });
  return { status: res.statusCode, body: res.json() };
}

/** The audit rows of one record, oldest first. */
async function rowsOf(entite: string, entiteID: string) {
  return t.database.db
    .select()
    .from(audits)
    .where(and(eq(audits.entite, entite), eq(audits.entiteID, entiteID)))
    .orderBy(audits.createdAt);
}
const countAll = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(audits))[0].n;

let senderPhone = 771000000;
/** A parcel registration on `envoiID` (fixtures.ts colisBody). */
const colisBody = (envoiID: string, over: Record<string, unknown> = {}) =>
  registrationBody(id as ColisRefs & Record<string, string>, envoiID, over);

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  Object.assign(id, { ...(await colisRefs(db)), ESPECES: await idByCode(db, modesPaiement, 'ESPECES') });
  agent = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${TEST_ADMIN.adminEmail}`);
  adminId = admin.id;
});
afterAll(() => t.close());

/** Every leaf value of a journal row (the fields of avant and apres included), as text. */
function leafValues(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value === 'object') return Object.values(value as Record<string, unknown>).flatMap(leafValues);
  return [String(value)];
}

describe('parcels', () => {
  it('records registration, edit, active toggle and deletion with author, address and before → after', async () => {
    const e = await createEnvoiByApi(t);
    // A sender new to the database (its row made by the registration's own statement): named in the journal.
    const created = await callFrom(IP, 'POST', '/api/colis/create', agent.token, colisBody(e.id, { NumeroSaisi: `+33${senderPhone++}` }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const c = created.body.data;
    const same = { telephoneDestinataire: c.telephoneDestinataire };
    let rows = await rowsOf('colis', c.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'create', auteurID: agent.id, adresseIP: IP, avant: null });
    expect(rows[0].apres).toMatchObject({
      reference: c.reference,
      statut: 'En attente',
      envoi: e.reference,
      detailsContenu: 'Vêtements',
      expediteur: 'Diop Awa',
      devise: 'EUR', // its amounts' currency, its departure's
    });

    // A refused edit (a city outside the destination country) writes nothing.
    const before = await countAll();
    const [paris] = await t.database.db.select({ id: villes.id }).from(villes).where(eq(villes.code, 'PAR'));
    const refused = await callFrom(
      IP,
      'PUT',
      `/api/colis/update/${c.id}`,
      agent.token,
      colisBody(e.id, { ...same, villeID: paris?.id ?? c.id }),
    );
    expect(refused.status).toBe(400);
    expect(await countAll()).toBe(before);

    const edited = await callFrom(
      '198.51.100.2',
      'PUT',
      `/api/colis/update/${c.id}`,
      t.adminToken,
      colisBody(e.id, { ...same, detailsContenu: 'Livres' }),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    rows = await rowsOf('colis', c.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ action: 'update', auteurID: adminId, adresseIP: '198.51.100.2' });
    // Only the changed fields, both sides.
    expect(rows[1].avant).toEqual({ detailsContenu: 'Vêtements' });
    expect(rows[1].apres).toEqual({ detailsContenu: 'Livres' });

    const off = await callFrom(IP, 'PUT', `/api/colis/update/${c.id}`, agent.token, { isActive: false });
    expect(off.status).toBe(200);
    rows = await rowsOf('colis', c.id);
    expect(rows[2]).toMatchObject({ action: 'active', avant: { isActive: true }, apres: { isActive: false } });

    const del = await callFrom(IP, 'DELETE', `/api/colis/delete/${c.id}/ADMIN`, t.adminToken);
    expect(del.status).toBe(200);
    rows = await rowsOf('colis', c.id);
    expect(rows).toHaveLength(4);
    expect(rows[3]).toMatchObject({ action: 'delete', auteurID: adminId, adresseIP: IP, avant: { deletedAt: null } });
    expect(rows[3].apres).toMatchObject({
      permission: 'colisDelete',
      autorisation: 'directe',
      motif: 'suppression directe (colis en attente)',
    });
    expect(Date.parse((rows[3].apres as { deletedAt: string }).deletedAt)).not.toBeNaN();
    // Never a secret in the journal.
    expect(JSON.stringify(rows)).not.toMatch(/password|hash|token/i);
  });

  it('a registration with an advance is one row holding the payment; a payment, its cancellation and an OTP deletion are recorded', async () => {
    const e = await createEnvoiByApi(t);
    const created = await callFrom(
      IP,
      'POST',
      '/api/colis/create',
      agent.token,
      colisBody(e.id, { reglement: 5, encaissement: { modePaiementID: id.ESPECES } }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const c = created.body.data;
    let rows = await rowsOf('colis', c.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].apres).toMatchObject({ statut: 'Réceptionné', reglement: 5 });

    const pay = await callFrom(IP, 'POST', '/api/encaissement/create', agent.token, {
      colisID: c.id,
      montantEncaisse: 3,
      modePaiementID: id.ESPECES,
      paymentby: 'expediteur',
    });
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    const payRows = await rowsOf('encaissement', pay.body.data.id);
    expect(payRows).toHaveLength(1);
    expect(payRows[0]).toMatchObject({ action: 'create', auteurID: agent.id, adresseIP: IP });
    expect(payRows[0].apres).toMatchObject({ colis: c.reference, montantEncaisse: '3.00' });
    const cancel = await callFrom(IP, 'DELETE', `/api/encaissement/delete/${pay.body.data.id}`, t.adminToken);
    expect(cancel.status).toBe(200);
    expect((await rowsOf('encaissement', pay.body.data.id)).map((r) => r.action)).toEqual(['create', 'delete']);

    // The advance refunded (recorded as the 'create' of a negative 'encaissement'): a parcel holding money is not deleted.
    const [advance] = (await t.call('GET', `/api/encaissement/getByColisID/${c.id}`, { token: t.adminToken })).body.encaissements;
    const body = { montant: 5, modePaiementID: id.ESPECES, motif: 'Annulation' };
    const back = await callFrom(IP, 'POST', `/api/encaissement/rembourser/${advance.id}`, t.adminToken, body);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const [refundRow] = await rowsOf('encaissement', back.body.data.id);
    expect(refundRow).toMatchObject({ action: 'create', adresseIP: IP, apres: { rembourseID: advance.id, montantEncaisse: '-5.00' } });

    // Deletion of a received parcel: a code mailed to the administrators, then the deletion with it.
    expect((await callFrom(IP, 'DELETE', `/api/colis/delete/${c.id}/AGENT`, agent.token)).status).toBe(202);
    expect(await rowsOf('colis', c.id)).toHaveLength(1);
    const [m] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.subject} like ${`%${c.reference}%`}`)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    const code = /<strong>(\d{4})<\/strong>/.exec(m.html)![1];
    const ok = await callFrom(IP, 'POST', '/api/colis/deleteWithOtp', agent.token, { colisId: c.id, codeOtp: code });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    rows = await rowsOf('colis', c.id);
    expect(rows[1]).toMatchObject({ action: 'delete', auteurID: agent.id });
    expect(rows[1].apres).toMatchObject({ permission: 'colisDelete', autorisation: 'code de confirmation' });
    // The code is in none of the row's values, whole or inside a text ('0000' may be part of a reference or an id).
    expect(leafValues(rows[1]).filter((v) => v === code || (/\s/.test(v) && new RegExp(`(^|\\D)${code}(\\D|$)`).test(v)))).toEqual([]);
  });
});

describe('departures', () => {
  it('records create, edit, status change with one row per parcel moved, and nothing for a refused change', async () => {
    const e = await createEnvoiByApi(t);
    expect((await rowsOf('envoi', e.id)).map((r) => r.action)).toEqual(['create']);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await callFrom(
        IP,
        'POST',
        '/api/colis/create',
        agent.token,
        colisBody(e.id, { reglement: 1, encaissement: { modePaiementID: id.ESPECES } }),
      );
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      ids.push(r.body.data.id);
    }
    // ARRIVE from OUVERT is refused: no row.
    const before = await countAll();
    const refused = await callFrom(IP, 'PUT', `/api/envoi/update/${e.id}`, t.adminToken, { statutID: 'ARRIVE' });
    expect(refused.status).toBe(409);
    expect(await countAll()).toBe(before);

    const moved = await callFrom(IP, 'PUT', `/api/envoi/update/${e.id}`, t.adminToken, { statutID: 'EN_COURS_ENVOI' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.colisMoved).toBe(3);
    for (const cid of ids) {
      const rows = await rowsOf('colis', cid);
      expect(rows.map((r) => r.action)).toEqual(['create', 'statut']);
      expect(rows[1]).toMatchObject({ auteurID: adminId, adresseIP: IP, avant: { statut: 'Réceptionné' } });
      expect(rows[1].apres).toMatchObject({ statut: "En cours d'envoi", motif: `départ ${e.reference} en cours d'envoi` });
    }
    const envoiRows = await rowsOf('envoi', e.id);
    expect(envoiRows.at(-1)).toMatchObject({
      action: 'statut',
      avant: { statut: 'OUVERT' },
      apres: { statut: 'EN_COURS_ENVOI', colisDeplaces: 3 },
    });

    const other = await createEnvoiByApi(t);
    const del = await callFrom(IP, 'DELETE', `/api/envoi/delete/${other.id}`, t.adminToken);
    expect(del.status).toBe(200);
    const delRows = await rowsOf('envoi', other.id);
    expect(delRows.map((r) => r.action)).toEqual(['create', 'delete']);
    expect(delRows[1].avant).toMatchObject({ reference: other.reference });
  });
});

describe('reference lists, roles, users', () => {
  it('the generic CRUD records create, edit (changed fields only), active toggle and delete; a refused delete writes nothing', async () => {
    const created = await callFrom(IP, 'POST', '/api/pays/create', t.adminToken, {
      code: 'ZZ',
      libelle: 'Zedland',
      indicatif: '+999',
      longueurNumero: 8,
      devise: 'USD',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const pid = created.body.data.id;
    const up = await callFrom(IP, 'PUT', `/api/pays/update/${pid}`, t.adminToken, {
      code: 'ZZ',
      libelle: 'Zedlande',
      indicatif: '+999',
      longueurNumero: 8,
      devise: 'USD',
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    await callFrom(IP, 'PUT', `/api/pays/update/${pid}`, t.adminToken, { isActive: false });
    const rows = await rowsOf('pays', pid);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'active']);
    expect(rows[0]).toMatchObject({ auteurID: adminId, adresseIP: IP });
    expect(rows[1].apres).toEqual({ libelle: 'Zedlande' });
    expect(rows[1].avant).toEqual({ libelle: 'Zedland' });

    // A country in use cannot be deleted: no row. An unused one can: one 'delete' row with its values.
    const fr = await idByCode(t.database.db, pays, 'FR');
    const before = await countAll();
    expect((await callFrom(IP, 'DELETE', `/api/pays/delete/${fr}`, t.adminToken)).status).toBe(409);
    expect(await countAll()).toBe(before);
    expect((await callFrom(IP, 'DELETE', `/api/pays/delete/${pid}`, t.adminToken)).status).toBe(200);
    const last = (await rowsOf('pays', pid)).at(-1)!;
    expect(last).toMatchObject({ action: 'delete', apres: null });
    expect(last.avant).toMatchObject({ code: 'ZZ', libelle: 'Zedlande' });
  });

  it('roles and users carry the address too, never a password', async () => {
    const r = await callFrom(IP, 'POST', '/api/role/create', t.adminToken, { code: 'CAISSE', libelle: 'Caisse', description: 'Caissier' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const roleRows = await rowsOf('role', r.body.data.id);
    expect(roleRows[0]).toMatchObject({ action: 'create', adresseIP: IP, roleID: r.body.data.id });
    const staff = await t.createStaff('AGENT');
    const reset = await callFrom(IP, 'POST', `/api/user/resetPassword/${staff.id}`, t.adminToken);
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const userRows = await rowsOf('user', staff.id);
    expect(userRows.at(-1)).toMatchObject({ action: 'password', adresseIP: IP });
    expect(JSON.stringify(userRows)).not.toMatch(/hash|Staff-Pass/);
  });
});

describe('GET audit/liste', () => {
  it('filters by entity, record, author and period, pages newest first, and needs auditListe', async () => {
    const e = await createEnvoiByApi(t);
    const a = await callFrom(IP, 'POST', '/api/colis/create', agent.token, colisBody(e.id));
    const cid = a.body.data.id;
    for (const d of ['Un', 'Deux', 'Trois']) {
      const body = colisBody(e.id, { detailsContenu: d, telephoneDestinataire: a.body.data.telephoneDestinataire });
      expect((await callFrom(IP, 'PUT', `/api/colis/update/${cid}`, t.adminToken, body)).status).toBe(200);
    }
    const page1 = await t.call('GET', `/api/audit/liste?entity=colis&entityId=${cid}&page=1&limit=3`, { token: t.adminToken });
    expect(page1.status).toBe(200);
    expect(page1.body.total).toBe(4);
    expect(page1.body.datas.map((r: any) => r.action)).toEqual(['update', 'update', 'update']);
    expect(page1.body.datas[0]).toMatchObject({ apres: { detailsContenu: 'Trois' }, avant: { detailsContenu: 'Deux' }, adresseIP: IP });
    expect(page1.body.datas[0]).toMatchObject({ entite: 'colis', entiteID: cid });
    expect(page1.body.datas[0].auteur).toBeTruthy();
    const page2 = await t.call('GET', `/api/audit/liste?entity=colis&entityId=${cid}&page=2&limit=3`, { token: t.adminToken });
    expect(page2.body.datas.map((r: any) => r.action)).toEqual(['create']);
    expect(page2.body.datas[0].auteurID).toBe(agent.id);

    const byAgent = await t.call('GET', `/api/audit/liste?userId=${agent.id}&entityId=${cid}`, { token: t.adminToken });
    expect(byAgent.body.total).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    const past = await t.call('GET', `/api/audit/liste?entityId=${cid}&debut=2000-01-01&fin=2000-12-31`, { token: t.adminToken });
    expect(past.body.total).toBe(0);
    const around = await t.call('GET', `/api/audit/liste?entityId=${cid}&debut=2000-01-01&fin=2099-12-31`, { token: t.adminToken });
    expect(around.body.total).toBe(4);
    expect(today).toMatch(/^\d{4}/);

    // Bad input: French 400s.
    const bad = await t.call('GET', '/api/audit/liste?debut=2026-13-45', { token: t.adminToken });
    expect(bad.status).toBe(400);
    const inverted = await t.call('GET', '/api/audit/liste?debut=2026-02-01&fin=2026-01-01', { token: t.adminToken });
    expect(inverted.status).toBe(400);
    expect(inverted.body.message).toMatch(/début/);
    expect((await t.call('GET', '/api/audit/liste?limit=1000', { token: t.adminToken })).status).toBe(400);
    expect((await t.call('GET', '/api/audit/liste?entityId=abc', { token: t.adminToken })).status).toBe(400);

    // The key is required: an agent (no auditListe by default) gets 403; no token 401.
    expect((await t.call('GET', '/api/audit/liste', { token: agent.token })).status).toBe(403);
    expect((await t.call('GET', '/api/audit/liste', {})).status).toBe(401);
  });

  it('a role of one agency holding the key reads only the changes of its own agency', async () => {
    await insertRoleWithKeys(t.database.db, 'AUDIT_AGENCE', ['auditListe', 'colis', 'addColis']);
    const auditor = await t.createStaff('AUDIT_AGENCE', { agenceCode: 'DKR1' });
    const res = await t.call('GET', `/api/audit/liste?userId=${agent.id}`, { token: auditor.token });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(0);
    const all = await t.call('GET', '/api/audit/liste?limit=100', { token: auditor.token });
    expect(all.body.datas.every((r: any) => r.auteurID !== agent.id && r.auteurID !== adminId)).toBe(true);
    const [role] = await t.database.db.select().from(roles).where(eq(roles.code, 'AUDIT_AGENCE'));
    expect(role).toBeTruthy();
  });

  it('audit rows still cannot be updated nor deleted', async () => {
    await expect(t.database.db.update(audits).set({ action: 'x' })).rejects.toThrow();
    await expect(t.database.db.delete(audits)).rejects.toThrow();
  });
});
