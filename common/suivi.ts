/**
 * Public parcel tracking (docs/decisions/public-tracking.md): what GET /api/public/suivi answers and the tracking page
 * shows, shared by the server (server/suivi/) and the page (src/suivi/). Nothing personal beyond initials: no phone,
 * name, e-mail or address ever travels.
 */

/** The one answer of every failed lookup (unknown reference, wrong digits, deleted parcel, unknown token): 404. */
export const SUIVI_NOT_FOUND = 'Colis introuvable. Vérifiez la référence et les 4 derniers chiffres du téléphone.';

/** A status as the page shows it. */
interface SuiviStatut {
  code: string;
  libelle: string;
}

/** A place: city and country names (either may be unknown). */
export interface SuiviLieu {
  ville: string | null;
  pays: string | null;
}

/** One step of the journey: the status reached and when (ISO 8601). */
interface SuiviEtape {
  date: string;
  statut: SuiviStatut;
}

/** A parcel as the public sees it; amounts in its currency `devise`, dates of the departure 'YYYY-MM-DD'. */
export interface SuiviColis {
  reference: string;
  statut: SuiviStatut;
  /** Status changes, oldest first (payments, which keep the status, are left out). */
  etapes: SuiviEtape[];
  /** Departure day and expected arrival day of the parcel's departure ('YYYY-MM-DD'). */
  dateDepart: string;
  dateArriveePrevue: string;
  modeEnvoi: string | null;
  origine: SuiviLieu;
  destination: SuiviLieu;
  /** How the parcel is collected ('Récupération en Agence ', 'Livraison à domicile'…). */
  modeLivraison: string | null;
  /** Where to collect it: an active agency of the destination city when the parcel waits at an agency, else null. */
  agenceRetrait: { libelle: string; ville: string | null } | null;
  /** Amount still due, in `devise`. */
  resteAPayer: number;
  /** The currency of the parcel's amounts, its departure's (ISO 4217: 'EUR', 'XOF'…; docs/decisions/currencies.md). */
  devise: string;
  /** Initials only, e.g. 'A. D.' (empty when unknown). */
  expediteur: string;
  destinataire: string;
  /**
   * The hand-over, once done (docs/decisions/release-proof.md): when (ISO 8601), retrieved at the agency (RETIRE) or
   * delivered (LIVRE), and the agency that handed it over; nothing of who took it. Null before.
   */
  remise: { date: string; statut: 'RETIRE' | 'LIVRE'; agence: string | null } | null;
}

/** The first letter of a word, upper case (one Unicode character), or ''. */
function initialOf(word: string | null | undefined): string {
  const first = Array.from((word ?? '').trim())[0];
  return first ? `${first.toLocaleUpperCase('fr-FR')}.` : '';
}

/** Initials of a person, first name first: ('Diop', 'Awa Marie') → 'A. D.'; '' when both are empty. */
export function initials(nom: string | null | undefined, prenoms: string | null | undefined): string {
  return [initialOf(prenoms), initialOf(nom)].filter(Boolean).join(' ');
}

/** The digits of a phone number, e.g. '+33 6 12-34' → '3361234'. */
export function phoneDigits(phone: string | null | undefined): string {
  return (phone ?? '').replace(/\D/g, '');
}
