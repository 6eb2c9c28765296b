// How a name or a poster line is set: which face draws each character, and the order the
// characters come out in on paper, read back from the glyphs the fonts themselves lay out.
import { describe, expect, it } from 'vitest';
import { bidiType, paragraphLevel, resolveLevels } from './poster-bidi.js';
import { setText, type Piece, type SetLine } from './poster-text.js';

const SIZE = 15;
/** The width of a piece as the font lays it out, at SIZE points. */
const measure = (piece: Piece) =>
  (piece.face.font.layout(piece.text).advanceWidth / piece.face.font.unitsPerEm) * SIZE;

/** What a line shows, left to right: the characters of the glyphs each font lays out. */
function seen(line: SetLine): string {
  return line.pieces
    .map((piece) =>
      piece.face.font
        .layout(piece.drawText)
        // A ligature's glyph names its letters as typed; in right-to-left text they show reversed.
        .glyphs.map((glyph) =>
          String.fromCodePoint(
            ...(piece.level % 2 ? [...glyph.codePoints].reverse() : glyph.codePoints),
          ),
        )
        .join(''),
    )
    .join('');
}

/** The faces of a line, left to right, with what each draws. */
const facesOf = (line: SetLine) => line.pieces.map((piece) => [piece.face.id, piece.text]);

const reversed = (text: string) => [...text].reverse().join('');

describe('setting a line in several scripts', () => {
  it('keeps Latin, Greek and Cyrillic in the style’s own face, as typed', () => {
    const [line, more] = setText('Zoë Ελπίδα Надежда', 'italic', 1000, measure);
    expect(more).toBeUndefined();
    expect(facesOf(line!)).toEqual([['latin-italic', 'Zoë Ελπίδα Надежда']]);
    expect(seen(line!)).toBe('Zoë Ελπίδα Надежда');
  });

  it('draws Hebrew and Arabic in their faces, right to left, inside a left-to-right line', () => {
    const [line] = setText('Zoë שלום עולם سلام عليكم 🌹', 'italic', 1000, measure);
    expect(facesOf(line!)).toEqual([
      ['latin-italic', 'Zoë '],
      ['arabic-regular', 'سلام عليكم'],
      ['hebrew-regular', 'שלום עולם '],
      ['arabic-regular', ' '],
      ['emoji-regular', '🌹'],
    ]);
    // Read right to left: the Hebrew phrase first, then the Arabic one.
    expect(seen(line!)).toBe(`Zoë ${reversed('שלום עולם سلام عليكم')} 🌹`);
  });

  it('joins Arabic letters into their connected forms', () => {
    const [line] = setText('سلام', 'regular', 1000, measure);
    const [piece] = line!.pieces;
    const glyphs = piece!.face.font.layout(piece!.drawText).glyphs;
    const isolated = [...'سلام'].map((char) => piece!.face.font.layout(char).glyphs[0]!.id);
    // Shaped: at least the first letter takes its initial form, not the isolated one.
    expect(glyphs.map((glyph) => glyph.id)).not.toEqual([...isolated].reverse());
    expect(seen(line!)).toBe(reversed('سلام'));
  });

  it('reads numbers left to right within right-to-left text', () => {
    const [hebrew] = setText('נולד 1941', 'regular', 1000, measure);
    expect(seen(hebrew!)).toBe(`1941 ${reversed('נולד')}`);
    const [arabic] = setText('عام ١٩٤١', 'regular', 1000, measure);
    expect(seen(arabic!)).toBe(`١٩٤١ ${reversed('عام')}`);
  });

  it('turns brackets to face the right way in right-to-left text', () => {
    const [line] = setText('שלום (אבא)', 'regular', 1000, measure);
    expect(seen(line!)).toBe(`(${reversed('אבא')}) ${reversed('שלום')}`);
  });

  it('draws an emoji sequence as one glyph, and a text symbol in the text face', () => {
    const [line] = setText('👨‍👩‍👧 ❤️ ©', 'regular', 1000, measure);
    expect(facesOf(line!)).toEqual([
      ['emoji-regular', '👨‍👩‍👧 ❤️ '],
      ['latin-regular', '©'],
    ]);
    const family = line!.pieces[0]!;
    expect(family.face.font.layout('👨‍👩‍👧').glyphs).toHaveLength(1);
  });

  it('leaves out what no face has, keeping one space where it stood', () => {
    const [line] = setText('Li 永 Wei 🌹', 'bold', 1000, measure);
    expect(seen(line!)).toBe('Li Wei 🌹');
    expect(setText('王秀英', 'bold', 1000, measure)).toEqual([]);
  });

  it('breaks at spaces to fit the width, and a word longer than a line between characters', () => {
    const text = 'Forever in our hearts שלום עולם سلام عليكم and in the garden';
    const lines = setText(text, 'italic', 160, measure);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(line.width).toBeLessThanOrEqual(160);
    const long = setText('x'.repeat(80), 'bold', 200, measure);
    expect(long.length).toBeGreaterThan(1);
    expect(long.map(seen).join('')).toBe('x'.repeat(80));
  });
});

describe('the bidirectional levels', () => {
  const levels = (text: string) => {
    const types = [...text].map(bidiType);
    return resolveLevels(types, paragraphLevel(types)).join('');
  };

  it('follows the paragraph’s first strong letter and the text around each space', () => {
    expect(levels('ab אב cd')).toBe('00011000');
    expect(levels('אב ab גד')).toBe('11122111');
    expect(levels('אב 12 גד')).toBe('11122111');
    // An Arabic letter turns the digits after it into an Arabic number.
    expect(levels('ab عا 12')).toBe('00011122');
    // A percent sign belongs to the number; a full stop at the end to the paragraph.
    expect(levels('אב 50%.')).toBe('1112221');
  });
});
