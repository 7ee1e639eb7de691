/** Pure rules of the forms of the kit (spec 001 §5 button rules), tested in tests/web. */

/** Whether every named field of the form values holds something other than blanks. */
export function requiredFieldsFilled(values: Record<string, unknown> | undefined, fields: readonly string[]): boolean {
  return fields.every((field) => {
    const value = values?.[field];
    if (value === null || value === undefined) return false;
    return typeof value === 'string' ? value.trim() !== '' : true;
  });
}
