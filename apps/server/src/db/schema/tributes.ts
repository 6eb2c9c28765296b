import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { memorials } from './memorials.js';
import { users } from './users.js';

const memorialRef = () =>
  uuid('memorial_id')
    .notNull()
    .references(() => memorials.id, { onDelete: 'cascade' });
const ownerRef = () =>
  uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

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
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memorialId: memorialRef(),
    ownerId: ownerRef(),
    ...imageColumns(),
    bouquet: text('bouquet'),
    createdAt: createdAt(),
  },
  (t) => [
    index('flowers_memorial_idx').on(t.memorialId, t.createdAt.desc(), t.id.desc()),
    // Upload quotas sum a member's uploads.
    index('flowers_owner_idx').on(t.ownerId),
    // /media finds the flower a picture belongs to before serving it without a signature.
    index('flowers_image_key_idx').on(t.imageKey),
  ],
);

export const prayers = pgTable(
  'prayers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memorialId: memorialRef(),
    ownerId: ownerRef(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('prayers_memorial_idx').on(t.memorialId, t.createdAt.desc(), t.id.desc())],
);

export const photos = pgTable(
  'photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memorialId: memorialRef(),
    ownerId: ownerRef(),
    ...imageColumns(),
    name: text('name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('photos_memorial_idx').on(t.memorialId, t.createdAt.desc(), t.id.desc()),
    // Upload quotas sum a member's uploads.
    index('photos_owner_idx').on(t.ownerId),
  ],
);

export const memorabilia = pgTable(
  'memorabilia',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memorialId: memorialRef(),
    ownerId: ownerRef(),
    ...imageColumns(),
    name: text('name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('memorabilia_memorial_idx').on(t.memorialId, t.createdAt.desc(), t.id.desc()),
    // Upload quotas sum a member's uploads.
    index('memorabilia_owner_idx').on(t.ownerId),
  ],
);

export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memorialId: memorialRef(),
    ownerId: ownerRef(),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    name: text('name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('documents_memorial_idx').on(t.memorialId, t.createdAt.desc(), t.id.desc()),
    // Upload quotas sum a member's uploads.
    index('documents_owner_idx').on(t.ownerId),
  ],
);
