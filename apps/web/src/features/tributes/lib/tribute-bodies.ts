import { GALLERY_FILE_FIELDS, type GalleryPictureDetails } from '@rips/shared/galleries';
import { KIND_SCHEMAS } from '@rips/shared/kind-schemas';
import type { BouquetId } from '@rips/shared/tributes';
import { schemaFormData } from '@/lib/schema-form-data';

/*
 * The multipart bodies of the kinds with a file, drawn from each kind's shared create schema
 * (packages/shared/src/kind-schemas.ts): a field the schema gains is sent with no edit here
 * (docs/decisions/0096-web-forms-and-kinds-from-the-shared-schemas.md). Kinds of words send
 * their form's values as JSON, already the schema's own.
 */

/** The gallery kinds: one upload form, each file under the field name the spec gives it. */
export type UploadKind = keyof typeof GALLERY_FILE_FIELDS;

/** What a gallery form tells of one file, beside it; the fields a kind does not take are dropped. */
export interface GalleryUploadValues extends GalleryPictureDetails {
  postId: string;
  /** "Your Name"; undefined when the field is disabled (documents: the account's name). */
  name?: string | undefined;
  title?: string | undefined;
}

/** One gallery upload: the kind's own fields, only those told (empty ones are left out), and the file. */
export function galleryUploadBody(
  kind: UploadKind,
  values: GalleryUploadValues,
  file: File,
): FormData {
  return schemaFormData(KIND_SCHEMAS[kind].create, values, {
    files: { [GALLERY_FILE_FIELDS[kind]]: file },
    omitEmpty: true,
  });
}

/** A flower: a picture of the visitor's own, or else the bouquet chosen, never both. */
export function flowerBody(postId: string, bouquet: BouquetId | undefined, picture: File | null) {
  return schemaFormData(
    KIND_SCHEMAS.flowers.create,
    { postId, bouquet: picture ? undefined : bouquet },
    { files: { flowerImg: picture } },
  );
}
