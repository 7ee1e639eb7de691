/**
 * The one way a form validates: with the zod schema the server's route uses (common/schemas/), through
 * `@hookform/resolvers/zod`. The form keeps what the user typed (`raw`): the schema only decides which fields are in
 * error and with which French message; the server parses the same text again with the same schema, so a rule and its
 * rounding (common/money.ts) are written once. docs/decisions/shared-validation.md.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver validating the form's values with `schema` and leaving the values as typed.
 * `T`: the form's values as typed (default: any field values). The schema reads any input (its fields preprocess what
 * is typed, so zod's input type says `unknown` for them), and the values stay as typed: the resolver is one of `T`.
 * @param schema a schema of common/schemas/ (the request body, or a form schema built from the same fields)
 * @returns the resolver to give to react-admin's `<SimpleForm resolver>` / `<Form resolver>` or `useForm`
 */
export function formResolver<T extends FieldValues = FieldValues>(schema: z.ZodType): Resolver<T> {
  return zodResolver(schema as never, undefined, { raw: true }) as unknown as Resolver<T>;
}
