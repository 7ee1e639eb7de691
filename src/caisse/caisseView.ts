/**
 * The pure parts of the 'Caisse' screen (src/caisse/CaissePage.tsx; docs/decisions/refunds-and-cash.md): the form's
 * first values from the expected lines, the difference shown while the amount is typed (exact, in the line's
 * currency: common/devises.ts), and the body of caisse/cloture read through the shared schema (common/schemas/caisse.ts),
 * so the screen sends what the server checks. No React here: tests/render/caisse.test.tsx and the PDF use it.
 */
import { isDevise, minorToString, toMinor } from '../../common/devises';
import { formatMontantSigne } from '../../common/format';
import { caisseClotureForm, ligneKey } from '../../common/schemas/caisse';
import type { CaisseClotureBody, LigneAttendue } from './types';

/** A line of the form: the expected line it counts, and the amount as typed. */
interface LigneSaisie {
  modePaiementID: string | null;
  devise: string;
  libelle: string;
  attendu: string;
  montant: string;
}

/** The values of the closing form. */
export interface CaisseFormValues {
  comptes: LigneSaisie[];
  commentaire: string;
}

/**
 * The form's values for the expected lines: one amount per line, no comment at first. With the values already typed
 * (`saisies`: the expected amounts were read again while the form was open, e.g. when the window regains focus), each
 * line keeps the amount typed for its payment mode and currency wherever it now stands, and the comment is kept; a
 * line gone takes its amount with it, a new line starts empty.
 */
export function formValuesOf(lignes: readonly LigneAttendue[], saisies?: CaisseFormValues): CaisseFormValues {
  const typed = new Map((saisies?.comptes ?? []).map((c) => [ligneKey(c), c.montant]));
  return {
    comptes: lignes.map((l) => ({
      modePaiementID: l.modePaiementID,
      devise: l.devise,
      libelle: l.libelle,
      attendu: l.attendu,
      montant: typed.get(ligneKey(l)) ?? '',
    })),
    commentaire: saisies?.commentaire ?? '',
  };
}

/** Minor units of an amount in a currency; 2 decimals for a code outside common/devises.ts. */
const minorOf = (value: string | number, devise: string) => toMinor(value, isDevise(devise) ? devise : 'EUR');

/**
 * The difference of a line while its amount is typed: counted − expected, the exact decimal text of the currency
 * ('-50', '0.00'); null while nothing readable is typed.
 * @param typed the amount as typed ('2 950,4', '20.5')
 */
export function ecartSaisi(typed: string | null | undefined, attendu: string, devise: string): string | null {
  if (typed === null || typed === undefined || typed.trim() === '') return null;
  try {
    return minorToString(minorOf(typed, devise) - minorOf(attendu, devise), isDevise(devise) ? devise : 'EUR');
  } catch {
    return null;
  }
}

/** Whether a difference (a decimal text such as '-50', '0.00') is not zero: shown in red. */
export function ecartNonNul(ecart: string | null | undefined): boolean {
  return !!ecart && /[1-9]/.test(ecart);
}

/** A difference as shown: its sign always written ('+100 F CFA', '-50,00 €', '0,00 €'). */
export function formatEcart(ecart: string, devise: string): string {
  return formatMontantSigne(ecart, devise);
}

/**
 * The body of caisse/cloture from the form's values (already checked by the form's resolver): the amounts read and
 * rounded to their currency by the shared schema; the agency only for a role that sees every agency (another role's is
 * its own, the server decides).
 * @throws ZodError when the values do not pass the schema (the resolver showed why first)
 */
export function clotureBodyOf(values: CaisseFormValues, opts: { date: string; agenceID?: string }): CaisseClotureBody {
  const parsed = caisseClotureForm.parse(values);
  return {
    ...(opts.agenceID ? { agenceID: opts.agenceID } : {}),
    date: opts.date,
    comptes: parsed.comptes.map((c) => ({ modePaiementID: c.modePaiementID, devise: c.devise, montant: c.montant })),
    commentaire: parsed.commentaire,
  };
}

/**
 * The differences of the typed lines summed per currency (in the order the currencies first come): counted − expected,
 * a line with nothing readable typed counting 0; exact decimal texts of each currency.
 */
export function ecartsSaisis(
  comptes: readonly { devise: string; attendu: string; montant: string | number }[],
): { devise: string; ecart: string }[] {
  const sums = new Map<string, bigint>();
  for (const c of comptes) {
    let compte: bigint;
    try {
      compte = minorOf(c.montant, c.devise);
    } catch {
      compte = 0n; // nothing readable typed: counted 0
    }
    sums.set(c.devise, (sums.get(c.devise) ?? 0n) + compte - minorOf(c.attendu, c.devise));
  }
  return [...sums].map(([devise, ecart]) => ({ devise, ecart: minorToString(ecart, isDevise(devise) ? devise : 'EUR') }));
}

/** The differences of a closing per currency as one text ('-15,00 € · -1 450 F CFA'); '—' when none. */
export function ecartsText(ecarts: readonly { devise: string; ecart: string }[]): string {
  return ecarts.length ? ecarts.map((e) => formatEcart(e.ecart, e.devise)).join(' · ') : '—';
}

/** File name of an 'Arrêté de caisse': arrete-caisse-{agency code}-{day}.pdf. */
export function arreteFileName(agenceCode: string, jour: string): string {
  return `arrete-caisse-${agenceCode}-${jour}.pdf`;
}
