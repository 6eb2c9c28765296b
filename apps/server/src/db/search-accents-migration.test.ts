// The accent-folding migration (0017) on a database that already holds memorials: the search
// vocabulary and the word index are built again from them, without accents or case, so an
// existing "Rosa María" is found by "maria"; later inserts and edits fold their words the same.
import { describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../../test/app.js';
import { useMigrationOverData } from '../../test/migrations.js';

const database = useMigrationOverData('_search_accents', async (engine) => {
  await engine.query(`INSERT INTO memorials (owner_id, title, description, tags_text)
    VALUES ((SELECT id FROM users LIMIT 1), 'Rosa María Delgado', 'Born in Córdoba', 'Señora'),
           ((SELECT id FROM users LIMIT 1), 'José Núñez', 'A teacher', '')`);
});

const query = <T>(text: string) => database.engine().query<T>(text);

async function vocabulary(): Promise<string[]> {
  return (await query<{ word: string }>('SELECT word FROM search_vocabulary ORDER BY word')).map(
    (r) => r.word,
  );
}

/** Titles of the memorials holding a vocabulary word that contains `part`, through the word index. */
async function holding(part: string): Promise<string[]> {
  const rows = await query<{ title: string }>(`
    SELECT title FROM memorials
    WHERE memorial_search_words(title, description, tags_text)
      && ARRAY(SELECT word FROM search_vocabulary WHERE word LIKE '%' || search_fold('${part}') || '%')
    ORDER BY title`);
  return rows.map((r) => r.title);
}

describe(`search accents migration on existing memorials (${TEST_ENGINE})`, () => {
  it('rebuilds the vocabulary from the memorials already here, folded', async () => {
    expect(await vocabulary()).toEqual([
      'a',
      'born',
      'cordoba',
      'delgado',
      'in',
      'jose',
      'maria',
      'nunez',
      'rosa',
      'senora',
      'teacher',
    ]);
    expect(await holding('María')).toEqual(['Rosa María Delgado']);
    expect(await holding('jose')).toEqual(['José Núñez']);
  });

  it('folds accents and case the same way on both sides', async () => {
    const [row] = await query<{ a: string; b: string }>(
      `SELECT search_fold('ROSA MARÍA Æsir Straße') AS a, search_fold(NULL) IS NULL AS b`,
    );
    expect(row).toEqual({ a: 'rosa maria aesir strasse', b: true });
  });

  it('folds the words of memorials written afterwards, by insert and by edit', async () => {
    await query(
      `INSERT INTO memorials (owner_id, title) VALUES ((SELECT id FROM users LIMIT 1), 'Zoë Ångström')`,
    );
    await query(`UPDATE memorials SET description = 'Éclair lover' WHERE title = 'José Núñez'`);
    const words = await vocabulary();
    expect(words).toEqual(expect.arrayContaining(['zoe', 'angstrom', 'eclair', 'lover']));
    expect(words.some((w) => w !== w.normalize('NFD').replace(/\p{M}/gu, ''))).toBe(false);
    expect(await holding('ECLAIR')).toEqual(['José Núñez']);
  });

  it('indexes titles, descriptions and tags folded, for the words tested as text', async () => {
    const rows = await query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE indexname LIKE 'memorials_%_trgm_idx' ORDER BY indexname`,
    );
    expect(rows.map((r) => r.indexdef.match(/USING gin \((.*)\)/)?.[1])).toEqual([
      'search_fold(description) gin_trgm_ops',
      'search_fold(tags_text) gin_trgm_ops',
      'search_fold(title) gin_trgm_ops',
    ]);
  });
});
