import type { z } from 'zod';
import {
  GalleryDocumentFieldsSchema,
  GalleryPictureFieldsSchema,
  MemorabliaSchema,
  MemorialDocumentSchema,
  PhotoSchema,
} from './galleries.js';
import { KIND_PATHS, KINDS, type KindPath, type TextKindPath } from './kinds.js';
import {
  CandleSchema,
  CreateCandleSchema,
  CreateFlowerFieldsSchema,
  createTextSchema,
  FlowerSchema,
  textItemSchema,
} from './tributes.js';

/**
 * Each kind's schemas, by its path: `create`, the text fields its create call takes (a kind with
 * a file sends it beside them), and `item`, one item as its list answers it. A record over
 * `KindPath`, like the registries (./kinds.ts): a kind without its schemas does not compile. The
 * web draws its item types and its forms' fields from here, so a kind of words needs no web code
 * but its registry entry (docs/decisions/0096-web-forms-and-kinds-from-the-shared-schemas.md).
 *
 * Apart from ./kinds.ts, which stays plain data for the memorial page's first paint.
 */
/** The schemas of the kinds with fields or files of their own. */
const OWN_SCHEMAS = {
  flowers: { create: CreateFlowerFieldsSchema, item: FlowerSchema },
  candles: { create: CreateCandleSchema, item: CandleSchema },
  photos: { create: GalleryPictureFieldsSchema, item: PhotoSchema },
  memorablias: { create: GalleryPictureFieldsSchema, item: MemorabliaSchema },
  documents: { create: GalleryDocumentFieldsSchema, item: MemorialDocumentSchema },
} as const satisfies {
  [P in Exclude<KindPath, TextKindPath>]: { create: z.ZodObject; item: z.ZodObject };
};

/** The schemas of a kind of words, made from its entry in the list of kinds (decision 0099). */
type TextSchemas = {
  [P in TextKindPath]: {
    create: ReturnType<typeof createTextSchema<P>>;
    item: ReturnType<typeof textItemSchema<P>>;
  };
};
const TEXT_SCHEMAS = Object.fromEntries(
  KIND_PATHS.filter((path) => KINDS[path].text !== null).map((path) => [
    path,
    {
      create: createTextSchema(path as TextKindPath),
      item: textItemSchema(path as TextKindPath),
    },
  ]),
) as unknown as TextSchemas;

export const KIND_SCHEMAS: typeof OWN_SCHEMAS & TextSchemas = { ...OWN_SCHEMAS, ...TEXT_SCHEMAS };

/** One item of a kind, as its list answers it ("prayers": a `Prayer`). */
export type KindItem<P extends KindPath> = z.output<(typeof KIND_SCHEMAS)[P]['item']>;

/** The text fields a kind's create call takes, as a form sends them. */
export type KindCreateFields<P extends KindPath> = z.input<(typeof KIND_SCHEMAS)[P]['create']>;
