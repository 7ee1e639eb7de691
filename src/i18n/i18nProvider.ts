/**
 * French i18nProvider of the back-office (DESIGN.md §5): ra-language-french with our messages
 * (src/i18n/fr.ts) merged over it. French is the only locale.
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import frenchMessages from 'ra-language-french';
import { fr } from './fr';

type Messages = Record<string, unknown>;

/** Deep-merges `override` into `base` (objects merged key by key, other values replaced); returns a new object. */
export function deepMerge(base: Messages, override: Messages): Messages {
  const out: Messages = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = out[key];
    out[key] =
      value && typeof value === 'object' && !Array.isArray(value) && current && typeof current === 'object' && !Array.isArray(current)
        ? deepMerge(current as Messages, value as Messages)
        : value;
  }
  return out;
}

/** All French messages: react-admin's, then ours. */
export const frenchAppMessages = deepMerge(frenchMessages as unknown as Messages, fr as unknown as Messages);

/** The i18nProvider given to <Admin>; missing keys show the key's fallback text rather than failing. */
export const i18nProvider = polyglotI18nProvider(() => frenchAppMessages as never, 'fr', [{ locale: 'fr', name: 'Français' }], {
  allowMissing: true,
});
