/**
 * Deletion requests of processed parcels (docs/decisions/deletion-requests.md; spec 000 §4 Parcel deletion): the
 * request recorded with the 202 (one per parcel), its list (GET colis/demandesSuppression) within the agency scope, its
 * approval (the parcel deleted by the same end as the code's, by the approving administrator, journaled; a parcel
 * holding money refused with the same 409), its refusal with a reason the agent reads (the live code voided), the
 * request closed when the code deletes the parcel; who may not: an agent (403), an administrator of another agency
 * (not listed, 403), an unknown (404) or malformed (400) id, a malformed body or filter (400).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { agences, audits, codesOtp, colis, demandesSuppression, envois, modesPaiement, pays } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { createEnvoiByApi, deletionCode, idByCode, insertColis, insertRoleWithKeys } from './fixtures';

let t: TestContext;
let envoiID = '';
let ESPECES = '';
let agentParis: { id: string; token: string };
let agentDakar: { id: string; token: string };
/** Administrators bound to one agency, holding colisDeleteApprouver: Paris and Dakar. */
let adminParis: { id: string; token: string };
let adminDakar: { id: string; token: string };

/** A RECEPTIONNE parcel of Paris on the Paris → Dakar departure; returns its id and reference. */
async function received(): Promise<{ id: string; reference: string }> {
  const id = await insertColis(t.database.db, { envoiID, statut: 'RECEPTIONNE', agence: 'PAR1', poids: 4 });
  const [row] = await t.database.db.select({ reference: colis.reference }).from(colis).where(eq(colis.id, id));
  return { id, reference: row.reference };
}

/** The agent of Paris asks to delete the parcel (DELETE colis/delete/{id}/{roleCode}). */
const askDeletion = (colisID: string, token = agentParis.token) => t.call('DELETE', `/api/colis/delete/${colisID}/AGENT`, { token });

/** The stored requests of a parcel. */
const requestsOf = (colisID: string) => t.database.db.select().from(demandesSuppression).where(eq(demandesSuppression.colisID, colisID));

/** The one waiting request of a parcel (asked by the agent of Paris). */
async function waitingRequest(colisID: string): Promise<string> {
  const res = await askDeletion(colisID);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const [row] = (await requestsOf(colisID)).filter((r) => r.etat === 'EN_ATTENTE');
  return row.id;
}

const approve = (id: string, token: string) => t.call('POST', `/api/colis/demandesSuppression/approuver/${id}`, { token });
const refuse = (id: string, token: string, body: unknown) =>
  t.call('POST', `/api/colis/demandesSuppression/refuser/${id}`, { token, body });
const list = (token: string, query = '') => t.call('GET', `/api/colis/demandesSuppression?_page=1&_perPage=50${query}`, { token });

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  envoiID = (await createEnvoiByApi(t, { paysEmetteurID: await idByCode(db, pays, 'FR'), paysID: await idByCode(db, pays, 'SN') })).id;
  [{ id: ESPECES }] = await db.select({ id: modesPaiement.id }).from(modesPaiement).where(eq(modesPaiement.code, 'ESPECES'));
  agentParis = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
  agentDakar = await t.createStaff('AGENT', { agenceCode: 'DKR1' });
  await insertRoleWithKeys(db, 'ADMIN_AGENCE_SUPPR', ['colis', 'colisDelete', 'colisDeleteApprouver']);
  adminParis = await t.createStaff('ADMIN_AGENCE_SUPPR', { agenceCode: 'PAR1' });
  adminDakar = await t.createStaff('ADMIN_AGENCE_SUPPR', { agenceCode: 'DKR1' });
});
afterAll(() => t.close());

