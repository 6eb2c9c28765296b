import { bidiType, paragraphLevel, resolveLevels, visualOrder } from './poster-bidi.js';
import {
  DEFAULT_FAMILY_ORDER,
  facesFor,
  isInvisible,
  isWhiteSpace,
  type PosterFace,
  type PosterFamily,
  type PosterStyle,
} from './poster-fonts.js';

/*
 * A name or a poster line, set in whatever scripts it was typed in
 * (docs/decisions/0100-the-poster-prints-what-was-typed.md): each character (a grapheme: a letter
 * with its marks, an emoji with its joiners) is drawn by a face that has every part of it, runs of
 * one face are shaped together (Arabic letters join), lines break at spaces, and each line is put
 * in reading order by the bidirectional algorithm. What no face has is left out, as the form said
 * it would be.
 */

/** A character of the text with the face that draws it and its bidirectional level. */
interface Cluster {
  text: string;
  face: PosterFace;
  space: boolean;
  level: number;
}

/** Text of one face and one level: shaped at once, drawn as one. */
export interface Piece {
  /** In logical order (as typed). */
  text: string;
  face: PosterFace;
  level: number;
}

/** A piece as it is handed to the font, which lays out right-to-left script by itself. */
export interface DrawnPiece extends Piece {
  /** What to give the font so that it comes out in reading order, brackets facing right. */
  drawText: string;
}

/** Measures a piece at the block's size, in points (the font's own shaping included). */
export type Measure = (piece: Piece) => number;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

const EMOJI = /\p{Emoji_Presentation}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u{FE0F}|\u{20E3}/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
const HEBREW = /\p{Script=Hebrew}/u;
const ARABIC = /\p{Script=Arabic}/u;
const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}]+$/u;

/** Which family a character would rather be drawn by, from its script or its emoji form. */
function preferredFamily(text: string): PosterFamily | null {
  if (!text.includes('\uFE0E')) {
    if (EMOJI.test(text) || (text.includes('\u200D') && PICTOGRAPH.test(text))) return 'emoji';
  }
  if (HEBREW.test(text)) return 'hebrew';
  if (ARABIC.test(text)) return 'arabic';
  return null;
}

/** Whether the face draws every visible code point of the text. */
function covers(face: PosterFace, text: string): boolean {
  for (const char of text) {
    if (!face.font.hasGlyphForCodePoint(char.codePointAt(0)!) && !isInvisible(char)) return false;
  }
  return true;
}

/**
 * The face for one character: a space or punctuation mark stays with the face before it when that
 * face has it (an Arabic phrase keeps its own spaces, so it is shaped as one); otherwise the
 * family its script prefers, then the others in order.
 */
function faceFor(text: string, style: PosterStyle, previous: PosterFace | null) {
  // Only a space stays with an emoji: a © after one is still text.
  const stays = previous && (previous.family !== 'emoji' || isWhiteSpace(text));
  if (stays && NEUTRAL.test(text) && covers(previous, text)) return previous;
  const preferred = preferredFamily(text);
  const order = preferred
    ? [preferred, ...DEFAULT_FAMILY_ORDER.filter((family) => family !== preferred)]
    : DEFAULT_FAMILY_ORDER;
  return facesFor(style, order).find((face) => covers(face, text)) ?? null;
}

/**
 * The characters of the text with their faces, in logical order. A character no single face has
 * whole is taken code point by code point; a space no face has becomes an ordinary space; an
 * invisible format character the face lacks, and anything else no face has, is left out, and
 * spaces that then meet become one.
 */
function clustersOf(text: string, style: PosterStyle): Omit<Cluster, 'level'>[] {
  const result: Omit<Cluster, 'level'>[] = [];
  let previous: PosterFace | null = null;
  const add = (part: string, face: PosterFace) => {
    const kept = [...part]
      .filter((char) => face.font.hasGlyphForCodePoint(char.codePointAt(0)!) || !isInvisible(char))
      .join('');
    const space = isWhiteSpace(kept);
    // A character left out between two spaces leaves one space, not two.
    if (kept && !(space && result.at(-1)?.space)) result.push({ text: kept, face, space });
    previous = face;
  };
  for (const { segment } of graphemes.segment(text)) {
    const face = faceFor(segment, style, previous);
    if (face) {
      add(segment, face);
      continue;
    }
    for (const char of segment) {
      const single = faceFor(char, style, previous);
      if (single) add(char, single);
      else if (isWhiteSpace(char)) add(' ', facesFor(style, DEFAULT_FAMILY_ORDER)[0]!);
    }
  }
  return result;
}

