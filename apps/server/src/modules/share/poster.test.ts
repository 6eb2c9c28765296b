// The poster prints what was typed: a name and a poster line in several scripts and emoji, rendered
// as a printer would (poppler), read back as text, compared with a reference picture, and never a
// missing-glyph box (docs/decisions/0100-the-poster-prints-what-was-typed.md).
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { posterUnprintable } from '@rips/shared/poster';
import { drawnGlyphIds } from '../../../test/pdf-glyphs.js';
import { renderPoster } from './poster.js';

const run = promisify(execFile);
/** Where the rendered posters are kept for a person to look at. */
const SHOTS = '/tmp/share-shots';
const REFERENCE = fileURLToPath(
  new URL('../../../test/reference/poster-scripts.png', import.meta.url),
);

const SCRIPTS_NAME = 'Ngozi Ελένη Ольга מרים مريم';
/** Latin with accents, Greek, Cyrillic, Hebrew, Arabic, emoji, and a Chinese character. */
const SCRIPTS_LINE = 'Zoë Ελπίδα Надежда · זכרונה לברכה · رحمها الله 🌹🕊️ 永';
/** Every word that must come back from the PDF, and what must not. */
const SCRIPTS_WORDS = [
  'Ngozi',
  'Ελένη',
  'Ольга',
  'מרים',
  'مريم',
  'Zoë',
  'Ελπίδα',
  'Надежда',
  'זכרונה',
  'לברכה',
  'رحمها',
  'الله',
  '🌹',
  '🕊',
];

/** The page as a printer would render it, in grey, at 100 dpi. */
async function rendered(pdf: Buffer, name: string): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'poster-'));
  try {
    await writeFile(path.join(dir, 'poster.pdf'), pdf);
    const base = path.join(dir, 'page');
    await run('pdftoppm', ['-png', '-gray', '-r', '100', '-singlefile', `${dir}/poster.pdf`, base]);
    const png = await readFile(`${base}.png`);
    await mkdir(SHOTS, { recursive: true });
    await writeFile(path.join(SHOTS, `${name}.png`), png);
    return png;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** How many pixels differ clearly (by more than a quarter of the grey scale) between two pages. */
async function differingPixels(a: Buffer, b: Buffer): Promise<number> {
  const [one, two] = await Promise.all(
    [a, b].map((png) => sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true })),
  );
  expect([two!.info.width, two!.info.height]).toEqual([one!.info.width, one!.info.height]);
  let count = 0;
  for (let i = 0; i < one!.data.length; i++) {
    if (Math.abs(one!.data[i]! - two!.data[i]!) > 64) count++;
  }
  return count;
}

describe('a poster in several scripts', () => {
  const content = {
    name: SCRIPTS_NAME,
    dates: 'March 3, 1941 – June 9, 2024',
    posterLine: SCRIPTS_LINE,
    shortUrl: 'https://memorials.example.org/m/abcdefgh',
    photo: null,
    changedAt: new Date('2024-06-10T00:00:00Z'),
  };

  it('names beforehand exactly what it leaves out', () => {
    expect(posterUnprintable(SCRIPTS_NAME)).toEqual([]);
    expect(posterUnprintable(SCRIPTS_LINE)).toEqual(['永']);
  });

  it('prints every word, draws no missing-glyph box, and looks like the reference', async () => {
    const pdf = await renderPoster(content, 'a4');
    const ids = drawnGlyphIds(pdf);
    expect(ids.length).toBeGreaterThan(100);
    expect(
      ids.filter((id) => id === 0),
      'glyphs drawn as the missing-glyph box',
    ).toEqual([]);

    const dir = await mkdtemp(path.join(os.tmpdir(), 'poster-'));
    await writeFile(path.join(dir, 'poster.pdf'), pdf);
    const { stdout } = await run('pdftotext', [path.join(dir, 'poster.pdf'), '-']);
    await rm(dir, { recursive: true, force: true });
    for (const word of SCRIPTS_WORDS) expect(stdout, word).toContain(word);
    expect(stdout).not.toContain('永');

    const png = await rendered(pdf, 'poster-scripts');
    if (process.env.UPDATE_POSTER_REFERENCE) {
      await mkdir(path.dirname(REFERENCE), { recursive: true });
      await writeFile(REFERENCE, png);
    }
    // The same poster rendered again differs by no pixel. Hebrew words drawn as boxes differ by
    // about 3,800, the two emoji alone by about 400, the poster before fonts were chosen by
    // character by about 53,000. A poppler that anti-aliases differently may need a new reference
    // (UPDATE_POSTER_REFERENCE=1 npx vitest run on this file, then look at it).
    expect(await differingPixels(png, await readFile(REFERENCE))).toBeLessThan(100);
  });
});

describe('the poster of a memorial whose family names charities', () => {
  it('lists them on a second page with the words that no money passes through the site', async () => {
    const pdf = await renderPoster(
      {
        name: 'Nora Byrne',
        dates: 'March 2, 1931 – June 9, 2024',
        posterLine: '',
        shortUrl: 'https://memorials.example.org/m/abcdefgh',
        photo: null,
        changedAt: new Date('2024-06-10T00:00:00Z'),
        charities: [
          {
            name: 'Marie Curie',
            url: 'https://www.mariecurie.org.uk/donate',
            registeredNumber: '207994',
            reason: 'Her nurses sat with her at night.',
          },
          {
            name: 'Age UK',
            url: `https://www.ageuk.org.uk/donate?${'campaign=memorial&'.repeat(6)}`,
            registeredNumber: '',
            reason: '',
          },
        ],
      },
      'a4',
    );
    const dir = await mkdtemp(path.join(os.tmpdir(), 'poster-'));
    await writeFile(path.join(dir, 'poster.pdf'), pdf);
    const front = await run('pdftotext', ['-f', '1', '-l', '1', path.join(dir, 'poster.pdf'), '-']);
    const back = await run('pdftotext', ['-f', '2', '-l', '2', path.join(dir, 'poster.pdf'), '-']);
    const info = await run('pdfinfo', [path.join(dir, 'poster.pdf')]);
    await rm(dir, { recursive: true, force: true });
    expect(info.stdout).toMatch(/Pages:\s+2/);
    expect(front.stdout).toContain('Nora Byrne');
    expect(front.stdout).not.toContain('Marie Curie');
    const text = back.stdout.replace(/\s+/g, ' ');
    for (const words of [
      'In lieu of flowers',
      'Marie Curie',
      'Registered charity 207994',
      'Her nurses sat with her at night.',
      'www.mariecurie.org.uk/donate',
      'Age UK',
      'www.ageuk.org.uk',
      'Gifts go straight to the charity; nothing passes through Rips Memorial.',
    ]) {
      expect(text, words).toContain(words);
    }
    expect(text).not.toContain('campaign=');
  });

  it('has one page when no charity is named', async () => {
    const pdf = await renderPoster(
      {
        name: 'Nora Byrne',
        dates: null,
        posterLine: '',
        shortUrl: 'https://memorials.example.org/m/abcdefgh',
        photo: null,
        changedAt: new Date('2024-06-10T00:00:00Z'),
        charities: [],
      },
      'letter',
    );
    const dir = await mkdtemp(path.join(os.tmpdir(), 'poster-'));
    await writeFile(path.join(dir, 'poster.pdf'), pdf);
    const info = await run('pdfinfo', [path.join(dir, 'poster.pdf')]);
    await rm(dir, { recursive: true, force: true });
    expect(info.stdout).toMatch(/Pages:\s+1/);
  });
});
