/**
 * The release's proof (docs/decisions/release-proof.md): each RETIRE / LIVRE writes its record in the same transaction
 * — who, where, how the person was identified (the code, their document, an authorised proxy's), the document's type
 * and last 4 only, the signature and the photo — and the record never changes; proxies are authorised beforehand by
 * the sender's or the destination agency; the destination agency alone hands the parcel over and reads identities
 * and images; a release without a code or a document, or without a signature, is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { audits, colis, colisMandataires, colisRemises } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { SIGNATURE_PNG } from './fixtures';
import { arrivedParcels, counterAgents } from './counterFixtures';

let t: TestContext;
let dakar: { id: string; token: string };
let paris: { id: string; token: string };
let bamako: { id: string; token: string };

/** A signature drawn at the counter (a 1×1 PNG). */
const PNG = SIGNATURE_PNG;
/** A recipient's document, as the counter types it. */
const DOC = { pieceType: 'CNI', pieceNumero: 'SN7654321' } as const;
/** The first bytes of a JPEG and a little more. */
const JPEG = `data:image/jpeg;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]).toString('base64')}`;

beforeAll(async () => {
  t = await setupTestApp();
  ({ dakar, paris, bamako } = await counterAgents(t));
});
afterAll(() => t.close());

/** A paid parcel Paris → Sénégal whose departure arrived (EXPEDIE), and its release code. */
const arrivedParcel = async () => (await arrivedParcels(t))[0];

const retirer = (id: string, token: string, body: Record<string, unknown>) => t.call('POST', `/api/colis/retirer/${id}`, { token, body });
const statutOf = async (id: string) =>
  (
    await t.database.db
      .select({ s: sql<string>`(SELECT code FROM statuts WHERE id = ${colis.statutID})` })
      .from(colis)
      .where(eq(colis.id, id))
  )[0].s;