describe('a deletion that answers 202 records one request', () => {
  it('records the request with the requester and its agency, once however often the agent asks', async () => {
    const parcel = await received();
    const first = await askDeletion(parcel.id);
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    expect(first.body).toMatchObject({ success: false, otpRequired: true });
    expect(first.body.message).toContain('une demande de suppression a été envoyée aux administrateurs');
    const again = await askDeletion(parcel.id);
    expect(again.status).toBe(202);
    expect(again.body.message).toContain('attend déjà la décision des administrateurs');

    const rows = await requestsOf(parcel.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ etat: 'EN_ATTENTE', demandeurID: agentParis.id, decideurID: null, decideAt: null });
    expect(rows[0].agenceID).toBe(await idByCode(t.database.db, agences, 'PAR1'));

    // The all-agency administrator lists it, waiting, with its parcel and requester.
    const res = await list(t.adminToken, `&etat=EN_ATTENTE&colisID=${parcel.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.datas[0]).toMatchObject({
      id: rows[0].id,
      etat: 'EN_ATTENTE',
      motifRefus: null,
      decideur: null,
      colisID: {
        id: parcel.id,
        reference: parcel.reference,
        deletedAt: null,
        statutID: { code: 'RECEPTIONNE' },
        agenceID: { code: 'PAR1' },
      },
      demandeur: { id: agentParis.id },
      agenceID: { code: 'PAR1' },
    });
  });
});

describe('approving deletes the parcel by the same path as the code', () => {
  it('soft-deletes the parcel as the approving administrator, journaled, and closes the request', async () => {
    const db = t.database.db;
    const parcel = await received();
    const [{ poidsReel: before }] = await db.select({ poidsReel: envois.poidsReel }).from(envois).where(eq(envois.id, envoiID));
    const requestID = await waitingRequest(parcel.id);

    const res = await approve(requestID, adminParis.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Demande approuvée : le colis a été supprimé.' });

    const [row] = await db.select().from(colis).where(eq(colis.id, parcel.id));
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row.deletedByID).toBe(adminParis.id);
    expect(row.isActive).toBe(false);
    const [{ poidsReel: after }] = await db.select({ poidsReel: envois.poidsReel }).from(envois).where(eq(envois.id, envoiID));
    expect(Number(before) - Number(after)).toBe(4);

    const journal = await db
      .select()
      .from(audits)
      .where(and(eq(audits.entiteID, parcel.id), eq(audits.action, 'delete')));
    expect(journal).toHaveLength(1);
    expect(journal[0].auteurID).toBe(adminParis.id);
    expect(journal[0].apres).toMatchObject({
      reference: parcel.reference,
      permission: 'colisDeleteApprouver',
      autorisation: 'demande approuvée',
      isActive: false,
    });

    const [request] = await requestsOf(parcel.id);
    expect(request).toMatchObject({ etat: 'APPROUVEE', decideurID: adminParis.id });
    expect(request.decideAt).toBeInstanceOf(Date);
    // Gone from the parcels; the request stays listed, its parcel marked deleted.
    expect((await t.call('GET', `/api/colis/getBy/${parcel.id}`, { token: agentParis.token })).status).toBe(404);
    const listed = await list(agentParis.token, `&colisID=${parcel.id}`);
    expect(listed.body.datas[0]).toMatchObject({ etat: 'APPROUVEE', decideur: { id: adminParis.id } });
    expect(listed.body.datas[0].colisID.deletedAt).not.toBeNull();

    // Decided once: a second decision is refused.
    const twice = await approve(requestID, t.adminToken);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Cette demande de suppression a déjà été traitée.');
    expect((await refuse(requestID, t.adminToken, { motif: 'Trop tard' })).status).toBe(409);
  });

  it('refuses a parcel that collected money with the 409 of the code path; the request keeps waiting', async () => {
    const db = t.database.db;
    const parcel = await received();
    const requestID = await waitingRequest(parcel.id);
    const paid = await t.call('POST', '/api/encaissement/create', {
      token: agentParis.token,
      body: { colisID: parcel.id, modePaiementID: ESPECES, paymentby: 'expediteur', montantEncaisse: 20 },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);

    const res = await approve(requestID, t.adminToken);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      success: false,
      message: 'Ce colis a encaissé 20,00\u00a0€ : remboursez-le avant de le supprimer.',
      encaisse: 20,
      devise: 'EUR',
    });
    const [row] = await db.select().from(colis).where(eq(colis.id, parcel.id));
    expect(row.deletedAt).toBeNull();
    expect((await requestsOf(parcel.id))[0].etat).toBe('EN_ATTENTE');
    expect(
      await db
        .select()
        .from(audits)
        .where(and(eq(audits.entiteID, parcel.id), eq(audits.action, 'delete'))),
    ).toHaveLength(0);
  });

  it('closes the request when an administrator deletes the parcel with the code instead', async () => {
    const parcel = await received();
    await waitingRequest(parcel.id);
    const code = await deletionCode(t.database.db, parcel.reference);
    const res = await t.call('POST', '/api/colis/deleteWithOtp', { token: t.adminToken, body: { colisId: parcel.id, codeOtp: code } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [request] = await requestsOf(parcel.id);
    expect(request.etat).toBe('APPROUVEE');
    expect(request.decideurID).not.toBeNull();
    expect(request.decideurID).not.toBe(agentParis.id);
  });
});

describe('refusing keeps the parcel and tells the agent why', () => {
  it('stores the reason, voids the code, journals it; the agent reads it; asking again makes a new request', async () => {
    const db = t.database.db;
    const parcel = await received();
    const requestID = await waitingRequest(parcel.id);
    const code = await deletionCode(db, parcel.reference);

    const res = await refuse(requestID, adminParis.token, { motif: '  Colis déjà chargé sur le départ  ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Demande de suppression refusée.' });
    const [request] = await requestsOf(parcel.id);
    expect(request).toMatchObject({ etat: 'REFUSEE', decideurID: adminParis.id, motifRefus: 'Colis déjà chargé sur le départ' });
    expect((await db.select().from(colis).where(eq(colis.id, parcel.id)))[0].deletedAt).toBeNull();

    // What the agent reads on its parcel.
    const seen = await list(agentParis.token, `&colisID=${parcel.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.datas[0]).toMatchObject({
      etat: 'REFUSEE',
      motifRefus: 'Colis déjà chargé sur le départ',
      decideur: { id: adminParis.id, nom: 'Testeur' },
    });

    // The code mailed with the request no longer deletes the parcel.
    const late = await t.call('POST', '/api/colis/deleteWithOtp', { token: agentParis.token, body: { colisId: parcel.id, codeOtp: code } });
    expect(late.status).toBe(400);
    const live = await db
      .select()
      .from(codesOtp)
      .where(and(eq(codesOtp.subjectID, parcel.id), eq(codesOtp.purpose, 'DELETE_COLIS')));
    expect(live.every((c) => c.usedAt !== null)).toBe(true);
    const journal = await db
      .select()
      .from(audits)
      .where(and(eq(audits.entiteID, parcel.id), eq(audits.action, 'update')));
    expect(journal.map((a) => a.apres)).toContainEqual({ demandeSuppression: 'REFUSEE', motifRefus: 'Colis déjà chargé sur le départ' });

    // Asking again after a refusal is a new request; the refused one is kept.
    expect((await askDeletion(parcel.id)).status).toBe(202);
    expect((await requestsOf(parcel.id)).map((r) => r.etat).sort()).toEqual(['EN_ATTENTE', 'REFUSEE']);
  });

  it('needs a reason: a missing, blank or unknown-field body is a 400 in French', async () => {
    const parcel = await received();
    const requestID = await waitingRequest(parcel.id);
    for (const body of [{}, { motif: '   ' }, { motif: 12 }, undefined]) {
      const res = await refuse(requestID, t.adminToken, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
    }
    const blank = await refuse(requestID, t.adminToken, { motif: '   ' });
    expect(blank.body.errors).toEqual({ motif: 'Le motif du refus est obligatoire' });
    expect((await refuse(requestID, t.adminToken, { motif: 'x', autre: 1 })).status).toBe(400);
    expect((await refuse(requestID, t.adminToken, { motif: 'x'.repeat(501) })).status).toBe(400);
    expect((await requestsOf(parcel.id))[0].etat).toBe('EN_ATTENTE');
  });
});

describe('who may not see or decide', () => {
  it('an agent cannot approve nor refuse (403), even its own request', async () => {
    const parcel = await received();
    const requestID = await waitingRequest(parcel.id);
    expect((await approve(requestID, agentParis.token)).status).toBe(403);
    expect((await refuse(requestID, agentParis.token, { motif: 'Non' })).status).toBe(403);
    expect((await requestsOf(parcel.id))[0].etat).toBe('EN_ATTENTE');
    expect((await t.database.db.select().from(colis).where(eq(colis.id, parcel.id)))[0].deletedAt).toBeNull();
  });

  it("an administrator of another agency neither lists nor decides Paris's requests; agents see their agency's only", async () => {
    const parcel = await received();
    const requestID = await waitingRequest(parcel.id);
    const other = await list(adminDakar.token, `&colisID=${parcel.id}`);
    expect(other.status).toBe(200);
    expect(other.body.total).toBe(0);
    const all = await list(adminDakar.token);
    expect(all.body.datas.map((d: { id: string }) => d.id)).not.toContain(requestID);
    expect((await list(agentDakar.token, `&colisID=${parcel.id}`)).body.total).toBe(0);
    expect((await list(adminParis.token, `&colisID=${parcel.id}`)).body.total).toBe(1);

    const approved = await approve(requestID, adminDakar.token);
    expect(approved.status).toBe(403);
    expect(approved.body.message).toBe("Cette demande concerne un colis d'une autre agence.");
    expect((await refuse(requestID, adminDakar.token, { motif: 'Non' })).status).toBe(403);
    expect((await requestsOf(parcel.id))[0].etat).toBe('EN_ATTENTE');
    expect((await t.database.db.select().from(colis).where(eq(colis.id, parcel.id)))[0].deletedAt).toBeNull();
  });

  it('a guessed id is a 404, a malformed id or filter a 400, no token a 401', async () => {
    const guessed = '0193a0b4-0000-7000-8000-000000000000';
    const unknown = await approve(guessed, t.adminToken);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Demande de suppression introuvable.');
    expect((await refuse(guessed, t.adminToken, { motif: 'Non' })).status).toBe(404);
    for (const bad of ['12', 'abc', "1' OR '1'='1"]) {
      expect((await approve(encodeURIComponent(bad), t.adminToken)).status).toBe(400);
      expect((await refuse(encodeURIComponent(bad), t.adminToken, { motif: 'Non' })).status).toBe(400);
    }
    const filter = await list(t.adminToken, '&etat=SUPPRIME');
    expect(filter.status).toBe(400);
    expect((await t.call('GET', '/api/colis/demandesSuppression', { token: null })).status).toBe(401);
  });
});
