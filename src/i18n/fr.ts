/**
 * Every French text of the back-office quoted from the spec (000 and 001), plus the labels the spec
 * leaves open: the texts needed before sign-in (frBase.ts) and those of the resources' screens (frResources.ts).
 * Keys: `app.*` for our screens, `resources.<name>.*` for react-admin resources, `ra.*` overrides; components read
 * them with useTranslate(). The app loads the two parts separately (i18nProvider.ts); this whole tree serves the
 * receipt PDF and the tests.
 */
import { mergeTranslations } from 'ra-core';
import frenchMessages from 'ra-language-french';
import { frBase } from './frBase';
import { frResources } from './frResources';

export const fr = { ...frBase, ...frResources };

/** All French messages as the signed-in app has them: react-admin's, then ours. */
export const frenchAppMessages: Record<string, unknown> = mergeTranslations(frenchMessages, fr);
