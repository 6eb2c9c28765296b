import { z } from 'zod';
import { ENTRY_MARKS, EntryReleaseFields, requireBeneficiaries } from './legacy-release.js';
import { BLOCK_TEXT_PATTERN, blockText, LINE_TEXT_PATTERN, lineText } from './text.js';

export const LEGACY_SECTION_MAX_ENTRIES = 50;
export const LEGACY_MIN_YEAR = 1900;

/**
 * Text the spec's form sends; a number (an asset's value typed in a number box) is taken as text.
 * One line unless `lines` is 'block' (the form's text areas).
 */
const text = (label: string, max: number, lines: 'line' | 'block' = 'line') =>
  z
    .union([z.string({ error: `${label} is required.` }), z.number()], {
      error: `${label} is required.`,
    })
    .transform((v) => String(v))
    .pipe(
      (lines === 'line' ? lineText(label) : blockText(label))
        .min(1, `${label} is required.`)
        .max(max, `${label} must be at most ${max} characters.`),
    )
    // The API document states the text's rules, which JSON Schema applies to strings alone.
    .meta({
      minLength: 1,
      maxLength: max,
      pattern: lines === 'line' ? LINE_TEXT_PATTERN : BLOCK_TEXT_PATTERN,
      description: `Text (a number is taken as text), trimmed, up to ${max} characters${lines === 'line' ? ' on one line' : ''}.`,
    });

/** `YYYY-MM-DD`, optionally with a time: the spec's form defaults its dates to today. */
const DATE_WITH_YEAR = /^(\d{4})-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A year between 1900 and the current year, stored with 4 digits. Accepts the year itself (text
 * or number) or a date string, whose year is kept.
 */
export const LegacyYearSchema = z
  .union([z.string(), z.number().int()])
  .transform((v) => {
    const value = String(v).trim();
    return DATE_WITH_YEAR.exec(value)?.[1] ?? value;
  })
  .refine((v) => /^\d{4}$/.test(v), 'Year must have 4 digits, or be a date (YYYY-MM-DD).')
  .refine((v) => Number(v) >= LEGACY_MIN_YEAR && Number(v) <= new Date().getFullYear(), {
    error: () => `Year must be between ${LEGACY_MIN_YEAR} and ${new Date().getFullYear()}.`,
  })
  // The rules above, as the API document states them (the current year moves, so in words).
  .meta({
    pattern: `^\\s*(?:\\d{4}|${DATE_WITH_YEAR.source.slice(1, -1)})\\s*$`,
    minimum: LEGACY_MIN_YEAR,
    description: `A year from ${LEGACY_MIN_YEAR} to the current one: four digits, a number, or a date (YYYY-MM-DD) whose year is kept.`,
  });

export const AccomplishmentSchema = z
  .object({
    description: text('Description', 1000, 'block'),
    from: LegacyYearSchema,
    to: LegacyYearSchema.meta({
      description: `A year from ${LEGACY_MIN_YEAR} to the current one, not before \`from\`: four digits, a number, or a date (YYYY-MM-DD) whose year is kept.`,
    }),
    beneficiaries: text('Beneficiaries', 500),
    ...EntryReleaseFields,
  })
  .refine((v) => Number(v.from) <= Number(v.to), {
    message: 'The start year must not be after the end year.',
    path: ['to'],
  })
  .superRefine(requireBeneficiaries);

export const AssetSchema = z
  .object({
    item: text('Item', 200),
    description: text('Description', 1000, 'block'),
    value: text('Value', 100),
    beneficiaries: text('Beneficiaries', 500),
    ...EntryReleaseFields,
  })
  .superRefine(requireBeneficiaries);

export const RelationshipSchema = z
  .object({
    name: text('Name', 100),
    lastName: text('Last name', 100),
    relationship: text('Relationship', 100),
    ...EntryReleaseFields,
  })
  .superRefine(requireBeneficiaries);

/** `description` is shown as the bucket list's "Place" column, as in the spec. */
export const BucketListItemSchema = z
  .object({
    type: text('Type', 100),
    description: text('Place', 500),
    status: text('Status', 100),
    ...EntryReleaseFields,
  })
  .superRefine(requireBeneficiaries);

export const AspirationSchema = z
  .object({
    name: text('Name', 200),
    description: text('Description', 1000, 'block'),
    comment: text('Comment', 1000, 'block'),
    ...EntryReleaseFields,
  })
  .superRefine(requireBeneficiaries);

const section = <T extends z.ZodType>(entry: T, label: string) =>
  z
    .array(entry)
    .max(
      LEGACY_SECTION_MAX_ENTRIES,
      `${label} may have at most ${LEGACY_SECTION_MAX_ENTRIES} entries.`,
    )
    .default([]);

/**
 * The spec's legacy object. A `userId` in the body is ignored: the legacy always belongs to the
 * signed-in member (unknown keys are dropped).
 */
export const SaveLegacySchema = z.object({
  birthPlace: text('Birth place', 200),
  description: text('Description', 5000, 'block'),
  accomplishments: section(AccomplishmentSchema, 'Accomplishments'),
  assets: section(AssetSchema, 'Assets'),
  relationships: section(RelationshipSchema, 'Relationships'),
  bucketlists: section(BucketListItemSchema, 'Bucket list'),
  aspirations: section(AspirationSchema, 'Aspirations'),
});
export type SaveLegacy = z.input<typeof SaveLegacySchema>;
export type SaveLegacyParsed = z.output<typeof SaveLegacySchema>;

/**
 * A section entry as stored and answered: every field is text (years as 4 digits), with who it is
 * released to after the member's death.
 */
const plain = <K extends string>(...keys: K[]) =>
  z
    .object(Object.fromEntries(keys.map((k) => [k, z.string()])) as Record<K, z.ZodString>)
    .extend({ release: z.enum(ENTRY_MARKS), releaseTo: z.array(z.string()) });

export const AccomplishmentViewSchema = plain('description', 'from', 'to', 'beneficiaries');
export type Accomplishment = z.infer<typeof AccomplishmentViewSchema>;
export const AssetViewSchema = plain('item', 'description', 'value', 'beneficiaries');
export type Asset = z.infer<typeof AssetViewSchema>;
export const RelationshipViewSchema = plain('name', 'lastName', 'relationship');
export type Relationship = z.infer<typeof RelationshipViewSchema>;
export const BucketListItemViewSchema = plain('type', 'description', 'status');
export type BucketListItem = z.infer<typeof BucketListItemViewSchema>;
export const AspirationViewSchema = plain('name', 'description', 'comment');
export type Aspiration = z.infer<typeof AspirationViewSchema>;

export const LegacySchema = z.object({
  _id: z.string(),
  userId: z.string(),
  birthPlace: z.string(),
  description: z.string(),
  accomplishments: z.array(AccomplishmentViewSchema),
  assets: z.array(AssetViewSchema),
  relationships: z.array(RelationshipViewSchema),
  bucketlists: z.array(BucketListItemViewSchema),
  aspirations: z.array(AspirationViewSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Legacy = z.infer<typeof LegacySchema>;
