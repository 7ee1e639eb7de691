/**
 * The answers of the inventory routes (server/inventaire/routes.ts; docs/api-contract.md "Inventories"; spec 001 §3
 * Inventory: _id, dateInventaire, auteur (nom, prenom), colisId (found), colisAttendus (expected), colisNonTrouve (not
 * found); the detail adds the unknown references scanned). The route answers them, the screens read their type
 * (src/inventaire/types.ts; docs/decisions/answer-schemas.md).
 */
import { z } from 'zod';
import { codeLibelleRef, devise, envelope, id, instant, kg, montant, record } from './answer';

/** The author of a statement: `prenom` (the spec's name) and `prenoms` carry the same first names. */
const auteurRecord = record({ nom: z.string(), prenom: z.string(), prenoms: z.string() });

/** A statement in the list: parcel ids found, expected and expected-not-found. */
export const inventaireRow = record({
  dateInventaire: instant,
  createdAt: instant,
  auteur: auteurRecord,
  agenceID: record({ code: z.string(), libelle: z.string() }).nullable(),
  colisId: z.array(id).describe('parcels found'),
  colisAttendus: z.array(id).describe('parcels expected'),
  colisNonTrouve: z.array(id).describe('parcels expected and not found'),
});

/** A parcel of a statement or of the expected list: its total amount in its currency `devise`. */
export const inventaireColisRecord = record({
  reference: z.string(),
  createdAt: instant,
  detailsContenu: z.string(),
  contenu: z.string(),
  poids: kg,
  unite: z.string().describe('KG or M3'),
  montantTotal: montant,
  devise,
  nomDestinataire: z.string().nullable(),
  prenomsDestinataire: z.string().nullable(),
  telephoneDestinataire: z.string().nullable(),
  destinataireID: record({ nom: z.string(), prenoms: z.string(), telephoneComplet: z.string().nullable() }).nullable(),
  statutID: codeLibelleRef,
});

/** A parcel of a statement: expected at the agency when it was taken, and scanned. */
export const flaggedColis = inventaireColisRecord.extend({ attendu: z.boolean(), trouve: z.boolean() });

/** A scanned parcel of another agency of the same country: its reference and that agency's name (null: inactive). */
export const horsAgenceRecord = z.strictObject({ reference: z.string(), agence: z.string().nullable() });

/** One statement (`&id=`): its parcels populated (those of the reader's scope), and its unknown references. */
export const inventaireDetail = inventaireRow.extend({
  colisId: z.array(flaggedColis),
  colisAttendus: z.array(flaggedColis),
  colisNonTrouve: z.array(flaggedColis),
  referencesInconnues: z
    .array(z.string())
    .describe('scanned references matching no parcel the author could see, as typed (normalised), sorted'),
  referencesHorsAgence: z.array(horsAgenceRecord).describe("scanned parcels of another agency of the statement's country"),
});

/** GET inventaire/liste: the statements (a page), or with `id` the statement. */
export const inventaireListeAnswer = envelope({
  data: z.union([z.array(inventaireRow), inventaireDetail]).describe('the statements; with id, the statement'),
  colisNonTrouve: z.array(flaggedColis).optional().describe('with id: parcels expected and not found'),
  total: z.number().int().optional().describe('without id: statements matching, all pages'),
});

/** GET inventaire/attendus: the agency and the parcels it should hold now. */
export const inventaireAttendusAnswer = envelope({
  agence: record({ code: z.string(), libelle: z.string(), villeID: id, paysID: id }),
  datas: z.array(inventaireColisRecord).describe('parcels the agency should hold now, by reference'),
  total: z.number().int(),
});

/** GET inventaire/verifier: what one scanned reference is for the agency now. */
export const inventaireVerifierAnswer = envelope({
  data: z.looseObject({
    reference: z.string(),
    etat: z.enum(['TROUVE', 'NON_ATTENDU', 'HORS_AGENCE', 'INCONNU']),
    colis: z
      .strictObject({ reference: z.string(), statut: z.string() })
      .nullable()
      .describe("a parcel of the caller's scope: its reference and status code, never its id"),
    agence: z
      .string()
      .nullable()
      .optional()
      .describe("HORS_AGENCE: the name of the parcel's agency (another of the same country), null when inactive"),
  }),
});

/** What POST inventaire/create answers under `data` (server/inventaire/service.ts createInventaire builds it). */
export const inventaireCreated = z.looseObject({
  id,
  dejaEnregistre: z.boolean().describe('a retried send: the statement was already stored'),
  nbColisTrouves: z.number().int(),
  nbColisAttendus: z.number().int(),
  nbColisNonTrouves: z.number().int(),
  /** Found but not expected at this agency. */
  nbColisNonAttendus: z.number().int(),
  /**
   * Stored references matching no parcel the author may see (normalised typed texts), sorted by code point, but those
   * of `horsAgence`.
   */
  inconnues: z.array(z.string()).describe("references matching no parcel of the author's scope, normalised, stored with the statement"),
  /** Stored references of parcels of another agency of the statement's country, with that agency (splitInconnues). */
  horsAgence: z.array(horsAgenceRecord).describe("scanned parcels of another agency of the statement's country"),
});

/** POST inventaire/create. */
export const inventaireCreateAnswer = envelope({ message: z.string(), data: inventaireCreated });
