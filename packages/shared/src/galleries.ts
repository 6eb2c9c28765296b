import { z } from 'zod';
import { PostIdSchema, ResponsiveImageSchema, TributeItemSchema } from './tributes.js';

export const GALLERY_NAME_MAX = 100;

/**
 * Text fields of POST /photos, /memorablias and /documents; the file travels beside them.
 * `name` is the "Your Name" field of the spec's forms: who is sharing the item.
 */
export const GalleryUploadFieldsSchema = z.object({
  postId: PostIdSchema,
  name: z
    .string()
    .trim()
    .max(GALLERY_NAME_MAX, `Your name can be at most ${GALLERY_NAME_MAX} characters.`)
    .optional(),
});
export type GalleryUploadFields = z.infer<typeof GalleryUploadFieldsSchema>;

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

export const PhotoSchema = TributeItemSchema.extend({
  name: z.string(),
  photoImg: z.string(),
  image: ResponsiveImageSchema,
});
export type Photo = z.infer<typeof PhotoSchema>;

export const MemorabliaSchema = TributeItemSchema.extend({
  name: z.string(),
  memorabliaImg: z.string(),
  image: ResponsiveImageSchema,
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
});
export type MemorialDocument = z.infer<typeof MemorialDocumentSchema>;
