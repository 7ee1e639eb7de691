/**
 * Rules of the sending modes (spec 000 §5 "Air mode", §9): which mode is the air mode, and the weight unit a parcel
 * must use on a mode. Shared by the server (which forces the unit) and the UI (which locks the unit input).
 */

/** Units of weight a parcel may use (spec 000 §9: KG or M3). */
export const UNITES = ['KG', 'M3'] as const;
export type Unite = (typeof UNITES)[number];

/** Lower-case text without accents, for label comparisons of modes ('Aérien' → 'aerien'). */
export function normalizeLabel(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * Whether a sending mode is the air mode (spec 000 §5 "Air mode"): its label contains 'aerien'
 * ('Aérien' too, case and accents ignored) or its code is 'AERIEN'. Air mode forces the unit KG.
 */
export function isModeEnvoiAerien(modeEnvoi: { code?: string | null; libelle?: string | null } | null | undefined): boolean {
  if (!modeEnvoi) return false;
  return normalizeLabel(modeEnvoi.code) === 'aerien' || normalizeLabel(modeEnvoi.libelle).includes('aerien');
}

/**
 * The weight unit a parcel must use on a sending mode (spec 000 §9): 'KG' in air mode, else the
 * requested unit (KG by default).
 */
export function uniteForModeEnvoi(
  modeEnvoi: { code?: string | null; libelle?: string | null } | null | undefined,
  unite?: string | null,
): Unite {
  if (isModeEnvoiAerien(modeEnvoi)) return 'KG';
  return unite && unite.toUpperCase() === 'M3' ? 'M3' : 'KG';
}
