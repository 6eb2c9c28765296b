// The migration that records emailed archives from the moment they are asked for, on a database
// that already holds archives: where a member had several links waiting for one memorial, only
// the newest stays waiting (the others count as used, for the sweep to remove), so the rule of
// one waiting archive per memorial and member can hold from then on.
import { describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../../test/app.js';
import { useMigrationOverData } from '../../test/migrations.js';

const owner = `(SELECT id FROM users LIMIT 1)`;
const row = (memorial: string, token: string, createdAt: string, used = false) =>
  `INSERT INTO archive_downloads (memorial_id, user_id, token_hash, storage_key, size_bytes,
     file_name, expires_at, used_at, created_at)
   SELECT id, ${owner}, '${token}', 'exports/2026/11/${token}/archive.zip', 10, 'a.zip',
     now() + interval '1 day', ${used ? 'now()' : 'NULL'}, '${createdAt}'
   FROM memorials WHERE title = '${memorial}'`;

const database = useMigrationOverData('_archive_requests', async (engine) => {
  await engine.query(`INSERT INTO memorials (owner_id, title)
    VALUES (${owner}, 'Ada'), (${owner}, 'Grace')`);
  for (const statement of [
    row('Ada', 'first', '2026-11-20T10:00:00Z'),
    row('Ada', 'second', '2026-11-21T10:00:00Z'),
    row('Ada', 'third', '2026-11-22T10:00:00Z'),
    row('Ada', 'spent', '2026-11-23T10:00:00Z', true),
    row('Grace', 'other', '2026-11-20T10:00:00Z'),
  ]) {
    await engine.query(statement);
  }
});

describe(`archive requests migration on existing archives (${TEST_ENGINE})`, () => {
  it('keeps the newest waiting archive per memorial and member, and every row', async () => {
    const rows = await database
      .engine()
      .query<{ token_hash: string; waiting: boolean; kind: string }>(
        `SELECT token_hash, used_at IS NULL AS waiting, kind FROM archive_downloads ORDER BY token_hash`,
      );
    expect(rows).toEqual([
      { token_hash: 'first', waiting: false, kind: 'memorial' },
      { token_hash: 'other', waiting: true, kind: 'memorial' },
      { token_hash: 'second', waiting: false, kind: 'memorial' },
      { token_hash: 'spent', waiting: false, kind: 'memorial' },
      { token_hash: 'third', waiting: true, kind: 'memorial' },
    ]);
  });

  it('refuses a second waiting archive of one memorial, or a second take-out, for one member', async () => {
    const engine = database.engine();
    await expect(engine.query(row('Ada', 'fourth', '2026-11-24T10:00:00Z'))).rejects.toThrow(
      /duplicate key|unique/i,
    );
    const takeout = `INSERT INTO archive_downloads (kind, user_id, expires_at)
      VALUES ('takeout', ${owner}, now() + interval '1 day')`;
    await engine.query(takeout);
    await expect(engine.query(takeout)).rejects.toThrow(/duplicate key|unique/i);
    // A take-out names no memorial, a memorial's archive always does.
    await expect(
      engine.query(`INSERT INTO archive_downloads (kind, memorial_id, user_id, expires_at)
        SELECT 'takeout', id, ${owner}, now() FROM memorials WHERE title = 'Grace'`),
    ).rejects.toThrow(/check constraint|archive_downloads_kind_memorial_check/i);
  });
});
