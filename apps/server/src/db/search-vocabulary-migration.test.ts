// The search vocabulary migration on a database that already holds memorials: their words are
// in the vocabulary and the word index at once; later inserts, restores and edits add theirs;
// and a long text without spaces (which a whole-word index entry could not hold) is stored and
// found by any part of it.
import { describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../../test/app.js';
import { useMigrationOverData } from '../../test/migrations.js';

const MEMORIALS = 200;

const database = useMigrationOverData('_search_vocabulary', async (engine) => {
  await engine.query(`INSERT INTO memorials (owner_id, title, description, tags_text)
    SELECT (SELECT id FROM users LIMIT 1), 'Memorial ' || n, E'Told\\tin Leeds ' || n,
           'kind' || chr(31) || 'Tag' || n
    FROM generate_series(1, ${MEMORIALS}) AS n`);
});

async function vocabulary(): Promise<Set<string>> {
  const rows = await database
    .engine()
    .query<{ word: string }>('SELECT word FROM search_vocabulary');
  return new Set(rows.map((r) => r.word));
}

/** Titles of the memorials holding a word of the vocabulary that contains `part`. */
async function holding(part: string): Promise<string[]> {
  const rows = await database.engine().query<{ title: string }>(`
    SELECT title FROM memorials
    WHERE memorial_search_words(title, description, tags_text)
      && ARRAY(SELECT word FROM search_vocabulary WHERE word LIKE '%${part}%')
    ORDER BY title`);
  return rows.map((r) => r.title);
}

describe(`search vocabulary migration on existing memorials (${TEST_ENGINE})`, () => {
  it("holds every existing memorial's words, lower-cased, split on white space and between tags", async () => {
    const words = await vocabulary();
    for (const word of ['memorial', 'told', 'in', 'leeds', 'kind', 'tag1', `tag${MEMORIALS}`]) {
      expect(words.has(word), word).toBe(true);
    }
    expect(words.has('')).toBe(false);
    expect(words.has(`kind${String.fromCharCode(31)}tag1`)).toBe(false);
    expect(await holding('tag17')).toEqual([
      'Memorial 17',
      'Memorial 170',
      'Memorial 171',
      'Memorial 172',
      'Memorial 173',
      'Memorial 174',
      'Memorial 175',
      'Memorial 176',
      'Memorial 177',
      'Memorial 178',
      'Memorial 179',
    ]);
    // The memorials' own rows are as they were.
    const [row] = await database
      .engine()
      .query<{ n: number }>(
        `SELECT count(*)::int AS n FROM memorials WHERE description = E'Told\\tin Leeds ' || substr(title, 10)`,
      );
    expect(row!.n).toBe(MEMORIALS);
  });

  it('adds the words of an inserted, restored or edited memorial, and keeps words no longer used', async () => {
    await database.engine().query(`INSERT INTO memorials (owner_id, title, description)
      SELECT id, 'Quill Feather', 'Wrote letters' FROM users LIMIT 1`);
    // A restore inserts many rows in one statement.
    await database.engine().query(`INSERT INTO memorials (owner_id, title, description)
      SELECT (SELECT id FROM users LIMIT 1), 'Restored ' || n, 'Sailor' || n FROM generate_series(1, 3) AS n`);
    await database
      .engine()
      .query(`UPDATE memorials SET description = 'Beekeeper of Brno' WHERE title = 'Memorial 5'`);
    const words = await vocabulary();
    for (const word of [
      'quill',
      'feather',
      'wrote',
      'letters',
      'restored',
      'sailor3',
      'beekeeper',
      'brno',
    ]) {
      expect(words.has(word), word).toBe(true);
    }
    expect(await holding('eekeep')).toEqual(['Memorial 5']);
    // "Told" is still in the vocabulary; Memorial 5 no longer holds it.
    expect(words.has('told')).toBe(true);
    expect((await holding('told')).includes('Memorial 5')).toBe(false);
  });

  it('stores a 20,000-character story without spaces and finds it by any part of it', async () => {
    const story = Array.from({ length: 20_000 }, (_, i) => 'あいうえおかきくけこ'[i % 10]).join('');
    const marked = `${story.slice(0, 9_990)}zq${story.slice(9_992)}`;
    await database.engine().query(`INSERT INTO memorials (owner_id, title, description)
      SELECT id, 'Long story', '${marked}' FROM users LIMIT 1`);
    expect(await holding(marked.slice(9_985, 10_000))).toEqual(['Long story']);
    expect(await holding(marked.slice(64 * 20 - 10, 64 * 20 + 50))).toEqual(['Long story']);
    expect(await holding(marked.slice(19_950))).toEqual(['Long story']);
    const [row] = await database
      .engine()
      .query<{ n: number }>(`SELECT max(length(word))::int AS n FROM search_vocabulary`);
    expect(row!.n).toBeLessThanOrEqual(128);
  });
});
