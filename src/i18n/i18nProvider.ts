/**
 * French i18nProvider of the back-office (docs/architecture.md §5): ra-language-french with our messages merged over it.
 * French is the only locale. To keep the sign-in page light (docs/decisions/screen-bundles.md), it starts with the
 * texts needed before sign-in (frBase.ts); loadResourceMessages() adds the resources' texts (frResources.ts) after
 * sign-in, before the layout shows any screen.
 */
import { mergeTranslations } from 'ra-core';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import frenchMessages from 'ra-language-french';
import { frBase } from './frBase';
import { loadOnce } from '../kit/loadOnce';

/** A tree of translation messages (nested objects of strings), as mergeTranslations answers it. */
type Messages = Record<string, unknown>;

const baseMessages: Messages = mergeTranslations(frenchMessages, frBase);
let messages = baseMessages;

/**
 * The i18nProvider given to <Admin>; missing keys show the key's fallback text rather than failing. Its messages
 * are read again by changeLocale (ra-i18n-polyglot), which is how loadResourceMessages extends them.
 */
export const i18nProvider = polyglotI18nProvider(() => messages as never, 'fr', [{ locale: 'fr', name: 'Français' }], {
  allowMissing: true,
});

/**
 * Downloads the resources' and dashboard's French texts and adds them to i18nProvider's messages (once; later calls
 * share the first). Resolves when translate() knows them; rejects if the chunk cannot be loaded (the next call
 * retries). The locale stays 'fr', so react-admin does not remount the app: call it before rendering the screens
 * that use these texts (the layout's lazy loader in App.tsx does).
 */
export const loadResourceMessages: () => Promise<void> = loadOnce(() =>
  import('./frResources').then(({ frResources }) => {
    messages = mergeTranslations(baseMessages, frResources);
    return i18nProvider.changeLocale('fr');
  }),
);
