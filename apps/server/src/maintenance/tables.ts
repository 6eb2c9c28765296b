/**
 * Every table, parents before children, so rows can be restored in this order without
 * breaking a foreign key. A test checks that it names every table of the schema.
 */
export const TABLES_IN_DEPENDENCY_ORDER = [
  'users',
  'password_resets',
  'email_changes',
  'memorials',
  'memorial_contributors',
  'memorial_likes',
  'flowers',
  'prayers',
  'photos',
  'memorabilia',
  'documents',
  'legacies',
  'legacy_accomplishments',
  'legacy_assets',
  'legacy_relationships',
  'legacy_bucket_list',
  'legacy_aspirations',
] as const;

/** Top-level storage folders; every stored key starts with one of these. */
export const STORAGE_KINDS = [
  'avatars',
  'memorials',
  'flowers',
  'photos',
  'memorabilia',
  'documents',
] as const;
