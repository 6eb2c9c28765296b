import { z } from 'zod';

export const LEGACY_SECTION_MAX_ENTRIES = 50;
export const LEGACY_MIN_YEAR = 1900;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

/** A year between 1900 and the current year, written with 4 digits; numbers are accepted too. */
export const LegacyYearSchema = z
  .union([z.string(), z.number().int()])
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{4}$/.test(v), 'Year must have 4 digits.')
  .refine((v) => Number(v) >= LEGACY_MIN_YEAR && Number(v) <= new Date().getFullYear(), {
    error: () => `Year must be between ${LEGACY_MIN_YEAR} and ${new Date().getFullYear()}.`,
  });

export const AccomplishmentSchema = z
  .object({
    description: text('Description', 1000),
    from: LegacyYearSchema,
    to: LegacyYearSchema,
    beneficiaries: text('Beneficiaries', 500),
  })
  .refine((v) => Number(v.from) <= Number(v.to), {
    message: 'The start year must not be after the end year.',
    path: ['to'],
  });

export const AssetSchema = z.object({
  item: text('Item', 200),
  description: text('Description', 1000),
  value: text('Value', 100),
  beneficiaries: text('Beneficiaries', 500),
});

export const RelationshipSchema = z.object({
  name: text('Name', 100),
  lastName: text('Last name', 100),
  relationship: text('Relationship', 100),
});

/** `description` is shown as the bucket list's "Place" column, as in the spec. */
export const BucketListItemSchema = z.object({
  type: text('Type', 100),
  description: text('Place', 500),
  status: text('Status', 100),
});

export const AspirationSchema = z.object({
  name: text('Name', 200),
  description: text('Description', 1000),
  comment: text('Comment', 1000),
});

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
  description: text('Description', 5000),
  accomplishments: section(AccomplishmentSchema, 'Accomplishments'),
  assets: section(AssetSchema, 'Assets'),
  relationships: section(RelationshipSchema, 'Relationships'),
  bucketlists: section(BucketListItemSchema, 'Bucket list'),
  aspirations: section(AspirationSchema, 'Aspirations'),
});
export type SaveLegacy = z.input<typeof SaveLegacySchema>;
export type SaveLegacyParsed = z.output<typeof SaveLegacySchema>;

export interface Accomplishment {
  description: string;
  from: string;
  to: string;
  beneficiaries: string;
}
export interface Asset {
  item: string;
  description: string;
  value: string;
  beneficiaries: string;
}
export interface Relationship {
  name: string;
  lastName: string;
  relationship: string;
}
export interface BucketListItem {
  type: string;
  description: string;
  status: string;
}
export interface Aspiration {
  name: string;
  description: string;
  comment: string;
}

export interface Legacy {
  _id: string;
  userId: string;
  birthPlace: string;
  description: string;
  accomplishments: Accomplishment[];
  assets: Asset[];
  relationships: Relationship[];
  bucketlists: BucketListItem[];
  aspirations: Aspiration[];
  createdAt: string;
  updatedAt: string;
}

/** GET /legacies answers a list, as the spec says: the caller's own legacy, or none. */
export interface LegacyList {
  data: Legacy[];
}
