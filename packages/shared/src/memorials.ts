import { z } from 'zod';
import { MEMORIAL_VISIBILITIES } from './visibility.js';
import { blockText, lineText } from './text.js';
import type { FieldError } from './api.js';
import { envelope } from './envelope.js';

/**
 * Maximum lengths of a memorial's text fields (the spec names none). The description holds a
 * whole life story: 20,000 characters is about eight printed pages.
 */
export const MEMORIAL_LIMITS = {
  title: 120,
  description: 20_000,
  place: 200,
  traits: 500,
  /** The family's line on the printed poster: one line at the poster's type size. */
  posterLine: 90,
} as const;

/** Default and largest page of the memorial list: a first page stays small whatever the total. */
export const MEMORIAL_PAGE_DEFAULT = 12;
export const MEMORIAL_PAGE_MAX = 48;
/** Longest search text we accept; longer text cannot match a 120-character title anyway. */
export const SEARCH_MAX = 100;
/** Lists carry a shortened description (cards clamp it); the detail page has it whole. */
export const LIST_DESCRIPTION_CHARS = 300;

export const TITLE_REQUIRED = 'Please enter the name of the person you are remembering.';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * The earliest year a memorial date may name. Year 0 does not exist (and PostgreSQL refuses it),
 * and a year below 1000 is far likelier a typo ("0199" for "1999") than a real birth.
 */
export const MIN_DATE_YEAR = 1000;
export const EARLIEST_DATE = `${MIN_DATE_YEAR}-01-01`;

/**
 * "YYYY-MM-DD" (or an ISO date-time, whose date part is kept) when it names a real calendar day
 * in year MIN_DATE_YEAR or later. The day is built with `setUTCFullYear` and read back, because
 * `Date.UTC` and `new Date(text)` map years 0..99 to 1900..1999.
 */
export function normalizeDate(value: string): string | null {
  const match = ISO_DATE.exec(value.trim());
  if (!match) return null;
  const [, y, m, d] = match;
  const [year, month, day] = [Number(y), Number(m), Number(d)];
  if (year < MIN_DATE_YEAR) return null;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (
    Number.isNaN(date.getTime()) ||
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return null;
  }
  return `${y}-${m}-${d}`;
}

/**
 * The latest day a date may name: today where the day starts first (UTC+14), so nobody anywhere
 * is told that today is in the future.
 */
