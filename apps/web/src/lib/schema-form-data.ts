import type { z } from 'zod';

/*
 * A form's multipart body drawn from the shared schema the server parses it with: one part per
 * field the schema names, so a field added to the schema is sent without a line here or in the
 * form (docs/decisions/0096-web-forms-and-kinds-from-the-shared-schemas.md).
 */

/** What a form field holds once its schema has checked it: text, a number, yes/no, or nothing. */
export type FieldValue = string | number | boolean | null | undefined;

/** The values a body is built from: one per field of `S`, optional where the schema's are. */
export type SchemaValues<S extends z.ZodObject> = { [K in keyof z.output<S>]: FieldValue };

export interface SchemaFormDataOptions {
  /** Files, beside the fields, under the names the API gives them; null or undefined: none. */
  files?: Record<string, File | null | undefined>;
  /**
   * Leaves out empty text and null too (an upload sends only what was told of it); otherwise
   * null is sent empty, which the shared date fields read as "not given", and empty text clears.
   */
  omitEmpty?: boolean;
}

/** The field names of an object schema, in its order. */
export function schemaKeys<S extends z.ZodObject>(schema: S): (keyof z.output<S> & string)[] {
  return Object.keys(schema.shape) as (keyof z.output<S> & string)[];
}

/**
 * The multipart body of `schema`'s fields, each from `values` as text: a value that is undefined
 * is left out (a field the form does not send), and so is one that is empty with `omitEmpty`.
 * Values of names the schema does not have (a form's own fields, such as its file) are not sent.
 */
export function schemaFormData<S extends z.ZodObject>(
  schema: S,
  values: SchemaValues<S>,
  { files = {}, omitEmpty = false }: SchemaFormDataOptions = {},
): FormData {
  const body = new FormData();
  for (const key of schemaKeys(schema)) {
    const value = values[key];
    if (value === undefined) continue;
    if (omitEmpty && (value === null || value === '')) continue;
    body.set(key, value === null ? '' : String(value));
  }
  for (const [name, file] of Object.entries(files)) {
    if (file) body.set(name, file, file.name);
  }
  return body;
}
