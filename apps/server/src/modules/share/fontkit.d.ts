// fontkit ships no types; this is the part of its API the poster uses (the same fontkit pdfkit
// draws with, so what it says a font covers is what pdfkit will find).
declare module 'fontkit' {
  export interface Glyph {
    id: number;
    codePoints: number[];
    advanceWidth: number;
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    advanceWidth: number;
  }
  export interface Font {
    postscriptName: string;
    unitsPerEm: number;
    ascent: number;
    descent: number;
    lineGap: number;
    /** Every code point the font's character map gives a glyph. */
    characterSet: number[];
    availableFeatures: string[];
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string, features?: string[]): GlyphRun;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
