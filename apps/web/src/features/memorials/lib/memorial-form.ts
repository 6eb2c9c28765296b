import {
  CreateMemorialSchema,
  EMPTY_MEMORIAL_STORY,
  PostUpdateFieldsSchema,
  UpdateMemorialSchema,
  type MemorialDetail,
  type MemorialSummary,
  type UpdateMemorial,
} from '@rips/shared/memorials';
import type { z } from 'zod';
import { optionalFile } from '@/lib/file-fields';
import { schemaFormData, schemaKeys } from '@/lib/schema-form-data';

/*
 * The memorial forms' schemas: the shared rules the server applies, plus the picture. The modules
 * that import this one are the forms' own chunks, so zod loads only when someone opens a form.
 */

/** Add a Rip and Edit Rip: the name is required, dates are real days in order, the picture optional. */
export const MemorialFormSchema = CreateMemorialSchema.extend({ image: optionalFile });
export type MemorialFormValues = z.input<typeof MemorialFormSchema>;
export type MemorialInput = z.output<typeof MemorialFormSchema>;

export const EMPTY_MEMORIAL: MemorialFormValues = {
  ...EMPTY_MEMORIAL_STORY,
  visibility: 'public',
  image: null,
};

/**
 * The Edit Rip form starts from the saved memorial: every field the update call takes, as the
 * memorial has it; the picture stays unless a new one is chosen.
 */
export function memorialFormValues(memorial: MemorialDetail): MemorialFormValues {
  const values = Object.fromEntries(
    schemaKeys(UpdateMemorialSchema).map((key) => [key, memorial[key]]),
  ) as Pick<MemorialDetail, keyof UpdateMemorial>;
  return { ...values, image: null };
}

/** The multipart body of Add a Rip: every field the create call takes; the picture as `postImg`. */
export function memorialFormData(input: MemorialInput): FormData {
  return schemaFormData(CreateMemorialSchema, input, { files: { postImg: input.image } });
}

/** The multipart body of Edit Rip: every field the update call takes; a new picture as `postImg`. */
export function memorialUpdateFormData(input: MemorialInput): FormData {
  return schemaFormData(UpdateMemorialSchema, input, { files: { postImg: input.image } });
}

/** The profile's inline form and /profile/update-post: title and description required. */
export const PostUpdateFormSchema = PostUpdateFieldsSchema.extend({ image: optionalFile });
export type PostUpdateValues = z.input<typeof PostUpdateFormSchema>;
export type PostUpdateInput = z.output<typeof PostUpdateFormSchema>;

export function postUpdateValues(memorial: MemorialSummary | null): PostUpdateValues {
  return { title: memorial?.title ?? '', description: memorial?.description ?? '', image: null };
}

/** The body of the profile's two update forms: their fields, and a new picture as `postImg`. */
export function postUpdateFormData(input: PostUpdateInput): FormData {
  return schemaFormData(PostUpdateFieldsSchema, input, { files: { postImg: input.image } });
}
