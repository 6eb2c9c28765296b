import { z } from 'zod';
import { PostIdSchema, type ResponsiveImage, type TributeItem } from './tributes.js';

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

export interface Photo extends TributeItem {
  name: string;
  photoImg: string;
  image: ResponsiveImage;
}

export interface Memorablia extends TributeItem {
  name: string;
  memorabliaImg: string;
  image: ResponsiveImage;
}

export interface MemorialDocument extends TributeItem {
  name: string;
  /** An expiring link that downloads the file as an attachment. */
  documentFile: string;
  /** The file's own name, as it was uploaded (sanitised). */
  fileName: string;
  mimeType: string;
  sizeBytes: number;
}
