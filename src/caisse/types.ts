/**
 * The cash closed per agency and day as the 'Caisse' screen reads it (server/caisse/routes.ts answers;
 * docs/decisions/refunds-and-cash.md). Amounts are the exact decimal texts of their currency ('1234.50' €, '6560' F).
 */
import type { CaisseClotureInput } from '../../common/schemas/caisse';

/** A payment mode as a line names it. */
interface CaisseMode {
  id: string;
  code: string;
  libelle: string;
}

/** An expected line: its payment mode (null: the cash operations), its currency and what the records say. */
export interface LigneAttendue {
  modePaiementID: string | null;
  modePaiement: CaisseMode | null;
  /** The mode's label, or 'Opérations de caisse'. */
  libelle: string;
  devise: string;
  attendu: string;
}

/** A counted line of a closing. */
interface CompteLigne extends LigneAttendue {
  id: string;
  compte: string;
  ecart: string;
}

/** A person of a closing (author, who reopened it). */
interface CaissePersonne {
  id: string;
  nom: string;
  prenoms: string;
}

/** A closing as caisse/liste answers it. */
export interface CaisseCloture {
  id: string;
  jour: string;
  commentaire: string;
  createdAt: string;
  agenceID: { id: string; code: string; libelle: string };
  auteur: CaissePersonne;
  rouverte: boolean;
  rouverteAt: string | null;
  rouvertePar: CaissePersonne | null;
  motifReouverture: string | null;
  /** Σ (counted − expected) per currency. */
  ecarts: { devise: string; ecart: string }[];
  /** The day's conversion differences per parcel currency, as the closing found them (docs/decisions/currencies.md). */
  ecartsConversion?: EcartConversion[];
}

/** A conversion difference of a day in a parcel currency: Σ converted − booked (exact decimal text, signed). */
export interface EcartConversion {
  devise: string;
  ecart: string;
}

/** A closing with its counted lines (caisse/getBy, caisse/cloture, caisse/rouvrir). */
export interface CaisseClotureDetail extends CaisseCloture {
  comptes: CompteLigne[];
}

/** What caisse/attendu answers: the agency, the day, the expected lines and the day's open closing (null if open). */
export interface CaisseAttendu {
  agence: { id: string; code: string; libelle: string };
  date: string;
  lignes: LigneAttendue[];
  /** The day's conversion differences so far, per parcel currency. */
  ecartsConversion?: EcartConversion[];
  cloture: CaisseClotureDetail | null;
}

/**
 * The body of caisse/cloture: the shared schema's (common/schemas/caisse.ts caisseClotureBody) as it reads it — the
 * screen sends values its form schema has already read and rounded (src/caisse/caisseView.ts clotureBodyOf). Its input
 * type would say `unknown` for every field it preprocesses, so the read one is used.
 */
export type CaisseClotureBody = CaisseClotureInput;
