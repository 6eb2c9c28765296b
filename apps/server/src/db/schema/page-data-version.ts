import { pgSequence } from 'drizzle-orm/pg-core';

/**
 * Moved on by every write a page may show, read by each instance's page cache before it answers
 * from it (decision 0041). A sequence, not a row: nextval takes no lock and is never rolled back.
 */
export const pageDataVersion = pgSequence('page_data_version');
