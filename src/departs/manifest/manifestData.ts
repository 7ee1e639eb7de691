/**
 * The data of a departure's manifest and labels (docs/decisions/departure-manifest.md), without jspdf: what
 * each parcel prints, the totals, the page layout of the manifest table, and the paged load of the parcels through
 * envoi/manifest. Pure functions (tests/web/manifest.test.ts); the PDFs are drawn by ./manifestPdf.ts.
 */
import { isModeLivraisonAgence } from '../../../common/colisRules';
import { DEVISE_COMPTABLE, isDevise, minorToNumber, toMinor } from '../../../common/devises';
import { centsToNumber, sumPoids, toCents, type DecimalInput } from '../../../common/money';
import { destinataireOf, expediteurOf } from '../../colis/model/colisRules';
import type { ColisRecord } from '../../colis/model/types';

/** The departure as the manifest's header prints it; dates are ISO days (YYYY-MM-DD). */
export interface ManifestEnvoi {
  reference: string;
  mode: string;
  origine: string;
  destination: string;
  dateDebut: string | null;
  dateArrive: string | null;
  /** The departure's currency, its parcels' (ISO 4217; docs/decisions/currencies.md). */
  devise: string;
}

/** One parcel as the manifest and its label print it; weight in kg (or m³ when unite is M3), amounts in `devise`. */
export interface ManifestColis {
  reference: string;
  expediteur: string;
  destinataire: string;
  destinataireTelephone: string;
  natures: string;
  poids: DecimalInput;
  unite: string;
  montantTotal: DecimalInput;
  reglement: DecimalInput;
  resteAPayer: DecimalInput;
  /** The currency of the amounts, the parcel's (its departure's). */
  devise: string;
  ville: string;
  /** Pick-up at an agency (mode AGENCE) or delivery, and the pick-up agency when known. */
  retraitAgence: boolean;
  agenceRetrait: string | null;
}

/** What both PDFs are built from. */
export interface ManifestData {
  envoi: ManifestEnvoi;
  colis: ManifestColis[];
}

/** The departure of a envoi/manifest answer (`envoi`). */
interface ApiManifestEnvoi {
  reference: string;
  dateDebut?: string | null;
  dateArrive?: string | null;
  modeEnvoiID?: { libelle?: string } | null;
  paysID?: { libelle?: string } | null;
  paysEmetteurID?: { libelle?: string } | null;
  devise?: string | null;
}

/** A parcel of a envoi/manifest answer (`datas`): the parcel fields the helpers of colisRules read, and more. */
export type ApiManifestColis = Partial<ColisRecord> & { reference: string; natures?: string; agenceRetrait?: string | null };

/** One page of envoi/manifest. */
export interface ManifestPage {
  envoi: ApiManifestEnvoi;
  datas: ApiManifestColis[];
  total: number;
}

/** The header data of an API departure. */
function manifestEnvoiFrom(envoi: ApiManifestEnvoi): ManifestEnvoi {
  return {
    reference: envoi.reference,
    mode: envoi.modeEnvoiID?.libelle ?? '',
    origine: envoi.paysEmetteurID?.libelle ?? '',
    destination: envoi.paysID?.libelle ?? '',
    dateDebut: envoi.dateDebut ?? null,
    dateArrive: envoi.dateArrive ?? null,
    devise: envoi.devise || DEVISE_COMPTABLE,
  };
}

/**
 * The printed data of an API parcel: sender and recipient by the rules of the parcel screens (colisRules); its
 * amounts in its own `devise`, else `deviseEnvoi` (its departure's), else the euro.
 */
export function manifestColisFrom(row: ApiManifestColis, deviseEnvoi?: string): ManifestColis {
  const destinataire = destinataireOf(row);
  return {
    reference: row.reference,
    expediteur: expediteurOf(row).nom,
    destinataire: destinataire.nom,
    destinataireTelephone: destinataire.telephone,
    natures: row.natures ?? '',
    poids: row.poids,
    unite: row.unite ?? 'KG',
    montantTotal: row.montantTotal,
    reglement: row.reglement,
    resteAPayer: row.resteAPayer,
    devise: row.devise || deviseEnvoi || DEVISE_COMPTABLE,
    ville: row.villeID?.libelle ?? '',
    retraitAgence: isModeLivraisonAgence(row.modeLivraisonID),
    agenceRetrait: row.agenceRetrait ?? null,
  };
}

/** An amount as integer minor units of its currency (cents for a code outside DEVISES). */
const minorOf = (value: DecimalInput, devise: string) => (isDevise(devise) ? toMinor(value, devise) : toCents(value));

/** Minor units as a number of the currency's units. */
const minorNumber = (minor: bigint, devise: string) => (isDevise(devise) ? minorToNumber(minor, devise) : centsToNumber(minor));

