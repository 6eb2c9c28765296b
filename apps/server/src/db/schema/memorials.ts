import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { IMPORT_STATES } from '@rips/shared/archives';
import {
  GALLERY_AUDIENCES,
  MEMORIAL_ROLES,
  MEMORIAL_VISIBILITIES,
  TRIBUTE_MODERATIONS,
} from '@rips/shared/memorials';
import { ACCESS_REQUEST_STATUSES, GRANTABLE_ROLES } from '@rips/shared/stewardship';
import { createdAt, id, oneOf, updatedAt } from './columns.js';
import { memberRef, users } from './users.js';

/** A member a memorial points at without owning the row: the pointer clears when they go. */
const optionalMemberRef = (column: string) =>
  uuid(column).references(() => users.id, { onDelete: 'set null' });

/** A memorial page ("Rip"). */
export const memorials = pgTable(
  'memorials',
  {
    id: id(),
    ownerId: memberRef('owner_id'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    birthPlace: text('birth_place').notNull().default(''),
    burial: text('burial').notNull().default(''),
    plot: text('plot').notNull().default(''),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    deathDate: date('death_date', { mode: 'string' }),
    traits: text('traits').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Tags joined by U+001F so a substring search never spans two tags. */
    tagsText: text('tags_text').notNull().default(''),
    /** Storage prefix of the image variants, with the widths that exist. */
    imageKey: text('image_key'),
    imageWidths: integer('image_widths')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    likesCount: integer('likes_count').notNull().default(0),
    /**
     * The code of the memorial's short link `/m/{code}`: made by the database on insert (and by a
     * trigger when a restore inserts none), from an alphabet without look-alike characters
     * (decision 0070). Never changes, so printed posters keep working, except that an unlisted
     * memorial's code is 18 characters, drawn anew when it becomes unlisted (the trigger and
     * the CHECK `memorials_unlisted_short_code_check` of migration 0011, decision 0086).
     */
    shortCode: text('short_code')
      .notNull()
      .default(sql`memorial_short_code()`),
    /** One line the family chose for the printed poster; empty: none. */
    posterLine: text('poster_line').notNull().default(''),
    featuredAt: timestamp('featured_at', { withTimezone: true }),
    visibility: text('visibility', { enum: MEMORIAL_VISIBILITIES }).notNull().default('public'),
    /** Search engines may index the page (public memorials only; otherwise always noindex). */
    indexable: boolean('indexable').notNull().default(true),
    tributeModeration: text('tribute_moderation', { enum: TRIBUTE_MODERATIONS })
      .notNull()
      .default('open'),
    /** Outsiders of a private memorial may see its name and ask to join. */
    allowAccessRequests: boolean('allow_access_requests').notNull().default(false),
    /** Visitors without an account may leave flowers and prayers as guests (decision 0103). */
    allowGuestTributes: boolean('allow_guest_tributes').notNull().default(true),
    /** Visitors may light candles (decision 0111); the family can switch them off. */
    allowCandles: boolean('allow_candles').notNull().default(true),
    /** Who may see the photos, memorabilia and documents: the memorial's people, or its visitors too. */
    galleryAudience: text('gallery_audience', { enum: GALLERY_AUDIENCES })
      .notNull()
      .default('people'),
    /**
     * Anyone who may see the memorial may download its printed book while it is public
     * (decision 0124); otherwise only the owner and managers may.
     */
    allowPublicBook: boolean('allow_public_book').notNull().default(false),
    /** The calendar feed adds the yahrzeit by the Hebrew calendar (decision 0109). */
    observeYahrzeit: boolean('observe_yahrzeit').notNull().default(false),
    /** The death came after sunset: its Hebrew date is the next day's (decision 0109). */
    diedAfterSunset: boolean('died_after_sunset').notNull().default(false),
    /**
     * The calendar feed's SEQUENCE: raised by the trigger `memorials_calendar_revision`
     * (migration 0022) whenever the name, a date or a yahrzeit setting changes, by any path.
     */
    calendarRevision: integer('calendar_revision').notNull().default(0),
    /** Who takes the memorial over when its owner's account is deleted. */
    successorId: optionalMemberRef('successor_id'),
    /** Ownership offered to this member, until they accept or the offer is withdrawn. */
    pendingOwnerId: optionalMemberRef('pending_owner_id'),
    /** When ownership was offered to `pendingOwnerId`: the offer lapses TRANSFER_OFFER_DAYS later. */
    pendingOwnerOfferedAt: timestamp('pending_owner_offered_at', { withTimezone: true }),
    /**
     * When its creator first opened the memorial (or put away the home page's "Your memorial is
     * ready" card): until then the card shows. Memorials made before the card have it set.
     */
    readySeenAt: timestamp('ready_seen_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('memorials_owner_idx').on(t.ownerId),
    index('memorials_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    // Text as search compares it, without accents or case (`search_fold`, migration 0017).
    index('memorials_title_trgm_idx').using('gin', sql`search_fold(${t.title}) gin_trgm_ops`),
    index('memorials_description_trgm_idx').using(
      'gin',
      sql`search_fold(${t.description}) gin_trgm_ops`,
    ),
    index('memorials_tags_trgm_idx').using('gin', sql`search_fold(${t.tagsText}) gin_trgm_ops`),
    // The memorial's words (see searchVocabulary): a rare search looks its words up here.
    index('memorials_search_words_idx').using(
      'gin',
      sql`memorial_search_words(${t.title}, ${t.description}, ${t.tagsText})`,
    ),
    // /media finds the memorial a picture belongs to before serving it without a signature.
    index('memorials_image_key_idx').on(t.imageKey),
    uniqueIndex('memorials_short_code_idx').on(t.shortCode),
    check('memorials_visibility_check', oneOf(t.visibility, MEMORIAL_VISIBILITIES)),
    check('memorials_tribute_moderation_check', oneOf(t.tributeModeration, TRIBUTE_MODERATIONS)),
    check('memorials_gallery_audience_check', oneOf(t.galleryAudience, GALLERY_AUDIENCES)),
  ],
);

/** The memorial a row belongs to: the row goes when the memorial does. */
export const memorialRef = () =>
  uuid('memorial_id')
    .notNull()
    .references(() => memorials.id, { onDelete: 'cascade' });

/** A member tied to a memorial, once: as a contributor, or as someone who likes it. */
function membersOfMemorial(name: string) {
  return pgTable(
    name,
    { memorialId: memorialRef(), userId: memberRef('user_id'), createdAt: createdAt() },
    (t) => [
      primaryKey({ columns: [t.memorialId, t.userId] }),
      index(`${name}_user_idx`).on(t.userId),
    ],
  );
}

export const memorialLikes = membersOfMemorial('memorial_likes');

/**
 * The memorial's people: one owner (also `memorials.owner_id`), managers, contributors and
 * viewers. The visibility rule and every right on a memorial read this table.
 */
export const memorialPeople = pgTable(
  'memorial_people',
  {
    memorialId: memorialRef(),
    userId: memberRef('user_id'),
    role: text('role', { enum: MEMORIAL_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.memorialId, t.userId] }),
    index('memorial_people_user_idx').on(t.userId),
    uniqueIndex('memorial_people_one_owner_key')
      .on(t.memorialId)
      .where(sql`${t.role} = 'owner'`),
    check('memorial_people_role_check', oneOf(t.role, MEMORIAL_ROLES)),
  ],
);

/** An emailed, single-use invitation to take a role on a memorial. */
export const memorialInvitations = pgTable(
  'memorial_invitations',
  {
    id: id(),
    memorialId: memorialRef(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    role: text('role', { enum: GRANTABLE_ROLES }).notNull(),
    /** SHA-256 of the emailed token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    invitedBy: optionalMemberRef('invited_by'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: optionalMemberRef('accepted_by'),
    /**
     * Set when the invitation stopped working before it was used: withdrawn, sent again (a new row
     * replaces it), or its sender lost the right to grant its role (decision 0084). The row stays,
     * so the sends to an address in a day are counted.
     */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('memorial_invitations_token_hash_key').on(t.tokenHash),
    index('memorial_invitations_memorial_idx').on(t.memorialId),
    index('memorial_invitations_email_idx').on(t.email, t.createdAt),
    index('memorial_invitations_invited_by_idx').on(t.invitedBy),
    check('memorial_invitations_role_check', oneOf(t.role, GRANTABLE_ROLES)),
  ],
);

/** An outsider's request to see a private memorial, answered by its managers. */
export const memorialAccessRequests = pgTable(
  'memorial_access_requests',
  {
    id: id(),
    memorialId: memorialRef(),
    userId: memberRef('user_id'),
    message: text('message').notNull().default(''),
    status: text('status', { enum: ACCESS_REQUEST_STATUSES }).notNull().default('pending'),
    decidedBy: optionalMemberRef('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('memorial_access_requests_memorial_idx').on(t.memorialId, t.status),
    uniqueIndex('memorial_access_requests_pending_key')
      .on(t.memorialId, t.userId)
      .where(sql`${t.status} = 'pending'`),
    check('memorial_access_requests_status_check', oneOf(t.status, ACCESS_REQUEST_STATUSES)),
  ],
);

/** A visitor's report of something left on a memorial, until a manager deals with it. */
export const tributeReports = pgTable(
  'tribute_reports',
  {
    id: id(),
    memorialId: memorialRef(),
    /** The item's kind by its API path (`flowers`, `prayers`, ...). */
    kind: text('kind').notNull(),
    itemId: uuid('item_id').notNull(),
    reporterId: memberRef('reporter_id'),
    reason: text('reason').notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('tribute_reports_memorial_idx').on(t.memorialId, t.resolvedAt),
    uniqueIndex('tribute_reports_once_key').on(t.kind, t.itemId, t.reporterId),
    index('tribute_reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} IS NULL`),
  ],
);

/**
 * What was done to a memorial's settings, people, ownership and tributes, by whom. Names are
 * copied in, so the record stays readable when people leave or delete their accounts.
 */
export const memorialActivity = pgTable(
  'memorial_activity',
  {
    id: id(),
    memorialId: memorialRef(),
    actorId: optionalMemberRef('actor_id'),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    targetName: text('target_name'),
    detail: text('detail').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('memorial_activity_memorial_idx').on(t.memorialId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * The digest of tributes awaiting approval that a memorial's managers get (decision 0106): when
 * the last one was sent, and when the next is due (null: none is scheduled). One row a memorial,
 * locked while a tribute schedules or a digest sends, so each is scheduled and sent once.
 */
export const tributeDigests = pgTable('tribute_digests', {
  memorialId: memorialRef().primaryKey(),
  dueAt: timestamp('due_at', { withTimezone: true }),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
});

/** What an emailed archive holds: one memorial's archive, or a member's take-out. */
export const ARCHIVE_KINDS = ['memorial', 'takeout'] as const;

/**
 * An archive built in the background (a memorial or a take-out too large to download at once),
 * from the moment it is asked for: while it is being built it has no token and no file; once
 * built, the ZIP is in storage under `exports/` and the single-use link emailed to whoever asked
 * (token stored hashed) works until `expiresAt`. One member has at most one archive waiting per
 * memorial and one take-out (`archive_downloads_pending_key`, made by hand in migration 0011),
 * and a periodic job removes expired rows with their files (docs/decisions/0082).
 */
export const archiveDownloads = pgTable(
  'archive_downloads',
  {
    id: id(),
    kind: text('kind', { enum: ARCHIVE_KINDS }).notNull().default('memorial'),
    /** The memorial archived; null for a take-out. */
    memorialId: uuid('memorial_id').references(() => memorials.id, { onDelete: 'cascade' }),
    userId: memberRef('user_id'),
    tokenHash: text('token_hash'),
    storageKey: text('storage_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    fileName: text('file_name'),
    /** While building: when the request is given up; once built: when the link stops working. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /**
     * The yearly copy (`yearly_copies`) this archive was built for: such archives are sent
     * without being asked for, so they never count as the member's own archive waiting
     * (`archive_downloads_pending_key` leaves them out since migration 0031).
     */
    copyId: uuid('copy_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('archive_downloads_token_hash_key').on(t.tokenHash),
    index('archive_downloads_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * Every word that appears, or once appeared, in a memorial's title, description or tags,
 * lower-cased and split on white space (`memorial_search_words`, a function of migration 0010;
 * since migration 0017 also without accents).
 * Kept by triggers on memorials, never written by the app, never backed up (derived data). A
 * search word is a substring of a memorial's text exactly when it is a substring of one of its
 * words, so a rare search finds the few words that contain it here, then the memorials holding
 * those words (docs/decisions/0079-search-vocabulary.md).
 */
export const searchVocabulary = pgTable(
  'search_vocabulary',
  {
    word: text('word').primaryKey(),
  },
  (t) => [index('search_vocabulary_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`)],
);

/**
 * A member's memorial import, run by a background job (docs/decisions/0080-imports-as-jobs.md):
 * the uploaded archive waits in storage under `storageKey` until the job has read it. At most one
 * import per member is queued or running at once (the partial unique index). `memorialId` is set
 * as soon as the job creates the memorial, so an attempt cut short can be undone by the next.
 */
export const memorialImports = pgTable(
  'memorial_imports',
  {
    id: id(),
    userId: memberRef('user_id'),
    state: text('state', { enum: IMPORT_STATES }).notNull().default('queued'),
    /** Why a failed import failed, in words for the member. */
    reason: text('reason'),
    memorialId: uuid('memorial_id').references(() => memorials.id, { onDelete: 'set null' }),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('memorial_imports_one_running_key')
      .on(t.userId)
      .where(sql`${t.state} in ('queued', 'running')`),
    // Made by hand in migration 0015; declared here so the schema and the database agree.
    check('memorial_imports_state_check', oneOf(t.state, IMPORT_STATES)),
  ],
);
