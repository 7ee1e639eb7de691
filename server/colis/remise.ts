/**
 * The proof of a parcel's release (docs/decisions/release-proof.md): the proxies the sender's or the destination
 * agency authorises beforehand (colis_mandataires), and the release record written with RETIRE or LIVRE
 * (colis_remises, never changed): how the person was identified — the release code, their identity document, or an
 * authorised proxy presenting theirs — of a document its type, last 4 characters and keyed hash only, the signature
 * drawn on screen (PNG) and the photo taken at the counter (PNG or JPEG). Identities, signatures and photos are read by
 * the destination agency's staff and the roles that see every agency only (access/destination.ts lockAtDestination).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  dernier4,
  normalizePieceNumero,
  PIECE_TYPES,
  REMISE_IMAGES,
  REMISE_MESSAGES,
  type PieceType,
  type RemiseMethode,
} from '../../common/remiseRules';
import type { FinishInput, MandataireInput } from '../../common/schemas/colis';
import type { CurrentUser } from '../auth/currentUser';
import { auteurOf, recordAudit } from '../db/audit';
import type { Db, Tx } from '../db/client';
import { agences, colisMandataires, colisRemises, users } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';
import { cleHachage, keyedHash } from './cleHachage';
import { lockAtDestination } from '../access/destination';

/** The keyed hash of a document: its type and normalised number (the same document hashes alike on every parcel). */
const pieceHash = (cle: Buffer, type: string, numero: string) => keyedHash(cle, 'piece', type, normalizePieceNumero(numero));

/** An image of a release decoded from its data URL. */
interface RemiseImage {
  type: string;
  bytes: Buffer;
}

/** The first bytes of the image types a release takes. */
const MAGIC: Record<string, number[]> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff],
};

/**
 * Decodes a signature or a photo sent as a data URL (`data:image/png;base64,…`): its declared type one of
 * REMISE_IMAGES[what].types, its bytes starting as that type does, at most its maxBytes.
 * @throws 400 with the French message on the field otherwise
 */
function decodeImage(dataUrl: string, what: 'signature' | 'photo'): RemiseImage {
  const rule = REMISE_IMAGES[what];
  const refuse = () => badRequest(REMISE_MESSAGES.image(what), { [what]: REMISE_MESSAGES.image(what) });
  const found = /^data:(image\/(?:png|jpeg));base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl);
  if (!found || !(rule.types as readonly string[]).includes(found[1])) throw refuse();
  const bytes = Buffer.from(found[2], 'base64');
  const magic = MAGIC[found[1]];
  if (bytes.length > rule.maxBytes || bytes.length < magic.length || magic.some((b, i) => bytes[i] !== b)) throw refuse();
  return { type: found[1], bytes };
}

/**
 * Writes the release record of a parcel being moved to RETIRE or LIVRE, inside that transaction: the method (the code
 * when it was checked, else the proxy's document, else the recipient's: the body's schema requires one,
 * common/remiseRules.ts missingProof), the document's type, last 4 and hash, the images. A proxy must be one
 * authorised for this parcel and present the document it was authorised with.
 * @param codeUsed the release code was checked (codeRetrait.ts verifyCodeRetrait)
 * @returns the method
 * @throws 400 a malformed image; 409 an unknown proxy, or a document that is not the proxy's
 */
export async function recordRemise(
  tx: Tx,
  opts: { colisID: string; statut: 'RETIRE' | 'LIVRE'; user: CurrentUser; proof: FinishInput; codeUsed: boolean },
): Promise<RemiseMethode> {
  const { proof } = opts;
  const signature = proof.signature ? decodeImage(proof.signature, 'signature') : undefined;
  const photo = proof.photo ? decodeImage(proof.photo, 'photo') : undefined;
  const piece = proof.pieceType && proof.pieceNumero ? { type: proof.pieceType, numero: proof.pieceNumero } : undefined;
  const hash = piece ? pieceHash(await cleHachage(tx), piece.type, piece.numero) : undefined;
  if (proof.mandataireID) {
    const [mandataire] = await tx
      .select({ pieceHash: colisMandataires.pieceHash })
      .from(colisMandataires)
      .where(and(eq(colisMandataires.id, proof.mandataireID), eq(colisMandataires.colisID, opts.colisID)));
    if (!mandataire) throw conflict(REMISE_MESSAGES.mandataireInconnu, { mandataireID: REMISE_MESSAGES.mandataireInconnu });
    if (mandataire.pieceHash !== hash) throw conflict(REMISE_MESSAGES.mandatairePiece, { pieceNumero: REMISE_MESSAGES.mandatairePiece });
  }
  const methode: RemiseMethode = opts.codeUsed ? 'CODE' : proof.mandataireID ? 'MANDATAIRE' : 'PIECE';
  await tx.insert(colisRemises).values({
    colisID: opts.colisID,
    statut: opts.statut,
    remisPar: opts.user.id,
    agenceID: opts.user.agenceID,
    methode,
    pieceType: piece?.type ?? null,
    pieceDernier4: piece ? dernier4(normalizePieceNumero(piece.numero)) : null,
    pieceHash: hash ?? null,
    mandataireID: proof.mandataireID ?? null,
    signature: signature?.bytes ?? null,
    photo: photo?.bytes ?? null,
    photoType: photo?.type ?? null,
  });
  return methode;
}