/** Whether a parcel is paid: nothing left to pay, to its currency's minor unit (the cent, the franc; default euro). */
export function isPaid(colis: Pick<ManifestColis, 'resteAPayer'> & { devise?: string }): boolean {
  return minorOf(colis.resteAPayer, colis.devise || DEVISE_COMPTABLE) <= 0n;
}

/** Whether a parcel's weight is a volume (unit M3) rather than kg. */
const isVolume = (colis: Pick<ManifestColis, 'unite'>) => colis.unite.toUpperCase() === 'M3';

/** The amounts of a manifest in one currency (exact sums of its parcels in that currency). */
export interface ManifestMontants {
  devise: string;
  montantTotal: number;
  reglement: number;
  resteAPayer: number;
}

/**
 * The totals of a manifest: count; weight in kg and volume in m³ (exact sums); amounts per currency (exact sums, never
 * added across currencies): the departure's first, always there, then any other a parcel is in (in order of first
 * appearance; none while every parcel is in the departure's, which the database holds: trigger colis_devise).
 */
export interface ManifestTotals {
  count: number;
  poids: number;
  volume: number;
  montants: ManifestMontants[];
}

/**
 * Totals of the parcels (exact sums: weights in thousandths of kg, amounts in minor units of their currency).
 * @param devise the departure's currency (default the euro)
 */
export function manifestTotals(colis: readonly ManifestColis[], devise: string = DEVISE_COMPTABLE): ManifestTotals {
  const sums = new Map<string, [bigint, bigint, bigint]>([[devise, [0n, 0n, 0n]]]);
  for (const c of colis) {
    const d = c.devise || devise;
    const s = sums.get(d) ?? [0n, 0n, 0n];
    sums.set(d, [s[0] + minorOf(c.montantTotal, d), s[1] + minorOf(c.reglement, d), s[2] + minorOf(c.resteAPayer, d)]);
  }
  return {
    count: colis.length,
    poids: sumPoids(colis.filter((c) => !isVolume(c)).map((c) => c.poids)),
    volume: sumPoids(colis.filter(isVolume).map((c) => c.poids)),
    montants: [...sums].map(([d, [montantTotal, reglement, resteAPayer]]) => ({
      devise: d,
      montantTotal: minorNumber(montantTotal, d),
      reglement: minorNumber(reglement, d),
      resteAPayer: minorNumber(resteAPayer, d),
    })),
  };
}

/**
 * The rows of each page of the manifest table: `first` rows fit on page 1 (under the header), `rest` on the
 * others; the totals block needs the room of `totalsRows` rows after the last row, else it goes on a page of its own
 * (an empty range).
 * @returns [start, end) ranges of parcel indexes, one per page; at least one page
 */
export function manifestPages(count: number, first: number, rest: number, totalsRows: number): [number, number][] {
  const pages: [number, number][] = [];
  let start = 0;
  let room = first;
  while (start < count) {
    const end = Math.min(count, start + room);
    pages.push([start, end]);
    start = end;
    room = rest;
  }
  if (pages.length === 0) return [[0, 0]];
  const [lastStart, lastEnd] = pages[pages.length - 1]!;
  const lastRoom = pages.length === 1 ? first : rest;
  if (lastEnd - lastStart + totalsRows > lastRoom) pages.push([count, count]);
  return pages;
}

/** An integer the French way ('2 000', with a narrow no-break space). */
export const formatCount = (n: number) => n.toLocaleString('fr-FR');

/** File names of the two PDFs. */
export const manifestFileName = (reference: string) => `manifeste-${reference}.pdf`;
export const labelsFileName = (reference: string) => `etiquettes-${reference}.pdf`;

/**
 * Loads every parcel of a departure page after page (envoi/manifest, `perPage` at most the server's 500).
 * @param loadPage one page (1-based) of `perPage` parcels
 * @param onProgress parcels loaded so far and the total, after each page
 * @param signal stops between pages (throws the signal's reason)
 */
export async function loadManifest(
  loadPage: (page: number, perPage: number) => Promise<ManifestPage>,
  perPage: number,
  onProgress?: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<ManifestData> {
  const colis: ManifestColis[] = [];
  let envoi: ManifestEnvoi | undefined;
  for (let page = 1; ; page += 1) {
    signal?.throwIfAborted();
    const answer = await loadPage(page, perPage);
    envoi ??= manifestEnvoiFrom(answer.envoi);
    const deviseEnvoi = envoi.devise;
    colis.push(...answer.datas.map((row) => manifestColisFrom(row, deviseEnvoi)));
    onProgress?.(colis.length, Math.max(answer.total, colis.length));
    if (answer.datas.length < perPage || colis.length >= answer.total) break;
  }
  return { envoi: envoi!, colis };
}
