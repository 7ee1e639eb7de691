/**
 * Runtime configuration of the back-office (spec 001 §7: "The base address comes from runtime
 * configuration or the origin plus /api/"). A deployment may define, before the app script runs:
 *   <script>window.__APP_CONFIG__ = { apiUrl: 'https://api.example.fr/api/', inactivityMs: 1800000 }</script>
 * Every value is optional.
 */

/** Values a deployment (or a test) may set on `window.__APP_CONFIG__`. */
interface AppConfig {
  /** Base address of the API, e.g. 'https://host/api/'. Default: page origin + '/api/'. */
  apiUrl?: string;
  /** Inactivity delay before automatic logout, in ms. Default 1,800,000 (spec 000 §9). */
  inactivityMs?: number;
}

declare global {
  interface Window {
    __APP_CONFIG__?: AppConfig;
  }
}

/** Inactivity logout delay of the spec: 30 minutes (spec 000 §9). */
export const DEFAULT_INACTIVITY_MS = 1_800_000;

/** Returns the runtime configuration, or an empty object when none is set (or outside a browser). */
function getAppConfig(): AppConfig {
  return typeof window !== 'undefined' && window.__APP_CONFIG__ ? window.__APP_CONFIG__ : {};
}

/**
 * Returns the API base address, always ending with '/': `window.__APP_CONFIG__.apiUrl` when set,
 * else `${window.location.origin}/api/` (spec 001 §7).
 */
export function getApiBaseUrl(): string {
  const configured = getAppConfig().apiUrl;
  const origin = typeof window !== 'undefined' && window.location ? window.location.origin : '';
  const base = configured && configured.trim() !== '' ? configured.trim() : `${origin}/api/`;
  return base.endsWith('/') ? base : `${base}/`;
}

/** Returns the inactivity logout delay in ms: the configured positive number, else 30 minutes (spec 000 §4). */
export function getInactivityMs(): number {
  const value = getAppConfig().inactivityMs;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : DEFAULT_INACTIVITY_MS;
}
