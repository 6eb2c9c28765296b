import { z } from 'zod';
import { lineText } from './text.js';
import { DateField, latestAllowedDate } from './memorials.js';
import { PostIdSchema, ResponsiveImageSchema, TributeItemSchema } from './tributes.js';

export const GALLERY_NAME_MAX = 100;
/** Longest caption of a photo or a piece of memorabilia. */
export const GALLERY_CAPTION_MAX = 500;
/** Longest title of a document. */
export const GALLERY_TITLE_MAX = 200;
export const GALLERY_DATE_FUTURE = 'The date cannot be in the future.';

/**
 * Text fields of POST /photos, /memorablias and /documents; the file travels beside them.
 * `name` is the "Your Name" field of the spec's forms: who is sharing the item.
 */
export const GalleryUploadFieldsSchema = z.object({
  postId: PostIdSchema,
  name: lineText('Your name')
    .max(GALLERY_NAME_MAX, `Your name can be at most ${GALLERY_NAME_MAX} characters.`)
    .optional(),
});
export type GalleryUploadFields = z.infer<typeof GalleryUploadFieldsSchema>;

/**
 * What a family may tell of one picture (photo or memorabilia), both optional: a caption, and
 * the day it shows or was taken ("YYYY-MM-DD", a real day, not in the future). Empty means none.
 */
export const GalleryPictureDetailsSchema = z.object({
  caption: lineText('The caption')
    .max(GALLERY_CAPTION_MAX, `The caption can be at most ${GALLERY_CAPTION_MAX} characters.`)
    .optional(),
  date: DateField('The date')
    .refine((date) => date === null || date <= latestAllowedDate(), GALLERY_DATE_FUTURE)
    .optional(),
});
export type GalleryPictureDetails = z.infer<typeof GalleryPictureDetailsSchema>;

/** What a family may tell of one document: its title (optional; the file's name stands in). */
export const GalleryDocumentDetailsSchema = z.object({
  title: lineText('The title')
    .max(GALLERY_TITLE_MAX, `The title can be at most ${GALLERY_TITLE_MAX} characters.`)
    .optional(),
});
export type GalleryDocumentDetails = z.infer<typeof GalleryDocumentDetailsSchema>;

/** Text fields of POST /photos and /memorablias. */
export const GalleryPictureFieldsSchema = GalleryUploadFieldsSchema.extend(
  GalleryPictureDetailsSchema.shape,
);
export type GalleryPictureFields = z.infer<typeof GalleryPictureFieldsSchema>;

/** Text fields of POST /documents. */
export const GalleryDocumentFieldsSchema = GalleryUploadFieldsSchema.extend(
  GalleryDocumentDetailsSchema.shape,
);
export type GalleryDocumentFields = z.infer<typeof GalleryDocumentFieldsSchema>;

/** File field of each gallery upload, as the spec names them. */
export const GALLERY_FILE_FIELDS = {
  photos: 'photoImg',
  memorablias: 'memorabliaImg',
  documents: 'documentFile',
} as const;

/** What a gallery upload without its file is told (the spec names the document's). */
export const GALLERY_FILE_REQUIRED = {
  photos: 'Please select a photo to upload.',
  memorablias: 'Please select a memorablia image to upload.',
  documents: 'Please select a document to upload.',
} as const;

/** The document types a memorial keeps, by extension. */
export const DOCUMENT_TYPES = {
  pdf: { mimeType: 'application/pdf', label: 'PDF' },
  doc: { mimeType: 'application/msword', label: 'Word (.doc)' },
  docx: {
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    label: 'Word (.docx)',
  },
} as const;
export type DocumentType = keyof typeof DOCUMENT_TYPES;
/** For a file input's `accept`. */
export const DOCUMENT_ACCEPT = '.pdf,.doc,.docx';

/** A picture's caption and date as the API answers them: null when none was given. */
const pictureDetails = {
  caption: z.string().nullable(),
  date: z
    .string()
    .nullable()
    .describe('The day the picture shows, "YYYY-MM-DD"; null if not given.'),
};

export const PhotoSchema = TributeItemSchema.extend({
  name: z.string(),
  photoImg: z.string(),
  image: ResponsiveImageSchema,
  ...pictureDetails,
});
export type Photo = z.infer<typeof PhotoSchema>;

export const MemorabliaSchema = TributeItemSchema.extend({
  name: z.string(),
  memorabliaImg: z.string(),
  image: ResponsiveImageSchema,
  ...pictureDetails,
});
export type Memorablia = z.infer<typeof MemorabliaSchema>;

export const MemorialDocumentSchema = TributeItemSchema.extend({
  name: z.string(),
  /** An expiring link that downloads the file as an attachment. */
  documentFile: z.string().describe('An expiring link that downloads the file.'),
  /** The file's own name, as it was uploaded (sanitised). */
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  /** The title given when it was shared; null when none was (lists show `fileName` instead). */
  title: z.string().nullable(),
});
export type MemorialDocument = z.infer<typeof MemorialDocumentSchema>;

/** GET /uploads/limits: what an upload may be, shown beside a file picker before choosing. */
export const UploadLimitsSchema = z.object({
  /** Largest picture (photos, memorabilia, flowers, memorial and profile pictures), in bytes. */
  imageBytes: z.number().int(),
  /** Largest document, in bytes. */
  documentBytes: z.number().int(),
  imageTypes: z.string().describe('The picture types, in words ("JPEG, PNG, WebP, GIF or AVIF").'),
  documentTypes: z.string().describe('The document types, in words.'),
});
export type UploadLimits = z.infer<typeof UploadLimitsSchema>;

/** Most files one gallery form sends at once (each is its own upload, with its own result). */
export const GALLERY_FILES_AT_ONCE = 20;

/** The most photos one order may name: well above what a family shares, a bound on the request. */
export const PHOTO_ORDER_MAX = 2000;

/**
 * PUT /photos/post/{id}/order: every photo of the memorial, once each, first to last. Names
 * repeated, missing or not of the memorial are refused.
 */
export const PhotoOrderSchema = z
  .object({
    ids: z
      .array(z.string().max(100), { error: 'Please send the photos as a list of their ids.' })
      .min(1, 'Please send at least one photo.')
      .max(PHOTO_ORDER_MAX, `An order can name at most ${PHOTO_ORDER_MAX} photos.`),
  })
  .strict();
export type PhotoOrder = z.infer<typeof PhotoOrderSchema>;
