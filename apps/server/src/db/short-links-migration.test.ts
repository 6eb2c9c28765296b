// The short-link migration on a database that already holds memorials: every existing memorial
// gets its own code, the stored rows keep every value, and a restore that inserts no code (an
// archive from before short links) still gets one.
import { describe, expect, it } from 'vitest';
import { SHORT_CODE_ALPHABET } from '@rips/shared/memorials';
import { TEST_ENGINE } from '../../test/app.js';
import { useMigrationOverData } from '../../test/migrations.js';

const MEMORIALS = 300;

const database = useMigrationOverData('_memorial_short_links', async (engine) => {
  await engine.query(`INSERT INTO memorials (owner_id, title, description)
    SELECT (SELECT id FROM users LIMIT 1), 'Memorial ' || n, 'Told ' || n
    FROM generate_series(1, ${MEMORIALS}) AS n`);
});

describe(`short-link migration on existing memorials (${TEST_ENGINE})`, () => {
  it('gives every memorial its own code from the alphabet without look-alikes', async () => {
    const rows = await database.engine().query<{
      title: string;
      description: string;
      short_code: string;
      poster_line: string;
    }>('SELECT title, description, short_code, poster_line FROM memorials');
    expect(rows).toHaveLength(MEMORIALS);
    const code = new RegExp(`^[${SHORT_CODE_ALPHABET}]{8}$`);
    for (const row of rows) {
      expect(row.short_code).toMatch(code);
      expect(row.poster_line).toBe('');
      expect(row.description).toBe(row.title.replace('Memorial', 'Told'));
    }
    expect(new Set(rows.map((r) => r.short_code)).size).toBe(MEMORIALS);
  });

  it('gives a code to a memorial inserted without one, or with none at all (a restore)', async () => {
    const [made] = await database.engine().query<{
      short_code: string;
    }>(`INSERT INTO memorials (owner_id, title)
      SELECT id, 'New' FROM users LIMIT 1 RETURNING short_code`);
    const [restored] = await database.engine().query<{
      short_code: string;
    }>(`INSERT INTO memorials (owner_id, title, short_code)
      SELECT id, 'Restored', NULL FROM users LIMIT 1 RETURNING short_code`);
    expect(made!.short_code).toMatch(/^[a-z2-9]{8}$/);
    expect(restored!.short_code).toMatch(/^[a-z2-9]{8}$/);
  });

  it('refuses a second memorial with the same code', async () => {
    const [one] = await database
      .engine()
      .query<{ short_code: string }>('SELECT short_code FROM memorials LIMIT 1');
    await expect(
      database.engine().query(`INSERT INTO memorials (owner_id, title, short_code)
        SELECT id, 'Twin', '${one!.short_code}' FROM users LIMIT 1`),
    ).rejects.toThrow(/duplicate key|unique/i);
  });
});
