/**
 * How a scan is signalled on the scanning screen: a colour per verdict (MUI palette) and a short beep through the
 * Web Audio API when the browser has it (no file to load; silent when it has not, or before the first user gesture).
 */
import type { ScanEtat } from '../../common/inventaireRules';
import type { Scan } from './scanSession';

/**
 * MUI Alert severity / Chip colour of each verdict: found green, repeat blue, not expected or another agency's orange,
 * unknown red.
 */
export const SCAN_COLOR: Record<ScanEtat, 'success' | 'info' | 'warning' | 'error' | 'default'> = {
  TROUVE: 'success',
  DEJA_SCANNE: 'info',
  NON_ATTENDU: 'warning',
  HORS_AGENCE: 'warning',
  INCONNU: 'error',
  A_VERIFIER: 'default',
};

/** Beep of each verdict: [frequency in Hz, duration in ms]; high and short for good news, low and long for bad. */
const TONES: Record<ScanEtat, [number, number]> = {
  TROUVE: [1320, 90],
  DEJA_SCANNE: [880, 70],
  NON_ATTENDU: [520, 180],
  HORS_AGENCE: [440, 220],
  INCONNU: [260, 280],
  A_VERIFIER: [660, 120],
};

/**
 * The verdict of a scan as the screen reads it: its French label ('resources.inventaire.scan.etat.*'), and for another
 * agency's parcel the agency's name in brackets when the server gave it.
 */
export function scanLabel(translate: (key: string) => string, scan: Pick<Scan, 'etat' | 'agence'>): string {
  const label = translate(`resources.inventaire.scan.etat.${scan.etat}`);
  return scan.etat === 'HORS_AGENCE' && scan.agence ? `${label} (${scan.agence})` : label;
}

let context: AudioContext | null = null;

/** Plays the verdict's beep; does nothing where Web Audio is missing or refused. */
export function beep(etat: ScanEtat): void {
  try {
    const audio = window as Window & { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext };
    const Ctor = audio.AudioContext ?? audio.webkitAudioContext;
    if (!Ctor) return;
    context ??= new Ctor();
    if (context.state === 'suspended') void context.resume();
    const [frequency, ms] = TONES[etat];
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'square';
    oscillator.frequency.value = frequency;
    gain.gain.value = 0.06;
    oscillator.connect(gain).connect(context.destination);
    const now = context.currentTime;
    oscillator.start(now);
    oscillator.stop(now + ms / 1000);
  } catch {
    // no sound: the colour still tells
  }
}
