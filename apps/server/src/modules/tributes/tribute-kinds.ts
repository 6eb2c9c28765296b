import {
  GALLERY_CAPTION_MAX,
  GALLERY_DATE_FUTURE,
  GALLERY_FILE_FIELDS,
  GALLERY_TITLE_MAX,
  GalleryDocumentFieldsSchema,
  GalleryPictureFieldsSchema,
  MemorabliaSchema,
  MemorialDocumentSchema,
  PhotoSchema,
  type GalleryDocumentFields,
  type GalleryPictureFields,
  type GalleryUploadFields,
  type Memorablia,
  type MemorialDocument,
  type Photo,
} from '@rips/shared/galleries';
import { KIND_PATHS, type KindPath } from '@rips/shared/kinds';
import { latestAllowedDate } from '@rips/shared/memorials';
import {
  CreateFlowerFieldsSchema,
  FlowerSchema,
  type CreateFlowerFields,
  type Flower,
  BOUQUET_IDS,
  type TributeKindName,
} from '@rips/shared/tributes';
import { z } from 'zod';
import { documents, flowers, memorabilia, photos, prayers } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { uploadForm } from '../../lib/multipart.js';
import {
  documentFields,
  memorabiliaFields,
  photoFields,
  type DocumentRow,
  type MemorabiliaRow,
  type PhotoRow,
} from '../galleries/galleries.presenter.js';
import { candleKind } from './candles.js';
import { textKind } from './text-kind.js';
import { defineKind, type TributeKind } from './tribute-kind.js';
import { flowerFields, type FlowerRow } from './tributes.presenter.js';

const FLOWER_NEEDED = 'Please choose a bouquet or a picture of a flower.';

/** A flower is either an uploaded picture (`flowerImg`) or one of the shipped bouquets (`bouquet`). */
export const flowerKind = defineKind<'flowers', FlowerRow, Flower, CreateFlowerFields>('flowers', {
  table: flowers,
  // The spec's clients send multipart; curl users send JSON. One zod schema parses both.
  upload: uploadForm(CreateFlowerFieldsSchema, { flowerImg: 'optional' }, { json: true }),
  schema: FlowerSchema,
  file: {
    form: 'image',
    field: 'flowerImg',
    folder: 'flowers',
    key: flowers.imageKey,
    bytes: flowers.byteSize,
    maxBytes: (config) => config.MAX_IMAGE_BYTES,
  },
  archive: {
    fields: z.object({ bouquet: z.enum(BOUQUET_IDS).nullable() }),
    write: (row) => ({ bouquet: row.bouquet }),
    values: (fields) => ({ bouquet: fields['bouquet'] }),
  },
  messages: { created: 'Flower Added Successfully', removed: 'Flower removed', listed: 'Flowers' },
  moderation: {
    preview: (urls, row) => ({
      text: null,
      image: urls.image(row)?.src ?? null,
      bouquet: row.bouquet,
    }),
  },
  check(fields, picture) {
    if (fields.bouquet && picture)
      throw AppError.validation('Choose a bouquet or upload a picture, not both.');
    if (!fields.bouquet && !picture)
      throw AppError.validation(FLOWER_NEEDED, [{ path: 'flowerImg', message: FLOWER_NEEDED }]);
  },
  values: (fields) => ({ bouquet: fields.bouquet ?? null }),
  present: flowerFields,
});

/** Words alone: everything about a prayer comes from its entry in the shared list of kinds. */
export const prayerKind = textKind('prayers', prayers);

/**
 * A gallery picture keeps the "Your Name" it was shared under, its caption and the day it shows
 * (the API's `caption` and `date`). Archives written before captions were kept have neither.
 */
const galleryArchive = {
  fields: z.object({
    name: z.string().max(200),
    caption: z.string().max(GALLERY_CAPTION_MAX).nullable().default(null),
    date: z.iso
      .date()
      .refine((date) => date <= latestAllowedDate(), GALLERY_DATE_FUTURE)
      .nullable()
      .default(null),
  }),
  write: (row: { name: string; caption: string | null; pictureDate: string | null }) => ({
    name: row.name,
    caption: row.caption,
    date: row.pictureDate,
  }),
  values: (fields: Record<string, unknown>) => ({
    name: fields['name'],
    caption: fields['caption'] || null,
    pictureDate: fields['date'] ?? null,
  }),
};

/** "Your Name" of the spec's gallery forms; left empty, the uploader's full name. */
const sharedBy = (fields: GalleryUploadFields, author: { fullName: string }) => ({
  name: fields.name || author.fullName,
});

/** A picture's row: who shares it, and its caption and date (empty or absent: null). */
const pictureValues = (fields: GalleryPictureFields, author: { fullName: string }) => ({
  ...sharedBy(fields, author),
  caption: fields.caption || null,
  pictureDate: fields.date ?? null,
});

