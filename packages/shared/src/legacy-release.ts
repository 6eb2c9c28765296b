import { z } from 'zod';
import { lineText } from './text.js';

/*
 * A Life Legacy that reaches the right people after its member's death: stewards who may report
 * the death, what each entry releases and to whom, a waiting period the member can stop, and the
 * read-only access that follows (docs/decisions/0122-legacy-release.md).
 */

/** Who an entry, or a section as a whole, is released to after the member's death. */
export const LEGACY_MARKS = ['private', 'stewards', 'beneficiaries'] as const;
export type LegacyMark = (typeof LEGACY_MARKS)[number];
/** An entry's own mark, or `section`: the mark of its section. */
export const ENTRY_MARKS = ['section', ...LEGACY_MARKS] as const;
export type EntryMark = (typeof ENTRY_MARKS)[number];
/** A section as a whole is private or released to the stewards; beneficiaries are per entry. */
export const SECTION_MARKS = ['private', 'stewards'] as const;
export type SectionMark = (typeof SECTION_MARKS)[number];

/** The legacy's parts a mark applies to; `about` is the birth place and the description. */
export const LEGACY_SECTIONS = [
  'about',
  'accomplishments',
  'assets',
  'relationships',
  'bucketlists',
  'aspirations',
] as const;
export type LegacySection = (typeof LEGACY_SECTIONS)[number];

export const WAITING_DAYS = [1, 2, 7, 14, 30, 90] as const;
export const DEFAULT_WAITING_DAYS = 7;
export const INACTIVITY_MONTHS = [3, 6, 12, 18] as const;
export const MAX_STEWARDS = 10;
export const MAX_BENEFICIARIES_PER_ENTRY = 10;
/** How long a steward's invitation can be accepted. */
export const STEWARD_INVITATION_DAYS = 14;
/** How long released content can be read. */
export const ACCESS_MONTHS = 12;

const email = z
  .string({ error: 'Enter an email address.' })
  .trim()
  .toLowerCase()
  .max(254, 'An email address has at most 254 characters.')
  .pipe(z.email('Enter a valid email address, like name@example.org.'));

/** The release fields every legacy entry may carry (absent: it follows its section). */
export const EntryReleaseFields = {
  release: z
    .enum(ENTRY_MARKS, { error: 'Choose who this entry is released to.' })
    .default('section'),
  releaseTo: z
    .array(email)
    .max(
      MAX_BENEFICIARIES_PER_ENTRY,
      `An entry may name at most ${MAX_BENEFICIARIES_PER_ENTRY} beneficiaries.`,
    )
    .default([]),
};

/** An entry released to beneficiaries must name them. */
export function requireBeneficiaries(
  entry: { release: EntryMark; releaseTo: string[] },
  ctx: z.RefinementCtx,
): void {
  if (entry.release === 'beneficiaries' && entry.releaseTo.length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['releaseTo'],
      message: 'Name at least one beneficiary by email, or choose another release.',
    });
  }
}

export const SectionMarksSchema = z
  .object(
    Object.fromEntries(
      LEGACY_SECTIONS.map((s) => [
        s,
        z.enum(SECTION_MARKS, { error: 'Choose private or to my stewards.' }).default('private'),
      ]),
    ) as Record<
      LegacySection,
      z.ZodDefault<z.ZodEnum<{ private: 'private'; stewards: 'stewards' }>>
    >,
  )
  .strict();
export type SectionMarks = z.output<typeof SectionMarksSchema>;

export const SaveLegacyRulesSchema = z
  .object({
    reportsNeeded: z.union([z.literal(1), z.literal(2)], {
      error: 'Choose whether one steward or two must report.',
    }),
    waitingDays: z
      .number({ error: 'Choose a waiting period.' })
      .refine((d) => (WAITING_DAYS as readonly number[]).includes(d), {
        message: `Choose a waiting period of ${WAITING_DAYS.join(', ')} days.`,
      }),
    inactivityMonths: z
      .number()
      .refine((m) => (INACTIVITY_MONTHS as readonly number[]).includes(m), {
        message: `Choose ${INACTIVITY_MONTHS.join(', ')} months, or no inactivity trigger.`,
      })
      .nullable(),
    sections: SectionMarksSchema,
  })
  .strict();
export type SaveLegacyRules = z.input<typeof SaveLegacyRulesSchema>;

export const InviteStewardSchema = z.object({ email }).strict();

/** A token from an emailed link, sent back in a body (never in a path). */
export const LinkTokenSchema = z
  .object({ token: z.string({ error: 'The link is incomplete.' }).min(10).max(200) })
  .strict();

