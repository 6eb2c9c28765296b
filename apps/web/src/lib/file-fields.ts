import { z } from 'zod';

/*
 * File inputs hold a File or null. These join a shared schema's text fields in a form's schema;
 * the shared package holds no DOM types, so they live here, with their messages from there.
 */

/** A file the form may be sent without (keeping the current picture, say). */
export const optionalFile = z.custom<File | null>(
  (value) => value === null || value instanceof File,
);

/** A file the form cannot be sent without; `message` is the shared text for its absence. */
export const requiredFile = (message: string) =>
  z
    .custom<File | null>((value) => value instanceof File, { error: message })
    .transform((file) => file as File);
