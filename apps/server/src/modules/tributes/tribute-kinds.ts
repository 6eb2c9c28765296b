import {
  GALLERY_FILE_FIELDS,
  GalleryUploadFieldsSchema,
  MemorabliaSchema,
  MemorialDocumentSchema,
  PhotoSchema,
  type GalleryUploadFields,
  type Memorablia,
  type MemorialDocument,
  type Photo,
} from '@rips/shared/galleries';
import {
  CreateFlowerFieldsSchema,
  CreatePrayerSchema,
  FlowerSchema,
  PrayerSchema,
  type CreateFlowerFields,
  type CreatePrayer,
  type Flower,
  type Prayer,
  type TributeKindName,
} from '@rips/shared/tributes';
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
import type { TributeKind } from './tribute-kind.js';
import {
  flowerFields,
  prayerFields,
  type FlowerRow,
  type PrayerRow,
} from './tributes.presenter.js';

const FLOWER_NEEDED = 'Please choose a bouquet or a picture of a flower.';

/** A flower is either an uploaded picture (`flowerImg`) or one of the shipped bouquets (`bouquet`). */
export const flowerKind: TributeKind<FlowerRow, Flower, CreateFlowerFields> = {
  path: 'flowers',
  table: flowers,
  audience: 'everyone',
  creation: 'flowers',
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
  messages: { created: 'Flower Added Successfully', removed: 'Flower removed', listed: 'Flowers' },
  moderation: {
    name: 'flower',
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
};

export const prayerKind: TributeKind<PrayerRow, Prayer, CreatePrayer> = {
  path: 'prayers',
  table: prayers,
  audience: 'everyone',
  creation: 'prayers',
  // Form data labelled JSON from the spec's client, JSON from others; a file part is refused.
  upload: uploadForm(CreatePrayerSchema, {}, { json: true }),
  schema: PrayerSchema,
  file: null,
  messages: {
    created: 'Prayer Created Successfully',
    removed: 'Prayer removed',
    listed: 'Prayers',
  },
  moderation: {
    name: 'prayer',
    preview: (_urls, row) => ({ text: row.text, image: null, bouquet: null }),
  },
  values: (fields) => ({ text: fields.prayerText }),
  present: (_urls, row) => prayerFields(row),
};

/** "Your Name" of the spec's gallery forms; left empty, the uploader's full name. */
const sharedBy = (fields: GalleryUploadFields, author: { fullName: string }) => ({
  name: fields.name || author.fullName,
});

export const photoKind: TributeKind<PhotoRow, Photo, GalleryUploadFields> = {
  path: 'photos',
  table: photos,
  audience: 'contributors',
  // Photos, memorabilia and documents share one budget: they are one gallery upload form.
  creation: 'uploads',
  upload: uploadForm(GalleryUploadFieldsSchema, { [GALLERY_FILE_FIELDS.photos]: 'required' }),
  schema: PhotoSchema,
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
  values: sharedBy,
  present: photoFields,
};

export const memorabiliaKind: TributeKind<MemorabiliaRow, Memorablia, GalleryUploadFields> = {
  path: 'memorablias',
  table: memorabilia,
  audience: 'contributors',
  creation: 'uploads',
  upload: uploadForm(GalleryUploadFieldsSchema, {
    [GALLERY_FILE_FIELDS.memorablias]: 'required',
  }),
  schema: MemorabliaSchema,
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
  values: sharedBy,
  present: memorabiliaFields,
};

/** Kept byte for byte (a family's papers are not ours to re-encode) under a key the server makes. */
export const documentKind: TributeKind<DocumentRow, MemorialDocument, GalleryUploadFields> = {
  path: 'documents',
  table: documents,
  audience: 'contributors',
  creation: 'uploads',
  upload: uploadForm(GalleryUploadFieldsSchema, { [GALLERY_FILE_FIELDS.documents]: 'required' }),
  schema: MemorialDocumentSchema,
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
  values: (_fields, author) => ({ name: author.fullName }),
  present: documentFields,
};

/**
 * Every kind of item left on a memorial. The API routes, backup, the storage check, media
 * serving, memorial deletion, upload quotas and moderation all read this list, so a new kind is
 * one entry here (with its table and shared schemas), not a change in each of them.
 */
export const TRIBUTE_KINDS: readonly TributeKind[] = [
  flowerKind,
  prayerKind,
  photoKind,
  memorabiliaKind,
  documentKind,
];

/** The kinds administrators moderate, by the name moderation uses. */
export function moderatedKind(name: TributeKindName): TributeKind {
  const kind = TRIBUTE_KINDS.find((k) => k.moderation?.name === name);
  if (!kind) throw AppError.notFound('This kind of tribute does not exist.');
  return kind;
}
