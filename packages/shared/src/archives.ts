import { z } from 'zod';

/** Memorial archives: export, import, a member's take-out (docs/memorial-archive.md). */
export const IMPORT_ARCHIVE_REQUIRED = 'Please choose a memorial archive (.zip) to import.';
export const IMPORT_ARCHIVE_FIELD = 'archive';
export const IMPORT_ACCEPT = '.zip,application/zip';

/** Where an import stands: waiting its turn, running, done (`memorialId` set) or failed (`reason`). */
export const IMPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/** The answer of POST /imports (202): the job that imports the archive. */
export const ImportStartedSchema = z.object({ jobId: z.string() });
export type ImportStarted = z.infer<typeof ImportStartedSchema>;

export const ImportJobParamsSchema = z.object({ jobId: z.string().max(64) });

/** The answer of GET /imports/{jobId}, to the member who started it alone. */
export const ImportJobSchema = z.object({
  jobId: z.string(),
  state: z.enum(IMPORT_STATES),
  /** Why it failed, in words for the member; null unless `failed`. */
  reason: z.string().nullable(),
  /** The new memorial; null until `done`. */
  memorialId: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;
