/**
 * Inventory records as the screens read them: the types of the answers of the inventory routes (common/schemas/inventaire.ts,
 * as JSON writes them: docs/decisions/answer-schemas.md; docs/api-contract.md "Inventories"; spec 001 §3 Inventory).
 */
import type { Answered } from '../../common/schemas/answer';
import type {
  flaggedColis,
  horsAgenceRecord,
  inventaireColisRecord,
  inventaireCreated,
  inventaireDetail,
  inventaireRow,
  inventaireVerifierAnswer,
} from '../../common/schemas/inventaire';

/** A parcel the agency should hold now (inventaire/attendus). */
export type ColisAttendu = Answered<typeof inventaireColisRecord>;

/** A parcel of a statement: expected at the agency when it was taken, and scanned. */
export type InventaireColis = Answered<typeof flaggedColis>;

/** A statement in the list: the ids of the parcels found, expected and not found. */
export type InventaireRecord = Answered<typeof inventaireRow>;

/** One statement (`&id=`): its parcels themselves, the unknown references and another agency's parcels scanned. */
export type InventaireDetail = Answered<typeof inventaireDetail>;

/**
 * What the server tells of one scanned reference (GET inventaire/verifier): a parcel of the user's scope with its
 * status, never its id; a parcel of another agency of the same country is HORS_AGENCE with that agency's name (null
 * when inactive); another country's agency's parcel is INCONNU like a reference of no parcel.
 */
export type VerifiedReference = Answered<typeof inventaireVerifierAnswer>['data'];

/** A scanned parcel of another agency of the statement's country: its reference and that agency (null: inactive). */
export type HorsAgence = Answered<typeof horsAgenceRecord>;

/** What POST inventaire/create answers under `data`. */
export type InventaireCreated = Answered<typeof inventaireCreated>;
