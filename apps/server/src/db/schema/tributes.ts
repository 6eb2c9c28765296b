import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  type ExtraConfigColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { ITEM_STATUSES } from '@rips/shared/tributes';
import { createdAt, id, oneOf } from './columns.js';
import { memorialRef } from './memorials.js';
import { users } from './users.js';

/**
 * What every item left on a memorial has: its id, its memorial and who left it. `authorName` is
 * set on items brought in from a memorial archive: their authors are accounts of another site,
 * so the importer owns the row and the author's name is kept as text, shown as "originally left
 * by …" (never as the owner). An item left by a guest without an account (decision 0103) has no
 * owner: `authorName` is the name the guest gave, until an account with the guest's confirmed
 * address claims it.
 */
const itemColumns = () => ({
  id: id(),
  memorialId: memorialRef(),
  ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
  /**
   * `published` shows to everyone; `pending` waits for a manager; `hidden` was taken down;
   * `returned` was sent back to its author with `returnNote` (decision 0117).
   */
  status: text('status', { enum: ITEM_STATUSES }).notNull().default('published'),
  authorName: text('author_name'),
  /** The family's note to the author while the item is `returned`; null otherwise. */
  returnNote: text('return_note'),
});

/**
 * A memorial's items newest first (lists page on it), a member's (upload quotas sum them), and a
 * status the product knows.
 */
function itemIndexes(
  name: string,
  t: Record<
    'id' | 'memorialId' | 'ownerId' | 'authorName' | 'createdAt' | 'status',
    ExtraConfigColumn
  >,
) {
  return [
    index(`${name}_memorial_idx`).on(t.memorialId, t.createdAt.desc(), t.id.desc()),
    index(`${name}_owner_idx`).on(t.ownerId),
    check(`${name}_status_check`, oneOf(t.status, ITEM_STATUSES)),
    // An item is a member's, or a guest's under the name they gave: never nobody's.
    check(`${name}_author_check`, sql`${t.ownerId} is not null or ${t.authorName} is not null`),
  ];
}

/** Image columns shared by every uploaded picture: a storage prefix and its variant widths. */
const imageColumns = () => ({
  imageKey: text('image_key'),
  imageWidths: integer('image_widths').array(),
  imageWidth: integer('image_width'),
  imageHeight: integer('image_height'),
  /** Bytes stored for all variants, counted against upload quotas (0 on rows older than quotas). */
  byteSize: bigint('byte_size', { mode: 'number' }).notNull().default(0),
});

/** A flower: an uploaded image, or one of the bouquets the product ships. */
export const flowers = pgTable(
  'flowers',
  { ...itemColumns(), ...imageColumns(), bouquet: text('bouquet'), createdAt: createdAt() },
  (t) => [
    ...itemIndexes('flowers', t),
    // /media finds the flower a picture belongs to before serving it without a signature.
    index('flowers_image_key_idx').on(t.imageKey),
  ],
);

/**
 * Words left on a memorial (prayers; any kind whose item is a text): one table per kind, all of
 * one shape, so a new text kind is one line here and its generated migration.
 */
function textItems(name: string) {
  return pgTable(
    name,
    { ...itemColumns(), text: text('text').notNull(), createdAt: createdAt() },
    (t) => itemIndexes(name, t),
  );
}

export const prayers = textItems('prayers');

/**
 * A candle: lit at `createdAt` (a guest's when its link is used), it burns 24 hours; the message
 * left with it is optional (null when none was).
 */
export const candles = pgTable(
  'candles',
  { ...itemColumns(), message: text('message'), createdAt: createdAt() },
  (t) => [
    ...itemIndexes('candles', t),
    // One candle per member per memorial per day is checked on this.
    index('candles_owner_memorial_idx').on(t.ownerId, t.memorialId, t.createdAt),
  ],
);

/**
 * A gallery picture (photos, memorabilia): who shares it ("Your Name"), its variants, and what
 * the family tells of it: a caption and the day it shows (both optional, null when not given).
 */
function galleryPictures(name: string) {
  return pgTable(
    name,
    {
      ...itemColumns(),
      ...imageColumns(),
      name: text('name').notNull().default(''),
      caption: text('caption'),
      pictureDate: date('picture_date', { mode: 'string' }),
      createdAt: createdAt(),
    },
    (t) => itemIndexes(name, t),
  );
}

/**
 * Photos, in the order the family chose: `position` ascending (a new photo goes first, as lists
 * showed them newest first before the family could order them; migration 0021 numbered the
 * photos already there newest first).
 */
export const photos = pgTable(
  'photos',
  {
    ...itemColumns(),
    ...imageColumns(),
    name: text('name').notNull().default(''),
    caption: text('caption'),
    pictureDate: date('picture_date', { mode: 'string' }),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    ...itemIndexes('photos', t),
    index('photos_memorial_position_idx').on(t.memorialId, t.position, t.id),
  ],
);

export const memorabilia = galleryPictures('memorabilia');

export const documents = pgTable(
  'documents',
  {
    ...itemColumns(),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    name: text('name').notNull().default(''),
    /** The title given when it was shared; null: lists show the file's name. */
    title: text('title'),
    createdAt: createdAt(),
  },
  (t) => itemIndexes('documents', t),
);

/**
 * A tribute a guest left without an account (decision 0103), from the moment it is sent: until
 * its emailed link is used it is only here (no list shows it); the link's use writes the item
 * into its kind's table (`itemId`). Only the SHA-256 of the link's token and of the guest's
 * lower-cased address are kept: the address is never stored, so no page can show it. A confirmed
 * row stays so an account later made with that address can claim the item.
 */
export const guestTributes = pgTable(
  'guest_tributes',
  {
    id: id(),
    memorialId: memorialRef(),
    /** The kind's API path (`prayers`). */
    kind: text('kind').notNull(),
    guestName: text('guest_name').notNull(),
    emailHash: text('email_hash').notNull(),
    /** The kind's own fields as sent (the words, the bouquet): never a file. */
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the link was used: the item exists from then. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    itemId: uuid('item_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('guest_tributes_token_idx').on(t.tokenHash),
    index('guest_tributes_email_idx').on(t.emailHash),
    index('guest_tributes_expiry_idx').on(t.expiresAt),
  ],
);