export function latestAllowedDate(now = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** One message for both rules of a death date, so the person reading it sees what is allowed. */
export const DEATH_DATE_RULE =
  'The date of death cannot be in the future or before the date of birth.';

/** The date rules of a memorial: neither date in the future, death not before birth. */
export function memorialDateErrors(
  dateOfBirth: string | null | undefined,
  deathDate: string | null | undefined,
  now = new Date(),
): FieldError[] {
  const errors: FieldError[] = [];
  const latest = latestAllowedDate(now);
  if (dateOfBirth && dateOfBirth > latest) {
    errors.push({ path: 'dateOfBirth', message: 'The date of birth cannot be in the future.' });
  }
  if ((deathDate && deathDate > latest) || (dateOfBirth && deathDate && deathDate < dateOfBirth)) {
    errors.push({ path: 'deathDate', message: DEATH_DATE_RULE });
  }
  return errors;
}

function text(max: number, label: string) {
  return lineText(label).max(max, `${label} must be at most ${max} characters.`);
}

function block(max: number, label: string) {
  return blockText(label).max(max, `${label} must be at most ${max} characters.`);
}

const DATE_FIELD_DESCRIPTION = `A real calendar day, YYYY-MM-DD, in the year ${MIN_DATE_YEAR} or later and not in the future; empty or null when not given.`;

/**
 * A date field of a form: empty means "not given" (null); anything else must be a real day. A
 * date picker holds null for "not given", so the web's forms check their values as they are.
 */
export const DateField = (label: string) =>
  z
    .string()
    .trim()
    .max(40, `${label} is not a valid date.`)
    .nullable()
    .transform((value, ctx) => {
      if (value === null || value === '' || value === 'null' || value === 'undefined') return null;
      // A date typed in parts (day, month, year) with one of them still missing.
      if (/^\d*-\d*-\d*$/.test(value) && value.split('-').some((part) => part === '')) {
        ctx.addIssue({ code: 'custom', message: `${label}: please give the day, month and year.` });
        return z.NEVER;
      }
      const date = normalizeDate(value);
      if (!date) {
        const year = Number(ISO_DATE.exec(value)?.[1] ?? NaN);
        ctx.addIssue({
          code: 'custom',
          message:
            year < MIN_DATE_YEAR
              ? `${label} must be in the year ${MIN_DATE_YEAR} or later.`
              : `${label} is not a valid date.`,
        });
        return z.NEVER;
      }
      return date;
    })
    // What the API document says a client may send (an ISO date-time's date is also read).
    .meta({
      anyOf: [
        { type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
        { type: 'string', const: '' },
        { type: 'null' },
      ],
      description: DATE_FIELD_DESCRIPTION,
    });

const memorialFieldShape = {
  title: text(MEMORIAL_LIMITS.title, 'The name').min(1, TITLE_REQUIRED),
  description: block(MEMORIAL_LIMITS.description, 'The description'),
  birthPlace: text(MEMORIAL_LIMITS.place, 'The birth place'),
  burial: text(MEMORIAL_LIMITS.place, 'The burial place'),
  plot: text(MEMORIAL_LIMITS.place, 'The plot'),
  dateOfBirth: DateField('The date of birth'),
  deathDate: DateField('The date of death').meta({
    description: `${DATE_FIELD_DESCRIPTION} ${DEATH_DATE_RULE}`,
  }),
  traits: text(MEMORIAL_LIMITS.traits, 'The traits'),
  posterLine: text(MEMORIAL_LIMITS.posterLine, 'The poster line'),
};

function checkDates(
  value: { dateOfBirth?: string | null; deathDate?: string | null },
  ctx: z.RefinementCtx,
): void {
  for (const error of memorialDateErrors(value.dateOfBirth, value.deathDate)) {
    ctx.addIssue({ code: 'custom', path: [error.path], message: error.message });
  }
}

export { MEMORIAL_VISIBILITIES, VISIBILITY_LABELS } from './visibility.js';
/** Whether new flowers and prayers appear at once or wait for a manager's approval. */
export const TRIBUTE_MODERATIONS = ['open', 'approve'] as const;

/**
 * Who may see a memorial's photos, memorabilia and documents: its `people` (owner, managers and
 * contributors: the spec's rule and the default) or every `visitors` who may see the memorial.
 * Adding to the galleries stays with the people either way.
 */
export const GALLERY_AUDIENCES = ['people', 'visitors'] as const;
export type GalleryAudience = (typeof GALLERY_AUDIENCES)[number];
/** The setting in the words the settings panel and the activity list use. */
export const GALLERY_AUDIENCE_LABELS: Record<GalleryAudience, string> = {
  people: 'The family: the owner, managers and contributors',
  visitors: 'Everyone who may see the memorial',
};

const MemorialVisibilityField = z.enum(MEMORIAL_VISIBILITIES, {
  error: 'Please choose who may see this memorial: public, unlisted, members or private.',
});
const TributeModerationField = z.enum(TRIBUTE_MODERATIONS, {
  error: 'Please choose open or approve for new flowers and prayers.',
});
/** A yes/no field of a form: multipart sends text. */
const BooleanField = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: 'Please answer true or false.' })
  .transform((v) => v === true || v === 'true');

/**
 * Text fields of the multipart create call; `postImg` travels beside them. The spec's `owner`
 * field is ignored: the owner is always the caller.
 */
export const CreateMemorialSchema = z
  .object({
    title: memorialFieldShape.title,
    description: memorialFieldShape.description.default(''),
    birthPlace: memorialFieldShape.birthPlace.default(''),
    burial: memorialFieldShape.burial.default(''),
    plot: memorialFieldShape.plot.default(''),
    dateOfBirth: memorialFieldShape.dateOfBirth.optional(),
    deathDate: memorialFieldShape.deathDate.optional(),
    traits: memorialFieldShape.traits.default(''),
    posterLine: memorialFieldShape.posterLine.default(''),
    visibility: MemorialVisibilityField.default('public'),
    indexable: BooleanField.default(true),
    tributeModeration: TributeModerationField.default('open'),
  })
  .superRefine(checkDates);
export type CreateMemorial = z.infer<typeof CreateMemorialSchema>;

/**
 * The memorial's own words and dates, in the order the forms show them: the one list that the
 * update call, the archive's story and the web's forms read. Create sets defaults of its own, so
 * it names them; a story field it forgets does not compile (`CreateTakesEveryStoryField`).
 */
export type MemorialStoryField = keyof typeof memorialFieldShape;
export const MEMORIAL_STORY_FIELDS = Object.keys(memorialFieldShape) as MemorialStoryField[];