/** Consecutive characters of one face and level, as pieces. */
function piecesOf(clusters: readonly Cluster[]): Piece[] {
  const pieces: Piece[] = [];
  for (const cluster of clusters) {
    const last = pieces.at(-1);
    if (last && last.face === cluster.face && last.level === cluster.level) {
      last.text += cluster.text;
    } else {
      pieces.push({ text: cluster.text, face: cluster.face, level: cluster.level });
    }
  }
  return pieces;
}

const MIRRORED: Record<string, string> = {
  '(': ')',
  ')': '(',
  '[': ']',
  ']': '[',
  '{': '}',
  '}': '{',
  '<': '>',
  '>': '<',
  '«': '»',
  '»': '«',
  '‹': '›',
  '›': '‹',
};

const RIGHT_TO_LEFT_SCRIPT =
  /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const OF_A_SCRIPT = /[^\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;

/**
 * Whether the font will lay the text out right to left by itself: fontkit does so when the
 * first character that belongs to a script belongs to a right-to-left one.
 */
function fontReadsRightToLeft(text: string): boolean {
  const first = OF_A_SCRIPT.exec(text)?.[0];
  return first !== undefined && RIGHT_TO_LEFT_SCRIPT.test(first);
}

/**
 * The text to give the font for a piece: brackets mirrored in right-to-left text (unless the
 * font mirrors them), and reversed by hand when the font would read it the other way (a run of
 * punctuation between Hebrew words, Arabic digits in a number).
 */
function drawTextOf(piece: Piece): string {
  const rightToLeft = piece.level % 2 === 1;
  const fontReversed = fontReadsRightToLeft(piece.text);
  let text = piece.text;
  if (rightToLeft && !(fontReversed && piece.face.mirrors)) {
    text = [...text].map((char) => MIRRORED[char] ?? char).join('');
  }
  if (rightToLeft !== fontReversed) {
    text = Array.from(graphemes.segment(text), ({ segment }) => segment)
      .reverse()
      .join('');
  }
  return text;
}

/** Whether a paragraph reads right to left: its first letter of a script is Hebrew or Arabic. */
export function paragraphReadsRightToLeft(text: string): boolean {
  return paragraphLevel([...text].map(bidiType)) === 1;
}

/** One line of a block: its pieces in drawing order and its width. */
export interface SetLine {
  pieces: DrawnPiece[];
  width: number;
}

/**
 * The text broken into lines no wider than `width` (at spaces; a word longer than a line is
 * broken between characters), each in drawing order. Empty when nothing of it prints.
 */
export function setText(
  text: string,
  style: PosterStyle,
  width: number,
  measure: Measure,
): SetLine[] {
  const found = clustersOf(text, style);
  const types = found.map((cluster) => bidiType(cluster.text));
  const paragraph = paragraphLevel(types);
  const levels = resolveLevels(types, paragraph);
  const clusters: Cluster[] = found.map((cluster, i) => ({ ...cluster, level: levels[i]! }));

  const widthOf = (line: readonly Cluster[]) =>
    piecesOf(trimSpaces(line)).reduce((sum, piece) => sum + measure(piece), 0);
  const lines: Cluster[][] = [];
  let line: Cluster[] = [];
  for (const word of words(clusters)) {
    if (line.length > 0 && widthOf([...line, ...word]) > width) {
      lines.push(line);
      line = [];
    }
    for (const cluster of word) {
      // A word wider than a line is broken where it overflows.
      if (line.length > 0 && !cluster.space && widthOf([...line, cluster]) > width) {
        lines.push(line);
        line = [];
      }
      line.push(cluster);
    }
  }
  if (line.length > 0) lines.push(line);

  return lines
    .map(trimSpaces)
    .filter((kept) => kept.length > 0)
    .map((kept) => {
      const pieces = piecesOf(kept);
      const ordered = visualOrder(
        pieces,
        pieces.map((piece) => piece.level),
      );
      return {
        pieces: ordered.map((piece) => ({ ...piece, drawText: drawTextOf(piece) })),
        width: pieces.reduce((sum, piece) => sum + measure(piece), 0),
      };
    });
}

/** The clusters in words: each word with the spaces after it. */
function words(clusters: readonly Cluster[]): Cluster[][] {
  const result: Cluster[][] = [];
  let word: Cluster[] = [];
  for (const cluster of clusters) {
    if (!cluster.space && word.length > 0 && word.at(-1)!.space) {
      result.push(word);
      word = [];
    }
    word.push(cluster);
  }
  if (word.length > 0) result.push(word);
  return result;
}

/** A line without the spaces at its ends (those at a break belong to neither line). */
function trimSpaces(line: readonly Cluster[]): Cluster[] {
  let start = 0;
  let end = line.length;
  while (start < end && line[start]!.space) start++;
  while (end > start && line[end - 1]!.space) end--;
  return line.slice(start, end);
}
