// Values for every field of a shared schema, for the form-body tests (imported by *.test.ts only).
import type { z } from 'zod';
import { schemaKeys } from './schema-form-data';

/**
 * What a sample field may hold, tried in order: a real day in the past is valid text and a valid
 * date alike; then the first choices of the shared lists (visibility, moderation) and a yes.
 */
const CANDIDATES = ['1998-07-14', 'public', 'open', 'true'];

/**
 * One valid raw value per field of `schema`, found by asking each field's own schema, so a field
 * the schema gains gets one without an edit to the tests that use this. Throws, naming the field,
 * when none of the candidates suits it: add one above.
 */
export function sampleValues(schema: z.ZodObject): Record<string, string> {
  return Object.fromEntries(
    schemaKeys(schema).map((key) => {
      const field = schema.shape[key] as z.ZodType;
      const value = CANDIDATES.find((candidate) => field.safeParse(candidate).success);
      if (value === undefined) throw new Error(`No sample value suits the field "${key}".`);
      return [key, value];
    }),
  );
}

/** How a value of a schema's output travels as form data. */
export function asFormText(value: unknown): string {
  return value === null ? '' : String(value);
}