describe('the release record', () => {
  it('with the code: who, where, the signature and the photo; read by the destination agency only, never changed', async () => {
    const { id, code } = await arrivedParcel();
    const res = await retirer(id, dakar.token, { codeRetrait: code, signature: PNG, photo: JPEG });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const record = await t.call('GET', `/api/colis/remise/${id}`, { token: dakar.token });
    expect(record.status).toBe(200);
    expect(record.body.data).toMatchObject({
      statut: 'RETIRE',
      methode: 'CODE',
      agence: 'Agence Dakar Plateau',
      signature: true,
      photo: true,
      pieceType: null,
      mandataire: null,
    });
    const signature = await t.app.inject({
      method: 'GET',
      url: `/api/colis/remise/${id}/signature`,
      headers: { authorization: `Bearer ${dakar.token}` },
    });
    expect(signature.statusCode).toBe(200);
    expect(signature.headers['content-type']).toBe('image/png');
    expect(signature.headers['cache-control']).toBe('private, no-store');
    expect(signature.rawPayload.equals(Buffer.from(PNG.split(',')[1], 'base64'))).toBe(true);
    const photo = await t.app.inject({
      method: 'GET',
      url: `/api/colis/remise/${id}/photo`,
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    expect(photo.headers['content-type']).toBe('image/jpeg');
    // The sender's agency and another one read nothing of it.
    for (const other of [paris, bamako]) {
      expect((await t.call('GET', `/api/colis/remise/${id}`, { token: other.token })).status).toBe(404);
      expect((await t.call('GET', `/api/colis/remise/${id}/signature`, { token: other.token })).status).toBe(404);
    }
    // The public tracking page: when and where, nothing of who took it.
    const [{ token }] = await t.database.db.select({ token: colis.suiviToken }).from(colis).where(eq(colis.id, id));
    const suivi = await t.call('GET', `/api/public/suivi/${token}`, { token: null });
    expect(suivi.body.data.remise).toMatchObject({ statut: 'RETIRE', agence: 'Agence Dakar Plateau' });
    expect(Date.parse(suivi.body.data.remise.date)).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(suivi.body)).not.toMatch(/signature|photo|CODE|remisPar/);
    // The journal says how the parcel was handed over.
    const journal = await t.database.db.select().from(audits).where(eq(audits.entiteID, id));
    expect(journal.some((a) => (a.apres as { motif?: string } | null)?.motif === 'remis : Code de retrait')).toBe(true);
    // Never changed nor deleted, whoever asks the database.
    await expect(t.database.db.update(colisRemises).set({ methode: 'PIECE' }).where(eq(colisRemises.colisID, id))).rejects.toThrow();
    await expect(t.database.db.delete(colisRemises).where(eq(colisRemises.colisID, id))).rejects.toThrow();
  });

  it("with the recipient's document: its type and last 4 only, the number nowhere", async () => {
    const { id } = await arrivedParcel();
    const res = await retirer(id, dakar.token, { pieceType: 'PASSEPORT', pieceNumero: 'ab 12-34 567', signature: PNG });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const record = (await t.call('GET', `/api/colis/remise/${id}`, { token: dakar.token })).body.data;
    expect(record).toMatchObject({ methode: 'PIECE', pieceType: 'PASSEPORT', pieceDernier4: '4567', photo: false });
    // The release closed the parcel's code, unused: it opens nothing, and no new one is sent.
    expect((await t.call('GET', `/api/colis/codeRetrait/${id}`, { token: dakar.token })).body.data.etat).toBe('UTILISE');
    const [row] = await t.database.db.select().from(colisRemises).where(eq(colisRemises.colisID, id));
    expect(row.pieceHash).toMatch(/^[0-9a-f]{64}$/);
    const stored =
      JSON.stringify({ ...row, signature: null }) +
      JSON.stringify(await t.database.db.select().from(audits).where(eq(audits.entiteID, id)));
    expect(stored).not.toContain('AB1234567');
    expect(stored).not.toContain('12-34');
  });

  it('no code nor document, or no signature: 400 in French; the sender’s agency cannot hand it over (404)', async () => {
    const { id } = await arrivedParcel();
    const bare = await retirer(id, dakar.token, { signature: PNG });
    expect(bare.status).toBe(400);
    expect(bare.body.errors.codeRetrait).toBe(
      "Identifiez la personne qui retire le colis : son code de retrait, sa pièce d'identité ou celle du mandataire autorisé.",
    );
    const unsigned = await retirer(id, dakar.token, { ...DOC });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.errors.signature).toBe('La signature de la personne qui retire le colis est obligatoire.');
    expect((await t.call('POST', `/api/colis/retirer/${id}`, { token: dakar.token })).status).toBe(400);
    expect((await retirer(id, paris.token, { ...DOC, signature: PNG })).status).toBe(404);
    expect((await t.call('POST', `/api/colis/livrer/${id}`, { token: bamako.token, body: { ...DOC, signature: PNG } })).status).toBe(404);
    expect(await statutOf(id)).toBe('EXPEDIE');
  });

  it('a type without a number, a malformed number or image: 400 in French, the parcel stays', async () => {
    const { id } = await arrivedParcel();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ pieceType: 'CNI' }, 'pieceNumero', 'Le numéro de la pièce contient de 4 à 30 lettres ou chiffres'],
      [{ pieceNumero: '123456' }, 'pieceType', "Choisissez le type de pièce d'identité"],
      [{ pieceType: 'CNI', pieceNumero: '12' }, 'pieceNumero', 'Le numéro de la pièce contient de 4 à 30 lettres ou chiffres'],
      [{ pieceType: 'VISA', pieceNumero: '123456' }, 'pieceType', "Choisissez le type de pièce d'identité"],
      [{ ...DOC, signature: 'data:image/gif;base64,R0lGODlh' }, 'signature', 'La signature doit être une image PNG de 200 Ko au plus'],
      [{ ...DOC, signature: JPEG }, 'signature', 'La signature doit être une image PNG de 200 Ko au plus'],
      [
        { ...DOC, signature: 'data:image/png;base64,AAAAAAAAAAAAAAAA' },
        'signature',
        'La signature doit être une image PNG de 200 Ko au plus',
      ],
      [
        { ...DOC, signature: PNG, photo: `data:image/jpeg;base64,${Buffer.alloc(600 * 1024, 0xff).toString('base64')}` },
        'photo',
        'La photo doit être une image PNG ou JPEG de 500 Ko au plus',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await retirer(id, dakar.token, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.errors[field], field).toBe(message);
    }
    expect(await statutOf(id)).toBe('EXPEDIE');
    expect(await t.database.db.select().from(colisRemises).where(eq(colisRemises.colisID, id))).toHaveLength(0);
  });
});

