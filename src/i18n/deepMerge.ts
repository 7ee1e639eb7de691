/** A tree of translation messages (nested objects of strings). */
export type Messages = Record<string, unknown>;

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
