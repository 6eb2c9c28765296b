import { z } from 'zod';

/** Memorial archives: export, import, a member's take-out (docs/memorial-archive.md). */
export const IMPORT_ARCHIVE_REQUIRED = 'Please choose a memorial archive (.zip) to import.';
export const IMPORT_ARCHIVE_FIELD = 'archive';
export const IMPORT_ACCEPT = '.zip,application/zip';

/** The answer of POST /imports: the new memorial's id and what was restored. */
export const ImportedMemorialSchema = z.object({
  _id: z.string(),
  items: z.number().int(),
  files: z.number().int(),
});
export type ImportedMemorial = z.infer<typeof ImportedMemorialSchema>;
