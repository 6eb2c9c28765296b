import { getTableName } from 'drizzle-orm';
import { STORAGE_FOLDERS } from '../modules/media/stored-files.js';
import { TRIBUTE_KINDS } from '../modules/tributes/tribute-kinds.js';

/**
 * Every table, parents before children, so rows can be restored in this order without
 * breaking a foreign key. The tables of items left on memorials come from their registry.
 * A test checks that it names every table of the schema.
 */
export const TABLES_IN_DEPENDENCY_ORDER: readonly string[] = [
  'users',
  'password_resets',
  'email_changes',
  'guest_claims',
  'memorials',
  'memorial_people',
  'memorial_likes',
  'memorial_invitations',
  'memorial_access_requests',
  'tribute_reports',
  'memorial_activity',
  'copy_addresses',
  'yearly_copies',
  'yearly_copy_opt_outs',
  'yearly_copy_runs',
  'archive_downloads',
  'memorial_imports',
  'memorial_moments',
  'memorial_charities',
  'memorial_events',
  'event_rsvps',
  'tribute_digests',
  'guest_tributes',
  'follows',
  'follow_digests',
  'anniversary_reminders',
  'anniversary_reminder_sends',
  ...TRIBUTE_KINDS.map((kind) => getTableName(kind.table)),
  'legacies',
  'legacy_accomplishments',
  'legacy_assets',
  'legacy_relationships',
  'legacy_bucket_list',
  'legacy_aspirations',
  'legacy_plans',
  'legacy_stewards',
  'legacy_releases',
  'legacy_death_reports',
  'legacy_access',
  'legacy_access_views',
  'stored_file_checksums',
];

/**
 * Tables the database derives from the others by its own triggers: never backed up, filled
 * again as the restored rows go in (the search vocabulary, from memorials).
 */
export const DERIVED_TABLES: readonly string[] = ['search_vocabulary'];

/** Top-level storage folders; every stored key starts with one of these (see stored-files.ts). */
export const STORAGE_KINDS = STORAGE_FOLDERS;
