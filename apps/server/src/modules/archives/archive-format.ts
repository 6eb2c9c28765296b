import {
  EVENT_ADDRESS_MAX,
  EVENT_KINDS,
  EVENT_NOTES_MAX,
  EVENT_PLACE_NAME_MAX,
  EVENT_TITLE_MAX,
  EVENT_URL_MAX,
  MAX_EVENTS,
  eventTimesProblem,
  isHttpsUrl,
  isTimeZone,
  parseLocal,
} from '@rips/shared/events';
import { z } from 'zod';
import {
  MEMORIAL_STORY_FIELDS,
  MEMORIAL_VISIBILITIES,
  TRIBUTE_MODERATIONS,
  GALLERY_AUDIENCES,
  type MemorialStoryField,
} from '@rips/shared/memorials';
import {
  CHARITY_NAME_MAX,
  CHARITY_NUMBER_MAX,
  CHARITY_REASON_MAX,
  CHARITY_URL_MAX,
  isCharityUrl,
  MAX_CHARITIES,
  MAX_MOMENTS,
  MOMENT_PLACE_MAX,
  MOMENT_TEXT_MAX,
  MOMENT_TITLE_MAX,
  momentDateProblem,
} from '@rips/shared/timeline';

/**
 * The memorial archive (docs/memorial-archive.md), a BagIt bag (RFC 8493) since version 2: one ZIP
 * holding the payload under `data/` (`index.html`, the memorial as a static site; `memorial.json`,
 * every field and item, this schema; `media/`, every stored file) and, beside it, the bag's tag
 * files (`bagit.txt`, `bag-info.txt`, `manifest-sha256.txt` over the payload,
 * `tagmanifest-sha256.txt` over the tag files, and an `index.html` that points to the payload's).
 * Version 1 had the payload at the top and `manifest.json` (the SHA-256 and size of every other
 * file) in place of the bag's files; it is still read. The version moves when a field changes
 * meaning, a required field is added or the layout changes; a reader refuses versions it does not
 * know.
 */
export const ARCHIVE_FORMAT = 'rips-memorial-archive';
export const ARCHIVE_VERSION = 2;
/** The version whose layout is not a bag (payload at the top, manifest.json). */
export const ARCHIVE_VERSION_UNBAGGED = 1;
export const MANIFEST_FORMAT = 'rips-archive-manifest';

/** The payload's files, relative to the payload's folder (`data/` in a bag, the top in version 1). */
export const ARCHIVE_FILES = {
  index: 'index.html',
  memorial: 'memorial.json',
  /** Version 1 only: superseded by the bag's manifest-sha256.txt. */
  manifest: 'manifest.json',
} as const;

/** The bag's own files (RFC 8493), at the top of the archive. */
export const BAG_FILES = {
  payload: 'data/',
  declaration: 'bagit.txt',
  info: 'bag-info.txt',
  manifest: 'manifest-sha256.txt',
  tagManifest: 'tagmanifest-sha256.txt',
  /** A tag file for people who unzip it: a page that leads to data/index.html. */
  index: 'index.html',
} as const;

/** Paths inside the archive: plain segments, no way out of the folder it is unpacked in. */
const ArchivePathSchema = z
  .string()
  .max(300)
  .regex(/^media\/[a-z0-9-]+(\/[A-Za-z0-9-]+)*\/[A-Za-z0-9-]+\.[a-z0-9]{1,5}$/, 'a media path');

const PersonSchema = z.object({ fullName: z.string().max(200) });
/** Someone with a role on the memorial (its owner, managers, contributors and viewers). */
const MemorialPersonSchema = PersonSchema.extend({
  role: z.enum(['owner', 'manager', 'contributor', 'viewer']),
});
const IsoDateTime = z.iso.datetime({ offset: true });
const CalendarDate = z.iso.date().nullable();

/** A stored picture: its size and every stored width, each a WebP file in the archive. */
export const ArchivePictureSchema = z.object({
  width: z.number().int().min(1).max(100_000),
  height: z.number().int().min(1).max(100_000),
  variants: z
    .array(z.object({ width: z.number().int().min(1).max(10_000), path: ArchivePathSchema }))
    .min(1)
    .max(8),
});
export type ArchivePicture = z.infer<typeof ArchivePictureSchema>;

/** A document kept byte for byte. */
export const ArchiveFileSchema = z.object({
  path: ArchivePathSchema,
  sizeBytes: z.number().int().min(1),
});
export type ArchiveFile = z.infer<typeof ArchiveFileSchema>;

/** What every item carries; each kind adds its own fields (its registry entry's `archive`). */
export const ArchiveItemBaseSchema = z.object({
  id: z.uuid(),
  author: PersonSchema,
  createdAt: IsoDateTime,
  picture: ArchivePictureSchema.nullable().optional(),
  file: ArchiveFileSchema.nullable().optional(),
});
export type ArchiveItemBase = z.infer<typeof ArchiveItemBaseSchema>;

/** A published moment of the life timeline, dated at its own precision. */
export const ArchiveMomentSchema = z
  .object({
    id: z.uuid(),
    year: z.number().int(),
    month: z.number().int().nullable(),
    day: z.number().int().nullable(),
    title: z.string().min(1).max(MOMENT_TITLE_MAX),
    text: z.string().max(MOMENT_TEXT_MAX),
    place: z.string().max(MOMENT_PLACE_MAX),
    author: PersonSchema,
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  })
  .superRefine((moment, ctx) => {
    const problem = momentDateProblem(moment);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['year'] });
  });
export type ArchiveMoment = z.infer<typeof ArchiveMomentSchema>;

