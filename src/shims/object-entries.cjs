/**
 * Stands in for the `object.entries` polyfill in the browser build (vite.config.ts resolve.alias,
 * docs/decisions/screen-bundles.md): node-polyglot (react-admin's translations) requires it, and the polyfill brings
 * ~10 packages (get-intrinsic, define-properties, ...) into the sign-in page for a function every supported browser
 * has.
 */
module.exports = Object.entries;
