// The list of characters the form says will print is the list the poster's fonts can draw:
// made from the fonts here, committed in the shared package, and checked against them.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { POSTER_PRINTABLE_RANGES } from '@rips/shared/poster-coverage';
import { posterUnprintable, printsOnPoster as printsByList } from '@rips/shared/poster';
import {
  POSTER_FACES,
  POSTER_FAMILIES,
  posterPrintableRanges,
  printsOnPoster,
} from './poster-fonts.js';

const COVERAGE_FILE = fileURLToPath(
  new URL('../../../../../packages/shared/src/poster-coverage.ts', import.meta.url),
);

/** The shared module's text for these ranges, formatted as the repository formats it. */
async function coverageModule(ranges: number[]): Promise<string> {
  const pairs = [];
  for (let i = 0; i < ranges.length; i += 2) {
    pairs.push(`0x${ranges[i]!.toString(16)}, 0x${ranges[i + 1]!.toString(16)}`);
  }
  const source = [
    '// Made from the poster’s fonts by apps/server/src/modules/share/poster-fonts.test.ts: do not',
    '// edit. After changing a font, run UPDATE_POSTER_COVERAGE=1 npx vitest run on that file.',
    '/** What the poster prints, as flattened inclusive code point ranges: [first, last, …]. */',
    `export const POSTER_PRINTABLE_RANGES: readonly number[] = [${pairs.join(', ')}];`,
    '',
  ].join('\n');
  const options = await prettier.resolveConfig(COVERAGE_FILE);
  return prettier.format(source, { ...options, filepath: COVERAGE_FILE });
}

describe('the characters the poster prints', () => {
  it('are, in the shared list, exactly those the embedded fonts draw', async () => {
    const ranges = posterPrintableRanges();
    if (process.env.UPDATE_POSTER_COVERAGE) {
      await writeFile(COVERAGE_FILE, await coverageModule(ranges));
    }
    expect(
      [...POSTER_PRINTABLE_RANGES],
      'the fonts changed: run UPDATE_POSTER_COVERAGE=1 npx vitest run on this file',
    ).toEqual(ranges);
    expect(await readFile(COVERAGE_FILE, 'utf8')).toBe(await coverageModule(ranges));
  });

  it('agree code point by code point with what the server draws', () => {
    let checked = 0;
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      // Above plane 2 only the tags and variation selectors of plane 14 are assigned text.
      if (cp > 0x2ffff && (cp < 0xe0000 || cp > 0xe0fff)) continue;
      if (printsByList(cp) !== printsOnPoster(cp)) {
        expect.fail(`U+${cp.toString(16)}: the list and the fonts disagree`);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(190_000);
  });

  it('cover the scripts the poster promises, and name what it does not', () => {
    const typed = 'Zoë Łucja Ελπίδα Надежда שָׁלוֹם سلامٌ 🌹🕊️👨‍👩‍👧 ١٩٤١ — “quoted”';
    expect(posterUnprintable(typed)).toEqual([]);
    expect(posterUnprintable('王秀英 さくら 김민준 ✓ 🌹')).toEqual([
      '王',
      '秀',
      '英',
      'さ',
      'く',
      'ら',
      '김',
      '민',
      '준',
      '✓',
    ]);
    // Spaces of any width and invisible joiners print as what they are.
    expect(posterUnprintable('a\u3000b\u200Bc\u2060d')).toEqual([]);
  });

  it('embeds every face of every family from its package', () => {
    const files = POSTER_FAMILIES.flatMap((family) => Object.keys(family.files));
    expect(POSTER_FACES).toHaveLength(files.length);
    for (const face of POSTER_FACES) expect(face.font.characterSet.length).toBeGreaterThan(100);
  });
});