/** The story's dates, whose empty value is null; its other fields are words, empty as ''. */
const MEMORIAL_DATE_FIELDS: readonly MemorialStoryField[] = ['dateOfBirth', 'deathDate'];

/** A story with nothing in it yet, every field of the list empty: Add a Rip's form starts here. */
export const EMPTY_MEMORIAL_STORY = Object.fromEntries(
  MEMORIAL_STORY_FIELDS.map((field) => [field, MEMORIAL_DATE_FIELDS.includes(field) ? null : '']),
) as { [F in MemorialStoryField]: z.input<(typeof memorialFieldShape)[F]> };
type Expect<T extends true> = T;
export type CreateTakesEveryStoryField = Expect<
  MemorialStoryField extends keyof CreateMemorial ? true : false
>;

/**
 * Text fields of the update calls (PATCH, PUT, POST update-post). Every field may be left out and
 * keeps its value; the dates are checked again against the stored ones by the server.
 */
export const UpdateMemorialSchema = z.object(memorialFieldShape).partial();
export type UpdateMemorial = z.infer<typeof UpdateMemorialSchema>;

export const DESCRIPTION_REQUIRED = 'Please enter a description.';

/** The profile's two update forms: the spec requires a title and a description there. */
export const PostUpdateFieldsSchema = z.object({
  title: memorialFieldShape.title,
  description: memorialFieldShape.description.min(1, DESCRIPTION_REQUIRED),
});
export type PostUpdateFields = z.infer<typeof PostUpdateFieldsSchema>;

export const UpdatePostIdSchema = z.object({
  postId: z.string().trim().min(1, 'Please choose the memorial to update.').max(64),
});

export const MemorialIdParamsSchema = z.object({ id: z.string().max(64) });

/** Without `limit`, `cursor` and `q` the list is unpaged up to MEMORIAL_UNPAGED_CAP (see below). */
export const MemorialListQuerySchema = z.object({
  q: z.string().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(MEMORIAL_PAGE_MAX).optional(),
  cursor: z.string().max(200).optional(),
});
export type MemorialListQuery = z.infer<typeof MemorialListQuerySchema>;

/** Control characters: never typed on purpose, and U+001F separates tags in the search column. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** The search text as the server uses it: trimmed, control characters removed, bounded. */
export function normalizeSearch(q: string | undefined): string {
  return (q ?? '').replace(CONTROL_CHARACTERS, ' ').trim().slice(0, SEARCH_MAX);
}

/** Most words a search matches on: more cannot narrow a name further, and each costs a scan. */
export const SEARCH_MAX_WORDS = 8;

/**
 * The words of a normalised search, each of which a memorial must contain (in its title,
 * description or tags, in any order, ignoring case and accents; the server folds both sides):
 * "Robert Hale" finds "Robert James Hale". Duplicates and
 * words contained in a longer word of the same search add nothing and are dropped.
 */
export function searchWords(search: string): string[] {
  const words = [...new Set(search.toLowerCase().split(/\s+/).filter(Boolean))];
  const kept = words.filter((w) => !words.some((other) => other !== w && other.includes(w)));
  return kept.slice(0, SEARCH_MAX_WORDS);
}

/** Body of PATCH /users/{userId}/roles (adds a contributor); the spec sends both ids. */
export const AddContributorSchema = z.object({
  postId: z.string().trim().min(1, 'Please choose a memorial.').max(64),
  userId: z
    .string()
    .trim()
    .max(64)
    .optional()
    .meta({ description: 'When given, the same member as the path’s `userId`.' }),
});
export type AddContributor = z.infer<typeof AddContributorSchema>;

export const UserIdParamsSchema = z.object({ userId: z.string().max(64) });

/** `/posts/{id}/contributors/{userId}`: a contributor of a memorial. */
export const ContributorParamsSchema = z.object({
  id: z.string().max(64),
  userId: z.string().max(64),
});