describe('a proxy authorised beforehand', () => {
  it("by the sender's agency; collects with the same document only; not after the release", async () => {
    const { id } = await arrivedParcel();
    const body = { nom: 'Sy', prenoms: 'Oumar', telephone: '+221 77 123 45 67', pieceType: 'CNI', pieceNumero: '1 234 5678 90123' };
    expect((await t.call('POST', `/api/colis/mandataire/${id}`, { token: bamako.token, body })).status).toBe(404);
    const created = await t.call('POST', `/api/colis/mandataire/${id}`, { token: paris.token, body });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({ nom: 'Sy', prenoms: 'Oumar', pieceType: 'CNI', pieceDernier4: '0123' });
    expect(JSON.stringify(created.body)).not.toContain('567890123');
    const mandataireID = created.body.data.id as string;
    const listed = await t.call('GET', `/api/colis/mandataires/${id}`, { token: dakar.token });
    expect(listed.body.datas.map((m: { id: string }) => m.id)).toEqual([mandataireID]);
    expect((await t.call('GET', `/api/colis/mandataires/${id}`, { token: bamako.token })).status).toBe(404);
    const [stored] = await t.database.db.select().from(colisMandataires).where(eq(colisMandataires.id, mandataireID));
    expect(JSON.stringify(stored)).not.toContain('567890123');

    // Another document, or none: refused, the parcel stays; an unknown proxy too.
    const wrong = await retirer(id, dakar.token, { mandataireID, pieceType: 'CNI', pieceNumero: '99999999', signature: PNG });
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toBe('La pièce présentée ne correspond pas à celle du mandataire autorisé.');
    const none = await retirer(id, dakar.token, { mandataireID, signature: PNG });
    expect(none.status).toBe(400);
    expect(none.body.errors.pieceNumero).toBe(
      "Identifiez la personne qui retire le colis : son code de retrait, sa pièce d'identité ou celle du mandataire autorisé.",
    );
    const unknown = await retirer(id, dakar.token, {
      mandataireID: crypto.randomUUID(),
      pieceType: 'CNI',
      pieceNumero: '1234567890123',
      signature: PNG,
    });
    expect(unknown.body.message).toBe("Ce mandataire n'est pas autorisé pour ce colis.");
    expect(await statutOf(id)).toBe('EXPEDIE');

    const ok = await retirer(id, dakar.token, { mandataireID, pieceType: 'CNI', pieceNumero: '1234567890123', signature: PNG });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const record = (await t.call('GET', `/api/colis/remise/${id}`, { token: dakar.token })).body.data;
    expect(record).toMatchObject({ methode: 'MANDATAIRE', pieceDernier4: '0123', mandataire: { id: mandataireID, nom: 'Sy' } });
    const late = await t.call('POST', `/api/colis/mandataire/${id}`, { token: dakar.token, body });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Ce colis a déjà été remis : on ne peut plus autoriser de mandataire.');
  });

  it('a malformed proxy is 400 in French', async () => {
    const { id } = await arrivedParcel();
    const res = await t.call('POST', `/api/colis/mandataire/${id}`, {
      token: dakar.token,
      body: { nom: ' ', telephone: 'abc', pieceType: 'CNI', pieceNumero: '1' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      nom: 'Le nom du mandataire est obligatoire',
      telephone: 'Le téléphone du mandataire est invalide',
      pieceNumero: 'Le numéro de la pièce contient de 4 à 30 lettres ou chiffres',
    });
  });
});
