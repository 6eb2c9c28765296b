import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The SHA-256 and size of every stored upload file (the folders of STORED_FILE_REFERENCES),
 * recorded as the app writes it, so the nightly fixity check can tell when its bytes changed
 * (decision 0125). A file found in storage with no row (stored before this table, or put back by
 * hand) gets one with no sum: the next check records it ("first seen") but cannot verify it.
 */
export const storedFileChecksums = pgTable(
  'stored_file_checksums',
  {
    /** The file's storage key: `folder/yyyy/mm/uuid/file`. */
    key: text('key').primaryKey(),
    /** Hex SHA-256 of the bytes as written; null until a check records one. */
    sha256: text('sha256'),
    size: bigint('size', { mode: 'number' }),
    /** When the row was made: at the write, or when the check found the file. */
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    /** When a check found the bytes changed or the file gone; the file went to quarantine. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    // Removing an upload's folder removes its rows: `key LIKE 'folder/%'` through this index.
    index('stored_file_checksums_key_prefix_idx').on(t.key.op('text_pattern_ops')),
    check('stored_file_checksums_sha256_hex', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);
