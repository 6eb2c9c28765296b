/*
 * What the printable poster can print (docs/decisions/0100-the-poster-prints-what-was-typed.md).
 * The poster embeds fonts for Latin, Greek, Cyrillic, Hebrew, Arabic and emoji; a character none
 * of them has is left out of the poster, and the form that edits the name and the poster line
 * names it before anything is printed. The ranges are made from the server's fonts, and a server
 * test fails when they no longer match.
 *
 * Plain data with no imports: the memorial form reads it as the family types.
 */
import { POSTER_PRINTABLE_RANGES } from './poster-coverage.js';

/** Whether the poster prints the code point: some font draws it, or it is a space or invisible. */
export function printsOnPoster(codePoint: number): boolean {
  // The ranges are flattened pairs [first, last]: find the last pair starting at or before it.
  let low = 0;
  let high = POSTER_PRINTABLE_RANGES.length / 2 - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const first = POSTER_PRINTABLE_RANGES[middle * 2]!;
    const last = POSTER_PRINTABLE_RANGES[middle * 2 + 1]!;
    if (codePoint < first) high = middle - 1;
    else if (codePoint > last) low = middle + 1;
    else return true;
  }
  return false;
}

/**
 * The characters of `text` that will not print on the poster, each once, in the order they first
 * appear: what the server leaves out when it draws the poster.
 */
export function posterUnprintable(text: string): string[] {
  const missing = new Set<string>();
  for (const char of text) {
    if (!printsOnPoster(char.codePointAt(0)!)) missing.add(char);
  }
  return [...missing];
}
