/**
 * Rules of a parcel's release at its destination (docs/decisions/release-proof.md), shared by the server (which
 * checks and records them: server/colis/remise.ts) and the counter's screens: the identity documents accepted, how a
 * document number is compared, and the images a release carries (a signature drawn on screen, a photo).
 */

/** The identity documents a recipient or a proxy may present, by code, with their French labels. */
export const PIECE_TYPES = {
  CNI: "Carte nationale d'identité",
  PASSEPORT: 'Passeport',
  CARTE_CONSULAIRE: 'Carte consulaire',
  TITRE_SEJOUR: 'Titre de séjour',
  PERMIS: 'Permis de conduire',
} as const;

/** An identity document's code. */
export type PieceType = keyof typeof PIECE_TYPES;

/** The codes of PIECE_TYPES, for a schema's enum. */
export const PIECE_TYPE_CODES = Object.keys(PIECE_TYPES) as [PieceType, ...PieceType[]];

/** How a release proved who took the parcel: its code, an identity document, or an authorised proxy's document. */
export const REMISE_METHODES = ['CODE', 'PIECE', 'MANDATAIRE'] as const;
export type RemiseMethode = (typeof REMISE_METHODES)[number];

/** The French label of each method (the parcel's details, the journal). */
export const REMISE_METHODE_LABELS: Record<RemiseMethode, string> = {
  CODE: 'Code de retrait',
  PIECE: "Pièce d'identité du destinataire",
  MANDATAIRE: 'Mandataire autorisé',
};

/** The shortest and longest document number accepted, once normalised. */
export const PIECE_NUMERO_MIN = 4;
export const PIECE_NUMERO_MAX = 30;

/**
 * A document number as it is compared and hashed: spaces, dashes, dots and slashes removed, upper case
 * ('ab 12-345' → 'AB12345'). Pure.
 */
export const normalizePieceNumero = (raw: string) => raw.replace(/[\s\-./]/g, '').toUpperCase();

/** The last 4 characters of a normalised number: all a release keeps of it in clear. */
export const dernier4 = (normalized: string) => normalized.slice(-4);

/**
 * The images a release carries, with their largest decoded size (bytes): both as base64 data URLs stay under the
 * application's 1 MiB body (server/plugins/bodyLimits.ts).
 */
export const REMISE_IMAGES = {
  signature: { types: ['image/png'], maxBytes: 200 * 1024 },
  photo: { types: ['image/png', 'image/jpeg'], maxBytes: 500 * 1024 },
} as const;

/**
 * What a release lacks to prove who took the parcel (the one rule of the server's body, common/schemas/colis.ts
 * finishFields, and of the counter's form, common/schemas/encaissement.ts finishFormSchema): the release code, or an
 * identity document (type and number; with a proxy, the proxy's), and always the signature. Pure.
 * @returns the field to blame and its French message, or undefined when the proof is whole
 */
export function missingProof(body: {
  codeRetrait?: string | null;
  pieceType?: string | null;
  pieceNumero?: string | null;
  mandataireID?: string | null;
  signature?: string | null;
}): { field: 'codeRetrait' | 'pieceNumero' | 'signature'; message: string } | undefined {
  const piece = !!body.pieceType && !!body.pieceNumero;
  if (!body.codeRetrait && !piece) {
    return { field: body.mandataireID ? 'pieceNumero' : 'codeRetrait', message: REMISE_MESSAGES.identification };
  }
  if (!body.signature) return { field: 'signature', message: REMISE_MESSAGES.signature };
  return undefined;
}

/** The French refusals of the release's proof. */
export const REMISE_MESSAGES = {
  identification: "Identifiez la personne qui retire le colis : son code de retrait, sa pièce d'identité ou celle du mandataire autorisé.",
  signature: 'La signature de la personne qui retire le colis est obligatoire.',
  pieceNumero: `Le numéro de la pièce contient de ${PIECE_NUMERO_MIN} à ${PIECE_NUMERO_MAX} lettres ou chiffres`,
  pieceType: "Choisissez le type de pièce d'identité",
  image: (what: 'signature' | 'photo') =>
    what === 'signature'
      ? 'La signature doit être une image PNG de 200 Ko au plus'
      : 'La photo doit être une image PNG ou JPEG de 500 Ko au plus',
  mandataireInconnu: "Ce mandataire n'est pas autorisé pour ce colis.",
  mandataireRequis: 'Choisissez le mandataire autorisé.',
  mandatairePiece: 'La pièce présentée ne correspond pas à celle du mandataire autorisé.',
  mandataireDejaRemis: 'Ce colis a déjà été remis : on ne peut plus autoriser de mandataire.',
} as const;
