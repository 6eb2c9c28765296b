import type { PosterStyle } from './poster-fonts.js';
import { paragraphReadsRightToLeft, setText, type Piece, type SetLine } from './poster-text.js';

/*
 * Text set for print, shared by the poster and the memorial book: a block is measured first (its
 * lines and their heights), then drawn piece by piece with the faces `setText` chose
 * (docs/decisions/0100-the-poster-prints-what-was-typed.md, 0124-the-memorial-book.md).
 */

/** How a block's lines sit in their column: centred, or from the side its paragraph starts on. */
export type Align = 'center' | 'start';

/** A block of text as set: its lines and the height they take. */
export interface SetBlock {
  lines: SetLine[];
  size: number;
  color: string;
  gap: number;
  height: number;
  align: Align;
  /** The paragraph reads right to left (Hebrew, Arabic): `start` puts its lines on the right. */
  rightToLeft: boolean;
}

/** The height of a line: the tallest face in it, above and below the baseline (pdfkit's own). */
export function lineMetrics(line: SetLine, size: number): { ascent: number; height: number } {
  const faces = line.pieces.map((piece) => piece.face);
  const ascent = Math.max(...faces.map((face) => face.ascent)) * size;
  const below = Math.max(...faces.map((face) => face.descent + face.lineGap)) * size;
  return { ascent, height: ascent + below };
}

/** Draws one line of a block with its top at `top`, placed in the column as the block says. */
export function drawLine(
  doc: PDFKit.PDFDocument,
  block: SetBlock,
  line: SetLine,
  left: number,
  column: number,
  top: number,
): number {
  const { ascent, height } = lineMetrics(line, block.size);
  let x =
    block.align === 'center'
      ? left + (column - line.width) / 2
      : block.rightToLeft
        ? left + column - line.width
        : left;
  for (const piece of line.pieces) {
    doc.font(piece.face.id).fontSize(block.size).fillColor(block.color);
    doc.text(piece.drawText, x, top + ascent, {
      lineBreak: false,
      baseline: 'alphabetic',
      // Any features at all make pdfkit lay the piece out whole rather than word by word, so
      // right-to-left text is reversed as a run (decision 0100).
      features: [],
    });
    x += doc.widthOfString(piece.text, { features: [] });
  }
  return height;
}

/** Draws each line of a block from `top` down. */
export function drawBlock(
  doc: PDFKit.PDFDocument,
  block: SetBlock,
  left: number,
  column: number,
  top: number,
): void {
  let y = top;
  for (const line of block.lines) y += drawLine(doc, block, line, left, column, y);
}

/** Sets text in the document's faces for a column `column` points wide. */
export type Setter = (
  text: string,
  style: PosterStyle,
  fontSize: number,
  gap: number,
  color: string,
  align?: Align,
) => SetBlock;

/** A setter for `doc` (whose faces are registered by id) and a column of `column` points. */
export function setterFor(doc: PDFKit.PDFDocument, column: number): Setter {
  return (text, style, fontSize, gap, color, align = 'center') => {
    const widths = new Map<string, number>();
    const measure = (piece: Piece) => {
      const key = `${piece.face.id}\n${piece.text}`;
      let found = widths.get(key);
      if (found === undefined) {
        doc.font(piece.face.id).fontSize(fontSize);
        found = doc.widthOfString(piece.text, { features: [] });
        widths.set(key, found);
      }
      return found;
    };
    const lines = text ? setText(text, style, column, measure) : [];
    const height = lines.reduce((sum, line) => sum + lineMetrics(line, fontSize).height, 0);
    return {
      lines,
      size: fontSize,
      color,
      gap: lines.length ? gap : 0,
      height,
      align,
      rightToLeft: paragraphReadsRightToLeft(text),
    };
  };
}