/** A photo's place in the family's order travels with it: an archive restores the same order. */
const photoArchive = {
  fields: galleryArchive.fields.extend({
    position: z.number().int().min(-1_000_000_000).max(1_000_000_000).optional(),
  }),
  write: (row: PhotoRow) => ({ ...galleryArchive.write(row), position: row.position }),
  values: (fields: Record<string, unknown>) => ({
    ...galleryArchive.values(fields),
    ...(typeof fields['position'] === 'number' && { position: fields['position'] }),
  }),
};

export const photoKind = defineKind<'photos', PhotoRow, Photo, GalleryPictureFields>('photos', {
  table: photos,
  position: photos.position,
  upload: uploadForm(GalleryPictureFieldsSchema, { [GALLERY_FILE_FIELDS.photos]: 'required' }),
  schema: PhotoSchema,
  archive: photoArchive,
  file: {
    form: 'image',
    field: GALLERY_FILE_FIELDS.photos,
    folder: 'photos',
    key: photos.imageKey,
    bytes: photos.byteSize,
    required: 'Please select a photo to upload.',
    maxBytes: (config) => config.MAX_IMAGE_BYTES,
  },
  messages: {
    created: 'Photo Has Been Added Successfully',
    removed: 'Photo removed',
    listed: 'Photos',
  },
  moderation: null,
  values: pictureValues,
  present: photoFields,
});

export const memorabiliaKind = defineKind<
  'memorablias',
  MemorabiliaRow,
  Memorablia,
  GalleryPictureFields
>('memorablias', {
  table: memorabilia,
  upload: uploadForm(GalleryPictureFieldsSchema, {
    [GALLERY_FILE_FIELDS.memorablias]: 'required',
  }),
  schema: MemorabliaSchema,
  archive: galleryArchive,
  file: {
    form: 'image',
    field: GALLERY_FILE_FIELDS.memorablias,
    folder: 'memorabilia',
    key: memorabilia.imageKey,
    bytes: memorabilia.byteSize,
    required: 'Please select a memorablia image to upload.',
    maxBytes: (config) => config.MAX_IMAGE_BYTES,
  },
  messages: {
    created: 'Memorablia Has Been Added Successfully',
    removed: 'Memorablia removed',
    listed: 'Memorablia',
  },
  moderation: null,
  values: pictureValues,
  present: memorabiliaFields,
});

/** Kept byte for byte (a family's papers are not ours to re-encode) under a key the server makes. */
export const documentKind = defineKind<
  'documents',
  DocumentRow,
  MemorialDocument,
  GalleryDocumentFields
>('documents', {
  table: documents,
  upload: uploadForm(GalleryDocumentFieldsSchema, {
    [GALLERY_FILE_FIELDS.documents]: 'required',
  }),
  schema: MemorialDocumentSchema,
  // The type and size come from the file's own bytes when it is imported.
  archive: {
    fields: z.object({
      name: z.string().max(200),
      fileName: z.string().min(1).max(255),
      title: z.string().max(GALLERY_TITLE_MAX).nullable().default(null),
    }),
    write: (row) => ({
      name: row.name,
      fileName: row.fileName,
      mimeType: row.mimeType,
      title: row.title,
    }),
    values: (fields) => ({
      name: fields['name'],
      fileName: fields['fileName'],
      title: fields['title'] || null,
    }),
  },
  file: {
    form: 'document',
    field: GALLERY_FILE_FIELDS.documents,
    folder: 'documents',
    key: documents.fileKey,
    bytes: documents.sizeBytes,
    required: 'Please select a document to upload.',
    maxBytes: (config) => config.MAX_DOCUMENT_BYTES,
  },
  messages: {
    created: 'Document uploaded successfully',
    removed: 'Document removed',
    listed: 'Documents',
  },
  moderation: null,
  // The spec's document form shows "Your Name" disabled: always the uploader's full name.
  values: (fields, author) => ({ name: author.fullName, title: fields.title || null }),
  present: documentFields,
});

/**
 * Every kind of item left on a memorial, by its path in the shared list of kinds (a kind missing
 * here does not compile). The API routes, backup, the storage check, media serving, memorial
 * deletion, upload quotas and moderation all read this registry, so a new kind is one entry here
 * (with its table and shared schemas), not a change in each of them.
 */
export const TRIBUTE_KIND_BY_PATH = {
  flowers: flowerKind,
  prayers: prayerKind,
  candles: candleKind,
  photos: photoKind,
  memorablias: memorabiliaKind,
  documents: documentKind,
} satisfies { [P in KindPath]: TributeKind & { path: P } };

/** The same kinds, in the shared list's order. */
export const TRIBUTE_KINDS: readonly TributeKind[] = KIND_PATHS.map(
  (path) => TRIBUTE_KIND_BY_PATH[path],
);

/** The kinds administrators moderate, by the name moderation uses. */
export function moderatedKind(name: TributeKindName): TributeKind {
  const kind = TRIBUTE_KINDS.find((k) => k.moderation?.name === name);
  if (!kind) throw AppError.notFound('This kind of tribute does not exist.');
  return kind;
}
