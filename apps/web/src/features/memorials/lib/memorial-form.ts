import {
  CreateMemorialSchema,
  PostUpdateFieldsSchema,
  type MemorialDetail,
  type MemorialSummary,
} from '@rips/shared/memorials';
import type { z } from 'zod';
import { optionalFile } from '@/lib/file-fields';

/*
 * The memorial forms' schemas: the shared rules the server applies, plus the picture. The modules
 * that import this one are the forms' own chunks, so zod loads only when someone opens a form.
 */

/** Add a Rip and Edit Rip: the name is required, dates are real days in order, the picture optional. */
export const MemorialFormSchema = CreateMemorialSchema.extend({ image: optionalFile });
export type MemorialFormValues = z.input<typeof MemorialFormSchema>;
export type MemorialInput = z.output<typeof MemorialFormSchema>;

export const EMPTY_MEMORIAL: MemorialFormValues = {
  title: '',
  description: '',
  birthPlace: '',
  burial: '',
  plot: '',
  dateOfBirth: null,
  deathDate: null,
  traits: '',
  posterLine: '',
  visibility: 'public',
  image: null,
};

/** The Edit Rip form starts from the saved memorial; the picture stays unless a new one is chosen. */
export function memorialFormValues(memorial: MemorialDetail): MemorialFormValues {
  const { title, description, birthPlace, burial, plot, dateOfBirth, deathDate, traits } = memorial;
  const { posterLine } = memorial;
  return {
    title,
    description,
    birthPlace,
    burial,
    plot,
    dateOfBirth,
    deathDate,
    traits,
    posterLine,
    image: null,
  };
}

/** The multipart body of create and update; the picture goes as the spec's `postImg`. */
export function memorialFormData(input: MemorialInput): FormData {
  const form = new FormData();
  form.set('title', input.title);
  form.set('description', input.description);
  form.set('birthPlace', input.birthPlace);
  form.set('burial', input.burial);
  form.set('plot', input.plot);
  form.set('dateOfBirth', input.dateOfBirth ?? '');
  form.set('deathDate', input.deathDate ?? '');
  form.set('traits', input.traits);
  form.set('posterLine', input.posterLine);
  form.set('visibility', input.visibility);
  if (input.image) form.set('postImg', input.image, input.image.name);
  return form;
}

/** The profile's inline form and /profile/update-post: title and description required. */
export const PostUpdateFormSchema = PostUpdateFieldsSchema.extend({ image: optionalFile });
export type PostUpdateValues = z.input<typeof PostUpdateFormSchema>;
export type PostUpdateInput = z.output<typeof PostUpdateFormSchema>;

export function postUpdateValues(memorial: MemorialSummary | null): PostUpdateValues {
  return { title: memorial?.title ?? '', description: memorial?.description ?? '', image: null };
}

export function postUpdateFormData(input: PostUpdateInput): FormData {
  const form = new FormData();
  form.set('title', input.title);
  form.set('description', input.description);
  if (input.image) form.set('postImg', input.image, input.image.name);
  return form;
}