/** A charity the family named in lieu of flowers. */
export const ArchiveCharitySchema = z.object({
  name: z.string().min(1).max(CHARITY_NAME_MAX),
  url: z.string().max(CHARITY_URL_MAX).refine(isCharityUrl, 'an https link'),
  registeredNumber: z.string().max(CHARITY_NUMBER_MAX),
  reason: z.string().max(CHARITY_REASON_MAX),
});
export type ArchiveCharity = z.infer<typeof ArchiveCharitySchema>;

/**
 * A service or event, with its times in its own zone; the answers people gave to it stay on
 * the site they gave them to (decision 0112).
 */
export const ArchiveEventSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(EVENT_KINDS),
    title: z.string().min(1).max(EVENT_TITLE_MAX),
    startsLocal: z.string().refine((v) => parseLocal(v) !== null, 'a date and time'),
    endsLocal: z.string().refine((v) => parseLocal(v) !== null, 'a date and time'),
    timeZone: z.string().refine(isTimeZone, 'an IANA time zone'),
    placeName: z.string().max(EVENT_PLACE_NAME_MAX),
    placeAddress: z.string().max(EVENT_ADDRESS_MAX),
    notes: z.string().max(EVENT_NOTES_MAX),
    livestreamUrl: z
      .string()
      .max(EVENT_URL_MAX)
      .refine((v) => v === '' || isHttpsUrl(v), 'an https link'),
    recordingUrl: z
      .string()
      .max(EVENT_URL_MAX)
      .refine((v) => v === '' || isHttpsUrl(v), 'an https link'),
    closed: z.boolean(),
    revision: z.number().int().min(0),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  })
  .superRefine((event, ctx) => {
    const problem = eventTimesProblem(event);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.path] });
  });
export type ArchiveEvent = z.infer<typeof ArchiveEventSchema>;

export const ArchiveMemorialSchema = z.object({
  id: z.uuid(),
  title: z.string().min(1).max(200),
  description: z.string().max(20_000),
  birthPlace: z.string().max(200),
  burial: z.string().max(200),
  plot: z.string().max(200),
  dateOfBirth: CalendarDate,
  deathDate: CalendarDate,
  traits: z.string().max(2000),
  /** The family's line on the printed poster; archives written before it was kept have none. */
  posterLine: z.string().max(200).default(''),
  tags: z.array(z.string().max(100)).max(200),
  reactions: z.number().int().min(0),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  sponsor: PersonSchema,
  people: z.array(MemorialPersonSchema).max(10_000),
  /** Who may see it and whether search engines may index it; an import keeps both. */
  visibility: z.enum(MEMORIAL_VISIBILITIES),
  indexable: z.boolean(),
  /** Whether flowers and prayers wait for a manager, and whether outsiders may ask to join. */
  tributeModeration: z.enum(TRIBUTE_MODERATIONS).default('open'),
  allowAccessRequests: z.boolean().default(false),
  /** Whether guests without an account may leave flowers and prayers (decision 0103). */
  allowGuestTributes: z.boolean().default(true),
  /** Whether visitors may light candles (decision 0111); older archives: yes. */
  allowCandles: z.boolean().default(true),
  /** Who may see its photos, memorabilia and documents; older archives: its people. */
  galleryAudience: z.enum(GALLERY_AUDIENCES).default('people'),
  /** Whether anyone may download the book of the public memorial (decision 0124); older archives: no. */
  allowPublicBook: z.boolean().default(false),
  /** Whether the calendar feed shows the yahrzeit, and whether the death was after sunset. */
  observeYahrzeit: z.boolean().default(false),
  diedAfterSunset: z.boolean().default(false),
  picture: ArchivePictureSchema.nullable(),
  /** Published moments in date order; archives written before the timeline have none. */
  timeline: z.array(ArchiveMomentSchema).max(MAX_MOMENTS).default([]),
  /** The charities named in lieu of flowers, in order; archives written before them have none. */
  charities: z.array(ArchiveCharitySchema).max(MAX_CHARITIES).default([]),
  /** Services and events, by start; archives written before them have none. */
  events: z.array(ArchiveEventSchema).max(MAX_EVENTS).default([]),
});
export type ArchiveMemorial = z.infer<typeof ArchiveMemorialSchema>;

/**
 * The memorial's own words and dates: carried as they are, into an archive and out of it. The
 * fields are the shared list's (`MEMORIAL_STORY_FIELDS`); one the archive's schema lacks does not
 * compile here.
 */
export function memorialStory(
  m: Pick<ArchiveMemorial, MemorialStoryField>,
): Pick<ArchiveMemorial, MemorialStoryField> {
  return Object.fromEntries(MEMORIAL_STORY_FIELDS.map((field) => [field, m[field]])) as Pick<
    ArchiveMemorial,
    MemorialStoryField
  >;
}

/** memorial.json before its items are read by each kind's own schema. */
export const MemorialArchiveSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.number().int(),
  exportedAt: IsoDateTime,
  /** The site it came from (PUBLIC_URL), for people reading it; never followed. */
  source: z.string().max(500),
  memorial: ArchiveMemorialSchema,
  /** By the API's name of each kind (flowers, prayers, photos, memorablias, documents). */
  items: z.record(z.string(), z.array(z.unknown()).max(100_000)),
});
export type MemorialArchive = z.infer<typeof MemorialArchiveSchema>;

/** manifest.json, in version 1 archives only. */
export const ManifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  version: z.literal(ARCHIVE_VERSION_UNBAGGED),
  algorithm: z.literal('sha256'),
  files: z
    .array(
      z.object({
        path: z.string().max(300),
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
        size: z.number().int().min(0),
      }),
    )
    .max(100_000),
});
export type Manifest = z.infer<typeof ManifestSchema>;
