/**
 * Parsers of typed text shared by the forms (react-admin `parse`): the codes the spec sends in upper case (spec 001 §5
 * "code sent in upper case" for nature groups and natures).
 */

/** A typed code in upper case (null and empty stay as they are). */
export function upperCase(value: unknown): unknown {
  return typeof value === 'string' ? value.toUpperCase() : value;
}