/** A proxy as the API answers it: never the document's number nor its hash. */
const mandataireColumns = {
  id: colisMandataires.id,
  nom: colisMandataires.nom,
  prenoms: colisMandataires.prenoms,
  telephone: colisMandataires.telephone,
  pieceType: colisMandataires.pieceType,
  pieceDernier4: colisMandataires.pieceDernier4,
  createdAt: colisMandataires.createdAt,
};

/**
 * Authorises a proxy to collect a parcel not yet handed over (POST colis/mandataire/{id}), journaled with the
 * document's type and last 4 characters only.
 * @returns the proxy as answered (mandataireColumns)
 * @throws 404 outside the sender's and the destination agency; 409 a parcel already handed over
 */
export async function authorizeMandataire(db: Db, colisID: string, body: MandataireInput, user: CurrentUser) {
  return db.transaction(async (tx) => {
    const row = await lockAtDestination(tx, colisID, user, { alsoSender: true });
    if (row.statutCode === 'RETIRE' || row.statutCode === 'LIVRE') throw conflict(REMISE_MESSAGES.mandataireDejaRemis);
    const cle = await cleHachage(tx);
    const [created] = await tx
      .insert(colisMandataires)
      .values({
        colisID,
        nom: body.nom,
        prenoms: body.prenoms ?? '',
        telephone: body.telephone,
        pieceType: body.pieceType,
        pieceDernier4: dernier4(normalizePieceNumero(body.pieceNumero)),
        pieceHash: pieceHash(cle, body.pieceType, body.pieceNumero),
        autorisePar: user.id,
      })
      .returning(mandataireColumns);
    await recordAudit(tx, {
      entite: 'colis',
      entiteID: colisID,
      action: 'update',
      ...auteurOf(user),
      apres: {
        mandataire: `${[created.nom, created.prenoms].filter(Boolean).join(' ')}, ${PIECE_TYPES[body.pieceType as PieceType]} …${created.pieceDernier4}`,
      },
    });
    return created;
  });
}

/** The proxies of a parcel, oldest first (GET colis/mandataires/{id}), for the staff of its sender's and destination agency (lockAtDestination alsoSender). */
export async function mandatairesOf(db: Db, colisID: string, user: CurrentUser) {
  return db.transaction(async (tx) => {
    await lockAtDestination(tx, colisID, user, { alsoSender: true });
    return tx
      .select(mandataireColumns)
      .from(colisMandataires)
      .where(eq(colisMandataires.colisID, colisID))
      .orderBy(asc(colisMandataires.createdAt));
  });
}

/**
 * The release record of a parcel for its destination agency (GET colis/remise/{id}): who, when, from which agency, the
 * method, the document's type and last 4, the proxy, and whether a signature and a photo were taken (read with
 * remiseImage); null when the parcel was not handed over, or before release records existed.
 * @throws 404 (lockAtDestination)
 */
export async function remiseOf(db: Db, colisID: string, user: CurrentUser) {
  return db.transaction(async (tx) => {
    await lockAtDestination(tx, colisID, user, { lock: false });
    const [row] = await tx
      .select({
        statut: colisRemises.statut,
        remisLe: colisRemises.remisLe,
        methode: sql<RemiseMethode | null>`${colisRemises.methode}`,
        pieceType: colisRemises.pieceType,
        pieceDernier4: colisRemises.pieceDernier4,
        remisPar: sql<string>`trim(${users.nom} || ' ' || ${users.prenoms})`,
        agence: agences.libelle,
        mandataireID: colisRemises.mandataireID,
        mandataire: mandataireColumns,
        signature: sql<boolean>`${colisRemises.signature} IS NOT NULL`,
        photo: sql<boolean>`${colisRemises.photo} IS NOT NULL`,
      })
      .from(colisRemises)
      .innerJoin(users, eq(users.id, colisRemises.remisPar))
      .leftJoin(agences, eq(agences.id, colisRemises.agenceID))
      .leftJoin(colisMandataires, eq(colisMandataires.id, colisRemises.mandataireID))
      .where(eq(colisRemises.colisID, colisID));
    return row ?? null;
  });
}

/**
 * A release's signature or photo for its destination agency (GET colis/remise/{id}/signature|photo).
 * @returns its type and bytes
 * @throws 404 outside the destination agency (lockAtDestination), or when none was taken
 */
export async function remiseImage(db: Db, colisID: string, which: 'signature' | 'photo', user: CurrentUser): Promise<RemiseImage> {
  return db.transaction(async (tx) => {
    await lockAtDestination(tx, colisID, user, { lock: false });
    const [row] = await tx
      .select({ signature: colisRemises.signature, photo: colisRemises.photo, photoType: colisRemises.photoType })
      .from(colisRemises)
      .where(eq(colisRemises.colisID, colisID));
    const bytes = row?.[which];
    if (!bytes) throw notFound(which === 'signature' ? 'Aucune signature pour ce colis.' : 'Aucune photo pour ce colis.');
    return { type: which === 'signature' ? 'image/png' : (row.photoType ?? 'image/jpeg'), bytes };
  });
}
