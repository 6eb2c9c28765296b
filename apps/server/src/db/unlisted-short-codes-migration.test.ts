// The long codes of unlisted memorials, on a database that already holds memorials of every
// visibility: each unlisted one gets a new 18-character code (its guessable 8-character one stops
// leading anywhere), the others keep theirs, and from then on the database keeps the rule itself.
import { describe, expect, it } from 'vitest';
import { SHORT_CODE_ALPHABET, UNLISTED_SHORT_CODE_LENGTH } from '@rips/shared/memorials';
import { TEST_ENGINE } from '../../test/app.js';
import { useMigrationOverData } from '../../test/migrations.js';

const VISIBILITIES = ['public', 'unlisted', 'members', 'private'] as const;
const EACH = 25;
const LONG = new RegExp(`^[${SHORT_CODE_ALPHABET}]{${UNLISTED_SHORT_CODE_LENGTH}}$`);
const SHORT = new RegExp(`^[${SHORT_CODE_ALPHABET}]{8}$`);

interface Row {
  title: string;
  visibility: string;
  short_code: string;
}

const database = useMigrationOverData('_unlisted_short_codes', async (engine) => {
  for (const visibility of VISIBILITIES) {
    await engine.query(`INSERT INTO memorials (owner_id, title, visibility)
      SELECT (SELECT id FROM users LIMIT 1), '${visibility} ' || n, '${visibility}'
      FROM generate_series(1, ${EACH}) AS n`);
  }
  await engine.query(`CREATE TABLE codes_before AS SELECT title, short_code FROM memorials`);
});

const query = <T>(text: string) => database.engine().query<T>(text);
const insert = (values: string) =>
  query<Row>(`INSERT INTO memorials (owner_id, title, visibility, short_code)
    SELECT id, ${values} FROM users LIMIT 1 RETURNING title, visibility, short_code`).then(
    (rows) => rows[0]!,
  );
const setVisibility = (title: string, visibility: string) =>
  query<Row>(`UPDATE memorials SET visibility = '${visibility}' WHERE title = '${title}'
    RETURNING title, visibility, short_code`).then((rows) => rows[0]!);

describe(`unlisted memorials' long codes (${TEST_ENGINE})`, () => {
  it('gives every existing unlisted memorial a new long code and leaves the others theirs', async () => {
    const rows = await query<Row & { before: string }>(`SELECT m.title, m.visibility,
      m.short_code, b.short_code AS before FROM memorials m JOIN codes_before b USING (title)`);
    expect(rows).toHaveLength(VISIBILITIES.length * EACH);
    for (const row of rows) {
      expect(row.before, row.title).toMatch(SHORT);
      if (row.visibility === 'unlisted') expect(row.short_code, row.title).toMatch(LONG);
      else expect(row.short_code, row.title).toBe(row.before);
    }
    expect(new Set(rows.map((r) => r.short_code)).size).toBe(rows.length);
  });

  it('draws a long code for a memorial inserted unlisted, with a short code or none', async () => {
    expect((await insert(`'New unlisted', 'unlisted', memorial_short_code()`)).short_code).toMatch(
      LONG,
    );
    expect((await insert(`'Restored unlisted', 'unlisted', NULL`)).short_code).toMatch(LONG);
    expect((await insert(`'Imported unlisted', 'unlisted', 'abcdefgh'`)).short_code).toMatch(LONG);
    const kept = 'abcdefghjkmnpqrstu';
    expect((await insert(`'Restored long', 'unlisted', '${kept}'`)).short_code).toBe(kept);
    expect((await insert(`'New public', 'public', memorial_short_code()`)).short_code).toMatch(
      SHORT,
    );
    expect((await insert(`'Restored public', 'public', NULL`)).short_code).toMatch(SHORT);
  });

  it('draws a new long code when a memorial becomes unlisted, and keeps it when it stops being', async () => {
    const before = (await setVisibility('public 1', 'public')).short_code;
    expect(before).toMatch(SHORT);
    const unlisted = (await setVisibility('public 1', 'unlisted')).short_code;
    expect(unlisted).toMatch(LONG);
    expect((await setVisibility('public 1', 'unlisted')).short_code).toBe(unlisted);
    expect((await setVisibility('public 1', 'private')).short_code).toBe(unlisted);
    const again = (await setVisibility('public 1', 'unlisted')).short_code;
    expect(again).toMatch(LONG);
    expect(again).not.toBe(unlisted);
  });

  it('refuses an unlisted memorial with a short code however it is written', async () => {
    await query(`UPDATE memorials SET short_code = 'abcdefgh' WHERE title = 'unlisted 1'`);
    const [row] = await query<Row>(`SELECT short_code FROM memorials WHERE title = 'unlisted 1'`);
    expect(row!.short_code).toMatch(LONG);
    // Past the trigger (as a hand-made fix in the database might go), the constraint holds.
    await query('ALTER TABLE memorials DISABLE TRIGGER memorials_fill_short_code');
    try {
      await expect(
        query(`UPDATE memorials SET short_code = 'abcdefgh' WHERE title = 'unlisted 2'`),
      ).rejects.toThrow(/memorials_unlisted_short_code_check/);
    } finally {
      await query('ALTER TABLE memorials ENABLE TRIGGER memorials_fill_short_code');
    }
  });
});