export const MemberSearchQuerySchema = z.object({
  q: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const ImageRefSchema = z.object({
  /** A mid-size variant, for clients that ignore srcset. */
  src: z.string(),
  srcSet: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ImageRef = z.infer<typeof ImageRefSchema>;

/** A memorial as lists show it (the spec's post; `owner` is the owner's user id). */
export const MemorialSummarySchema = z.object({
  _id: z.string(),
  owner: z.string().describe("The owner's user id."),
  title: z.string(),
  description: z.string(),
  birthPlace: z.string(),
  burial: z.string(),
  plot: z.string(),
  dateOfBirth: z.string().nullable(),
  deathDate: z.string().nullable(),
  traits: z.string(),
  tags: z.array(z.string()),
  /** The image URL the spec names; `image` adds the responsive variants. */
  postImg: z.string().nullable(),
  image: ImageRefSchema.nullable(),
  /** How many members like this memorial. */
  reactions: z.number().int(),
  likedByMe: z.boolean(),
  /** User ids of the contributors. */
  contributer: z.array(z.string()),
  createdAt: z.string(),
});
export type MemorialSummary = z.infer<typeof MemorialSummarySchema>;

export const MemorialAccessViewSchema = z.object({
  canManage: z.boolean(),
  canContribute: z.boolean(),
});
export type MemorialAccessView = z.infer<typeof MemorialAccessViewSchema>;

/** What the caller may do on a memorial's page, decided by the server so clients never recompute rights. */
export const MemorialAbilitiesSchema = z.object({
  update: z.boolean(),
  delete: z.boolean(),
  addContributor: z.boolean(),
  /** See the photos, memorabilia and documents. */
  viewGalleries: z.boolean(),
  addToGalleries: z.boolean(),
  /** Leave a flower or say a prayer. */
  leaveTribute: z.boolean(),
  /** Open the Manage area: settings, people, moderation, activity (owner, managers, admins). */
  manage: z.boolean(),
  /** Transfer ownership and name a successor (owner, admins). */
  transfer: z.boolean(),
  /** Download the memorial's whole archive (owner, managers; docs/memorial-archive.md). */
  export: z.boolean(),
  /**
   * Download the printed memorial book: owner, managers, and anyone while the memorial is public
   * and `allowPublicBook` is on (decision 0124).
   */
  book: z.boolean(),
});
export type MemorialAbilities = z.infer<typeof MemorialAbilitiesSchema>;

/** Who may see a memorial, in the words the create and settings forms use. */
export const MemorialVisibilitySchema = z.enum(MEMORIAL_VISIBILITIES, {
  error: 'Please choose who may see this memorial.',
});
export type MemorialVisibility = z.infer<typeof MemorialVisibilitySchema>;

export const TributeModerationSchema = z.enum(TRIBUTE_MODERATIONS, {
  error: 'Please choose how flowers and prayers are published.',
});
export type TributeModeration = z.infer<typeof TributeModerationSchema>;

export const GalleryAudienceSchema = z.enum(GALLERY_AUDIENCES, {
  error: 'Please choose who may see the galleries: people or visitors.',
});

/** A member's part in one memorial. */
export const MEMORIAL_ROLES = ['owner', 'manager', 'contributor', 'viewer'] as const;
export const MemorialRoleSchema = z.enum(MEMORIAL_ROLES);
export type MemorialRole = z.infer<typeof MemorialRoleSchema>;

/** The privacy and moderation settings, as the memorial read answers them. */
export const MemorialSettingsSchema = z.object({
  visibility: MemorialVisibilitySchema,
  /** Search engines may index the page; only ever true for a public memorial. */
  indexable: z.boolean(),
  tributeModeration: TributeModerationSchema,
  /** Outsiders of a private memorial may see its name and ask to join. */
  allowAccessRequests: z.boolean(),
  /** Visitors without an account may leave flowers and prayers as guests (decision 0103). */
  allowGuestTributes: z.boolean(),
  /** Visitors may light candles (decision 0111); the family can switch them off. */
  allowCandles: z.boolean(),
  /** Who may see the photos, memorabilia and documents. */
  galleryAudience: GalleryAudienceSchema,
  /** While the memorial is public, anyone may download its printed book (decision 0124). */
  allowPublicBook: z.boolean(),
  /** The calendar feed adds the yahrzeit, the anniversary of the death by the Hebrew calendar. */
  observeYahrzeit: z.boolean(),
  /** The death came after sunset, so its Hebrew date is the next day's. */
  diedAfterSunset: z.boolean(),
});
export type MemorialSettings = z.infer<typeof MemorialSettingsSchema>;

/** A memorial on its own page: the owner is named, and the caller's rights are given. */
export const MemorialDetailSchema = MemorialSummarySchema.extend({
  owner: z.object({ _id: z.string(), fullName: z.string() }),
  /** The line the family chose for the printed poster (empty: none). */
  posterLine: z.string(),
  /** The memorial's stable short link, absolute (`{PUBLIC_URL}/m/{code}`), for sharing and print. */
  shortUrl: z.string(),
  /**
   * The memorial's calendar feed of anniversaries, absolute (`{PUBLIC_URL}/m/{code}/calendar.ics`);
   * null when a calendar app, which signs in as nobody, could not read it (members-only and
   * private memorials).
   */
  calendarUrl: z.string().nullable(),
  access: MemorialAccessViewSchema,
  abilities: MemorialAbilitiesSchema,
  ...MemorialSettingsSchema.shape,
  /** The caller's role on this memorial, or null. */
  myRole: MemorialRoleSchema.nullable(),
  /**
   * For those who manage the memorial: how many flowers, prayers (every moderated kind) wait for
   * their approval. Null for everyone else.
   */
  pendingTributes: z.number().int().nullable(),
});
export type MemorialDetail = z.infer<typeof MemorialDetailSchema>;

/**
 * GET /posts without `limit`, `cursor` or `q` (the spec's client, which searches in the browser)
 * answers the newest memorials up to this cap in one go; `nextCursor` says whether more exist.
 */
export const MEMORIAL_UNPAGED_CAP = 500;

/**
 * GET /posts answers the array in `data`; the page size and next page's cursor go beside it,
 * and, when a search found nothing, the nearest names the searcher may see.
 */
export const MemorialPageSchema = envelope(z.array(MemorialSummarySchema)).extend({
  limit: z.number().int().describe('How many memorials this answer holds at most.'),
  nextCursor: z.string().nullable(),
  suggestions: z
    .array(z.string())
    .optional()
    .describe(
      'Only when `q` found nothing (first page): names of up to 3 memorials the searcher may see, ' +
        'nearest to `q` first ("Did you mean ...?"); empty when none is near or `q` has fewer than 3 letters.',
    ),
});
export type MemorialPage = z.infer<typeof MemorialPageSchema>;

export const LikeStateSchema = z.object({ reactions: z.number().int(), likedByMe: z.boolean() });
export type LikeState = z.infer<typeof LikeStateSchema>;

/** A member offered in the contributor picker. */
export const MemberOptionSchema = z.object({
  _id: z.string(),
  userName: z.string(),
  fullName: z.string(),
});
export type MemberOption = z.infer<typeof MemberOptionSchema>;

export const ContributorAddedSchema = z.object({
  postId: z.string(),
  contributer: z.array(z.string()),
});
export type ContributorAdded = z.infer<typeof ContributorAddedSchema>;

/** What removing a contributor answers: the memorial's remaining contributor ids. */
export type ContributorRemoved = ContributorAdded;

export const CONTRIBUTOR_REMOVED = 'The contributor has been removed from this rip.';

export const MemorialDeletedSchema = z.object({ _id: z.string() });

/** `GET /posts/{id}/poster.pdf?size=`: the paper sizes the poster is laid out for. */
export const POSTER_SIZES = ['a4', 'letter'] as const;
export type PosterSize = (typeof POSTER_SIZES)[number];

/** `?size=a4|letter` (default a4) of a printed file; another size is refused in `what`'s words. */
function printSizeQuery(what: string) {
  return z.object({
    size: z
      .string()
      .max(20)
      .optional()
      .transform((value, ctx): PosterSize => {
        const size = (value ?? 'a4').trim().toLowerCase() || 'a4';
        if ((POSTER_SIZES as readonly string[]).includes(size)) return size as PosterSize;
        ctx.addIssue({
          code: 'custom',
          message: `The ${what} size must be a4 or letter.`,
        });
        return z.NEVER;
      })
      .meta({ enum: [...POSTER_SIZES], default: 'a4' }),
  });
}

export const PosterQuerySchema = printSizeQuery('poster');
/** The memorial book's paper (decision 0124). */
export const BookQuerySchema = printSizeQuery('book');

/** Short link codes: 8 characters from an alphabet without look-alikes (no 0/o, 1/l/i). */
export const SHORT_CODE_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
export const SHORT_CODE_LENGTH = 8;
/**
 * An unlisted memorial's code, which is all that stands between it and a stranger: 18
 * characters, 18 × log2(31) ≈ 89.2 bits (decision 0086). Printed in three groups of six.
 */
export const UNLISTED_SHORT_CODE_LENGTH = 18;

export const ShortCodeParamsSchema = z.object({ code: z.string().max(64) });

/** `GET /posts/short/{code}`: the memorial a short link leads to, for whoever may see it. */
export const ShortLinkTargetSchema = z.object({ _id: z.string() });
export type ShortLinkTarget = z.infer<typeof ShortLinkTargetSchema>;
