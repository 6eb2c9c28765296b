import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { create, type Font } from 'fontkit';

/**
 * The fonts the poster is set in, all shipped in npm packages so nothing is fetched at run time
 * (docs/decisions/0071-qr-codes-and-posters.md, 0100-the-poster-prints-what-was-typed.md):
 * DejaVu Serif for Latin, Greek and Cyrillic (Bitstream Vera licence, DejaVu changes in the
 * public domain), Noto Serif Hebrew, Noto Naskh Arabic and the monochrome Noto Emoji (SIL Open
 * Font License 1.1; each package carries the licence). Chinese, Japanese and Korean have none:
 * their characters are named before printing and left out (decision 0100).
 */
export const POSTER_FAMILIES = [
  {
    family: 'latin',
    package: 'dejavu-fonts-ttf',
    files: {
      regular: 'ttf/DejaVuSerif.ttf',
      bold: 'ttf/DejaVuSerif-Bold.ttf',
      italic: 'ttf/DejaVuSerif-Italic.ttf',
    },
  },
  {
    family: 'hebrew',
    package: '@expo-google-fonts/noto-serif-hebrew',
    files: {
      regular: '400Regular/NotoSerifHebrew_400Regular.ttf',
      bold: '700Bold/NotoSerifHebrew_700Bold.ttf',
    },
  },
  {
    family: 'arabic',
    package: '@expo-google-fonts/noto-naskh-arabic',
    files: {
      regular: '400Regular/NotoNaskhArabic_400Regular.ttf',
      bold: '700Bold/NotoNaskhArabic_700Bold.ttf',
    },
  },
  {
    family: 'emoji',
    package: '@expo-google-fonts/noto-emoji',
    files: { regular: '400Regular/NotoEmoji_400Regular.ttf' },
  },
] as const;

export type PosterFamily = (typeof POSTER_FAMILIES)[number]['family'];
export type PosterStyle = 'regular' | 'bold' | 'italic';

/** One font file: the name pdfkit knows it by, its bytes and what it can draw. */
export interface PosterFace {
  /** e.g. `hebrew-bold`: registered under this name in every poster. */
  id: string;
  family: PosterFamily;
  style: PosterStyle;
  data: Buffer;
  font: Font;
  /** Whether it mirrors brackets itself in right-to-left text (its `rtlm` feature). */
  mirrors: boolean;
  /** Vertical metrics in ems: above the baseline, below it (positive), and the gap after. */
  ascent: number;
  descent: number;
  lineGap: number;
}

const require = createRequire(import.meta.url);

function loadFace(family: PosterFamily, style: PosterStyle, pkg: string, file: string): PosterFace {
  const data = readFileSync(path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file));
  const font = create(data);
  return {
    id: `${family}-${style}`,
    family,
    style,
    data,
    font,
    mirrors: font.availableFeatures.includes('rtlm'),
    ascent: font.ascent / font.unitsPerEm,
    descent: -font.descent / font.unitsPerEm,
    lineGap: font.lineGap / font.unitsPerEm,
  };
}

/** Every face, read once when the server starts (about 2.5 MB). */
export const POSTER_FACES: readonly PosterFace[] = POSTER_FAMILIES.flatMap(
  ({ family, package: pkg, files }) =>
    Object.entries(files).map(([style, file]) => loadFace(family, style as PosterStyle, pkg, file)),
);

/**
 * The faces a text in `style` may be drawn with, family by family in the order given: within a
 * family the face of that style first, then the family's others, so that every style reaches the
 * same characters (a letter only the bold face has prints bold in an italic line rather than not
 * at all) and one list of printable characters holds for the whole poster.
 */
export function facesFor(style: PosterStyle, families: readonly PosterFamily[]): PosterFace[] {
  return families.flatMap((family) => {
    const faces = POSTER_FACES.filter((face) => face.family === family);
    const own =
      faces.find((face) => face.style === style) ?? faces.find((f) => f.style === 'regular');
    return [own!, ...faces.filter((face) => face !== own)];
  });
}

/** The families in the order a character of no particular script looks for a glyph. */
export const DEFAULT_FAMILY_ORDER: readonly PosterFamily[] = ['latin', 'hebrew', 'arabic', 'emoji'];

const WHITE_SPACE = /^\s$/u;
/** Format characters that are never drawn (zero-width joiners, variation selectors, marks). */
const DEFAULT_IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;

/** A space no font has is drawn as an ordinary space. */
export function isWhiteSpace(char: string): boolean {
  return WHITE_SPACE.test(char);
}

/** Whether a character is invisible by nature, so leaving it out changes nothing on paper. */
export function isInvisible(char: string): boolean {
  return DEFAULT_IGNORABLE.test(char);
}

/** Whether some face of the poster has a glyph for the code point. */
export function hasPosterGlyph(codePoint: number): boolean {
  return POSTER_FACES.some((face) => face.font.hasGlyphForCodePoint(codePoint));
}

/**
 * What the poster prints as typed: a character some face draws, any space (drawn as a space),
 * and the invisible format characters. Everything else is left out, and the form names it first
 * (`posterUnprintable` in the shared package reads the ranges made from this). Controls are no
 * text a field accepts.
 */
export function printsOnPoster(codePoint: number): boolean {
  const char = String.fromCodePoint(codePoint);
  if (CONTROL.test(char)) return false;
  return hasPosterGlyph(codePoint) || isWhiteSpace(char) || isInvisible(char);
}

const CONTROL = /^\p{Cc}$/u;

/**
 * `printsOnPoster` as sorted inclusive ranges, flattened (`[first, last, first, last, …]`): the
 * data the shared package's `POSTER_PRINTABLE_RANGES` must equal.
 */
export function posterPrintableRanges(): number[] {
  const covered = new Set<number>();
  for (const face of POSTER_FACES) for (const cp of face.font.characterSet) covered.add(cp);
  const ranges: number[] = [];
  let start = -1;
  for (let cp = 0; cp <= 0x110000; cp++) {
    // Surrogates are halves of characters, never one.
    const surrogate = cp >= 0xd800 && cp <= 0xdfff;
    const char = cp <= 0x10ffff && !surrogate ? String.fromCodePoint(cp) : '';
    const printable =
      char !== '' &&
      !CONTROL.test(char) &&
      ((covered.has(cp) && hasPosterGlyph(cp)) || isWhiteSpace(char) || isInvisible(char));
    if (printable && start < 0) start = cp;
    if (!printable && start >= 0) {
      ranges.push(start, cp - 1);
      start = -1;
    }
  }
  return ranges;
}
