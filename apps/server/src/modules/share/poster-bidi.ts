/*
 * The order a line of mixed scripts is read in, for the poster: the Unicode Bidirectional
 * Algorithm (UAX #9) for one paragraph without explicit embeddings, which one-line fields refuse
 * (docs/decisions/0089-text-fields-refuse-control-characters.md). Hebrew and Arabic runs read
 * right to left, numbers within them left to right, and spaces and punctuation take the direction
 * of the text around them (docs/decisions/0100-the-poster-prints-what-was-typed.md).
 */

/** The bidirectional types this subset of the algorithm tells apart (UAX #9, table 4). */
export type BidiType = 'L' | 'R' | 'AL' | 'EN' | 'AN' | 'ES' | 'ET' | 'CS' | 'NSM' | 'WS' | 'ON';

const MARK = /^\p{M}$/u;
const ARABIC_LETTER = /^[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\u0640\u061c]$/u;
const HEBREW_LETTER =
  /^[\p{Script=Hebrew}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\u200f]$/u;
const DIGIT = /^\p{Nd}$/u;
const SEPARATOR = /^[,.:/\u00a0\u060c\u202f\u2044]$/u;
const TERMINATOR = /^[#%\u00b0\u2030-\u2034\u066a\p{Sc}]$/u;
const SPACE = /^\s$/u;
const LETTER = /^[\p{L}\p{Nl}\p{Mc}\u200e]$/u;

/** The type of one character (Arabic digits are AN, extended Arabic-Indic ones EN). */
export function bidiType(char: string): BidiType {
  const cp = char.codePointAt(0)!;
  if ((cp >= 0x0660 && cp <= 0x0669) || cp === 0x066b || cp === 0x066c) return 'AN';
  if ((cp >= 0x0600 && cp <= 0x0605) || cp === 0x06dd) return 'AN';
  if (cp >= 0x06f0 && cp <= 0x06f9) return 'EN';
  if (MARK.test(char) && !/^\p{Mc}$/u.test(char)) return 'NSM';
  if (ARABIC_LETTER.test(char)) return 'AL';
  if (HEBREW_LETTER.test(char)) return 'R';
  if (DIGIT.test(char)) return 'EN';
  if (cp === 0x2b || cp === 0x2d || cp === 0x2212) return 'ES';
  if (SEPARATOR.test(char)) return 'CS';
  if (TERMINATOR.test(char)) return 'ET';
  if (SPACE.test(char)) return 'WS';
  if (LETTER.test(char)) return 'L';
  return 'ON';
}

/** The paragraph's level from its first strong character (rules P2, P3): 0 left to right. */
export function paragraphLevel(types: readonly BidiType[]): 0 | 1 {
  for (const type of types) {
    if (type === 'L') return 0;
    if (type === 'R' || type === 'AL') return 1;
  }
  return 0;
}

/** The embedding level of each character of a paragraph (rules W1–W7, N1, N2, I1, I2). */
export function resolveLevels(types: readonly BidiType[], paragraph: 0 | 1): number[] {
  const t = [...types];
  const n = t.length;
  const sos: BidiType = paragraph ? 'R' : 'L';
  // W1: a mark takes the type of what it is on.
  for (let i = 0; i < n; i++) if (t[i] === 'NSM') t[i] = i === 0 ? sos : t[i - 1]!;
  // W2: European digits after Arabic letters are Arabic numbers. W3: Arabic letters are R.
  let strong: BidiType = sos;
  for (let i = 0; i < n; i++) {
    if (t[i] === 'L' || t[i] === 'R' || t[i] === 'AL') strong = t[i]!;
    else if (t[i] === 'EN' && strong === 'AL') t[i] = 'AN';
  }
  for (let i = 0; i < n; i++) if (t[i] === 'AL') t[i] = 'R';
  // W4: one separator between two numbers of a kind joins them.
  for (let i = 1; i < n - 1; i++) {
    const [before, after] = [t[i - 1], t[i + 1]];
    if (t[i] === 'ES' && before === 'EN' && after === 'EN') t[i] = 'EN';
    else if (t[i] === 'CS' && before === after && (before === 'EN' || before === 'AN')) {
      t[i] = before!;
    }
  }
  // W5: terminators (%, currency) beside a European number belong to it.
  for (let i = 0; i < n; i++) {
    if (t[i] !== 'ET') continue;
    let end = i;
    while (end < n && t[end] === 'ET') end++;
    if (t[i - 1] === 'EN' || t[end] === 'EN') t.fill('EN', i, end);
    i = end - 1;
  }
  // W6: the other separators and terminators are neutral.
  for (let i = 0; i < n; i++) if (t[i] === 'ES' || t[i] === 'ET' || t[i] === 'CS') t[i] = 'ON';
  // W7: European numbers in left-to-right text are left to right.
  strong = sos;
  for (let i = 0; i < n; i++) {
    if (t[i] === 'L' || t[i] === 'R') strong = t[i]!;
    else if (t[i] === 'EN' && strong === 'L') t[i] = 'L';
  }
  // N1, N2: neutrals between text of one direction take it, others the paragraph's.
  const side = (type: BidiType | undefined): 'L' | 'R' => (type === 'L' ? 'L' : 'R');
  for (let i = 0; i < n; i++) {
    if (t[i] !== 'WS' && t[i] !== 'ON') continue;
    let end = i;
    while (end < n && (t[end] === 'WS' || t[end] === 'ON')) end++;
    const before = side(i === 0 ? sos : t[i - 1]);
    const after = side(end === n ? sos : t[end]);
    t.fill(before === after ? before : sos, i, end);
    i = end - 1;
  }
  // I1, I2.
  return t.map((type) => {
    if (paragraph === 0) return type === 'R' ? 1 : type === 'EN' || type === 'AN' ? 2 : 0;
    return type === 'L' || type === 'EN' || type === 'AN' ? 2 : 1;
  });
}

/**
 * The items of one line in the order they are drawn, left to right (rule L2): from the highest
 * level down to the lowest odd one, every run at that level or above is reversed. An item that
 * reads right to left is reversed within itself by whoever draws it.
 */
export function visualOrder<T>(items: readonly T[], levels: readonly number[]): T[] {
  const order = items.map((_, i) => i);
  if (order.length === 0) return [];
  const highest = Math.max(...levels);
  const lowestOdd = Math.min(...levels) | 1;
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < order.length; i++) {
      if (levels[order[i]!]! < level) continue;
      let end = i;
      while (end < order.length && levels[order[end]!]! >= level) end++;
      order.splice(i, end - i, ...order.slice(i, end).reverse());
      i = end;
    }
  }
  return order.map((i) => items[i]!);
}
