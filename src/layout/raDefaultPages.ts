/**
 * React-admin's own pages for a crash (`Error`, the error boundary's page) and for an authentication check that
 * failed for another reason than a refused session (`AuthenticationError`), in a module of their own so the app
 * shell (src/AppShell.tsx) loads them only when one is shown (docs/decisions/screen-bundles.md).
 */
export { AuthenticationError, Error } from 'react-admin';
