/**
 * The session routes' schemas (common/schemas/auth.ts) as the pages before the app check their fields with them:
 * loaded when the user starts typing rather than with the page (a chunk of their own, with zod, ~27 KB compressed,
 * which every other screen loads after sign-in; docs/decisions/screen-bundles.md "The sign-in entry"); each field's
 * first French message; a form's fields checked as react-admin's forms check theirs (useCheckedFields).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { loadOnce } from '../kit/loadOnce';

/** The module of the session schemas. */
export type AuthSchemas = typeof import('../../common/schemas/auth');

/** Loads the session schemas once (common/schemas/auth.ts); rejects when the chunk cannot be loaded (tried again next). */
const loadAuthSchemas = loadOnce((): Promise<AuthSchemas> => import('../../common/schemas/auth'));

/**
 * The session schemas, once loaded: undefined until `want()` was called and the chunk came (or when it failed: the
 * server checks the same rules and its message shows). A page calls `want()` on the first change of a field.
 * @returns `{ schemas, want }`; `want()` starts the load, once
 */
function useAuthSchemas(): { schemas: AuthSchemas | undefined; want: () => void } {
  const [schemas, setSchemas] = useState<AuthSchemas>();
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const want = useCallback(() => {
    loadAuthSchemas()
      .then((s) => live.current && setSchemas(s))
      .catch(() => undefined);
  }, []);
  return { schemas, want };
}

/**
 * Each field's error (the first message of its rules), none when the values are valid.
 * @param schema a schema of common/schemas/auth.ts (loginBody, forgotBody, resetPasswordForm)
 * @param values the typed values, by field
 * @returns the French message of each field in error
 */
export function fieldErrors<K extends string>(schema: z.ZodType, values: Record<K, string>): Partial<Record<K, string>> {
  const result = schema.safeParse(values);
  const errors: Partial<Record<K, string>> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as K;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * A form's values, checked with its schema on submit and then on each change (react-admin's forms' rule); the first
 * change or the submit loads the schemas.
 * @param initial the form's empty values
 * @param schemaOf the form's schema among the session schemas
 * @returns the values; `bind(field)`, the props of the field's AuthField (name, value, onChange, error); and `check()`,
 *   which marks the form submitted and resolves whether its values are valid (true without the schemas: the server then
 *   checks the same rules)
 */
export function useCheckedFields<K extends string>(
  initial: Record<K, string>,
  schemaOf: (s: AuthSchemas) => Parameters<typeof fieldErrors>[0],
) {
  const { schemas, want } = useAuthSchemas();
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const errors: Partial<Record<K, string>> = submitted && schemas ? fieldErrors(schemaOf(schemas), values) : {};
  const bind = (field: K) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (value: string) => {
      want();
      setValues((v) => ({ ...v, [field]: value }));
    },
  });
  const check = async () => {
    setSubmitted(true);
    want();
    const checker = schemas ?? (await loadAuthSchemas().catch(() => undefined));
    return !checker || Object.keys(fieldErrors(schemaOf(checker), values)).length === 0;
  };
  return { values, bind, check };
}
