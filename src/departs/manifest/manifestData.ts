/**
 * The data of a departure's manifest and labels (docs/decisions/departure-manifest.md), without jspdf: what
 * each parcel prints, the totals, the page layout of the manifest table, and the paged load of the parcels through
 * envoi/manifest. Pure functions (tests/web/manifest.test.ts); the PDFs are drawn by ./manifestPdf.ts.
 */
import { isModeLivraisonAgence } from '../../../common/colisRules';
import { sumMoney, sumPoids, toCents, type DecimalInput } from '../../../common/money';
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
}

/** One parcel as the manifest and its label print it; weight in kg (or m³ when unite is M3), amounts in euros. */
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
  };
}

/** The printed data of an API parcel: sender and recipient by the rules of the parcel screens (colisRules). */
export function manifestColisFrom(row: ApiManifestColis): ManifestColis {
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
    ville: row.villeID?.libelle ?? '',
    retraitAgence: isModeLivraisonAgence(row.modeLivraisonID),
    agenceRetrait: row.agenceRetrait ?? null,
  };
}

/** Whether a parcel is paid: nothing left to pay, to the cent. */
export function isPaid(colis: Pick<ManifestColis, 'resteAPayer'>): boolean {
  return toCents(colis.resteAPayer) <= 0n;
}

/** Whether a parcel's weight is a volume (unit M3) rather than kg. */
const isVolume = (colis: Pick<ManifestColis, 'unite'>) => colis.unite.toUpperCase() === 'M3';

/** The totals of a manifest: count; weight in kg and volume in m³ (exact sums); amounts in euros (exact sums). */
export interface ManifestTotals {
  count: number;
  poids: number;
  volume: number;
  montantTotal: number;
  reglement: number;
  resteAPayer: number;
}

/** Totals of the parcels (common/money.ts exact sums). */
export function manifestTotals(colis: readonly ManifestColis[]): ManifestTotals {
  return {
    count: colis.length,
    poids: sumPoids(colis.filter((c) => !isVolume(c)).map((c) => c.poids)),
    volume: sumPoids(colis.filter(isVolume).map((c) => c.poids)),
    montantTotal: sumMoney(colis.map((c) => c.montantTotal)),
    reglement: sumMoney(colis.map((c) => c.reglement)),
    resteAPayer: sumMoney(colis.map((c) => c.resteAPayer)),
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

/** A polyglot-style template filled with values: fill('Page %{page}', {page: 2}) → 'Page 2'. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/%\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
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
    colis.push(...answer.datas.map(manifestColisFrom));
    onProgress?.(colis.length, Math.max(answer.total, colis.length));
    if (answer.datas.length < perPage || colis.length >= answer.total) break;
  }
  return { envoi: envoi!, colis };
}