export const STEWARD_STATES = ['invited', 'active', 'expired'] as const;
export const StewardSchema = z.object({
  _id: z.string(),
  email: z.string(),
  /** The member's name once they accepted; null while invited. */
  fullName: z.string().nullable(),
  state: z.enum(STEWARD_STATES),
  invitedAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export type Steward = z.infer<typeof StewardSchema>;

/**
 * A release's states (docs/decisions/0122-legacy-release.md): `reported` waits for a second
 * steward; `waiting` runs the waiting period; then `released`, or `stopped` by the member,
 * `withdrawn` (the reporting stewards left), `revoked` (the member withdrew the access) or
 * `expired` (the access's months passed).
 */
export const RELEASE_STATES = [
  'reported',
  'waiting',
  'stopped',
  'withdrawn',
  'released',
  'revoked',
  'expired',
] as const;
export type ReleaseState = (typeof RELEASE_STATES)[number];
export const OPEN_RELEASE_STATES: readonly ReleaseState[] = ['reported', 'waiting'];

export const ReleaseSchema = z.object({
  _id: z.string(),
  state: z.enum(RELEASE_STATES),
  trigger: z.enum(['report', 'inactivity']),
  reports: z.array(z.object({ stewardName: z.string(), reportedAt: z.string() })),
  reportsNeeded: z.number(),
  startedAt: z.string(),
  /** When the waiting period ends, while it runs. */
  endsAt: z.string().nullable(),
  releasedAt: z.string().nullable(),
  /** Until when released content can be read. */
  accessUntil: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type Release = z.infer<typeof ReleaseSchema>;

export const AccessViewSchema = z.object({
  email: z.string(),
  kind: z.enum(['view', 'download']),
  at: z.string(),
});

/** The member's own page of rules, stewards and any release. */
export const LegacyPlanSchema = z.object({
  reportsNeeded: z.number(),
  /** 2 while any asset is marked for release: one steward alone never opens assets. */
  effectiveReportsNeeded: z.number(),
  waitingDays: z.number(),
  inactivityMonths: z.number().nullable(),
  sections: SectionMarksSchema,
  stewards: z.array(StewardSchema),
  /** The member's ownership successor on a memorial, offered as the first steward. */
  offeredSteward: z.object({ email: z.string(), fullName: z.string() }).nullable(),
  release: ReleaseSchema.nullable(),
  views: z.array(AccessViewSchema),
});
export type LegacyPlan = z.infer<typeof LegacyPlanSchema>;

/** What a steward sees of a member they look after. */
export const StewardshipSchema = z.object({
  _id: z.string(),
  memberName: z.string(),
  release: ReleaseSchema.pick({
    state: true,
    reportsNeeded: true,
    endsAt: true,
    accessUntil: true,
  })
    .extend({
      reportedByMe: z.boolean(),
      reportCount: z.number(),
      /** The date of death the first report gave, `YYYY-MM-DD`. */
      deathDate: z.string().nullable(),
    })
    .nullable(),
  /** After release: the memorial a steward started from the legacy, if any. */
  memorialId: z.string().nullable(),
});
export type Stewardship = z.infer<typeof StewardshipSchema>;

export const ReportDeathSchema = z
  .object({
    dateOfDeath: z
      .string({ error: 'Enter the date of death.' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date of death as YYYY-MM-DD.'),
  })
  .strict();

export const StartMemorialSchema = z
  .object({
    title: lineText('The name', { error: 'Enter the name for the memorial.' })
      .min(1, 'Enter the name for the memorial.')
      .max(100, 'The name has at most 100 characters.'),
    dateOfBirth: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date of birth as YYYY-MM-DD.')
      .nullable(),
    deathDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date of death as YYYY-MM-DD.'),
  })
  .strict();

/** A released entry as its reader sees it: the fields the member wrote. */
export const ReleasedEntrySchema = z.record(z.string(), z.string());

/** Exactly the part released to one reader. */
export const ReleasedLegacySchema = z.object({
  memberName: z.string(),
  releasedAt: z.string(),
  accessUntil: z.string(),
  /** The birth place and description, when `about` was released to this reader. */
  about: z.object({ birthPlace: z.string(), description: z.string() }).nullable(),
  accomplishments: z.array(ReleasedEntrySchema),
  assets: z.array(ReleasedEntrySchema),
  relationships: z.array(ReleasedEntrySchema),
  bucketlists: z.array(ReleasedEntrySchema),
  aspirations: z.array(ReleasedEntrySchema),
});
export type ReleasedLegacy = z.infer<typeof ReleasedLegacySchema>;
