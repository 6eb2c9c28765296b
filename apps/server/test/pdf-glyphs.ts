import { inflateSync } from 'node:zlib';

/**
 * The glyph ids a PDF draws, from the hexadecimal strings of its text operators (pdfkit writes
 * two bytes a glyph, Identity-H): id 0 is the font's missing-glyph box.
 */
export function drawnGlyphIds(pdf: Buffer): number[] {
  const ids: number[] = [];
  const text = pdf.toString('latin1');
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, text.indexOf('endstream', start))).toString(
        'latin1',
      );
    } catch {
      continue; // not a compressed stream (a JPEG)
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      for (const [, hex] of array[1]!.matchAll(/<([0-9a-f]*)>/gi)) {
        for (let i = 0; i < hex!.length; i += 4) ids.push(parseInt(hex!.slice(i, i + 4), 16));
      }
    }
  }
  return ids;
}
