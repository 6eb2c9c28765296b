import {
  SHORT_CODE_ALPHABET,
  SHORT_CODE_LENGTH,
  UNLISTED_SHORT_CODE_LENGTH,
} from '@rips/shared/memorials';

/** The memorial's short link as people type it or scan it: absolute, from PUBLIC_URL. */
export function shortUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/m/${code}`;
}

/** The memorial's calendar feed of anniversaries, beside its short link (decision 0109). */
export function calendarUrl(publicUrl: string, code: string): string {
  return `${shortUrl(publicUrl, code)}/calendar.ics`;
}

const CODE = new RegExp(
  `^(?:[${SHORT_CODE_ALPHABET}]{${SHORT_CODE_LENGTH}}|[${SHORT_CODE_ALPHABET}]{${UNLISTED_SHORT_CODE_LENGTH}})$`,
);

/** Printed codes of unlisted memorials are grouped by six: `abcdef-ghjkmn-pqrstu`. */
const PRINT_GROUP = 6;

/**
 * A code as typed from a poster: case does not matter, and spaces and hyphens (the printed
 * grouping) are dropped. Null when it cannot be a code (the link then leads to the not-found page).
 */
export function normalizeShortCode(input: string): string | null {
  const code = input.toLowerCase().replace(/[\s-]/g, '');
  return CODE.test(code) ? code : null;
}

/** A code as printed: a long one in groups of six, so that it can be read out and typed. */
export function printedShortCode(code: string): string {
  if (code.length <= SHORT_CODE_LENGTH) return code;
  return code.match(new RegExp(`.{1,${PRINT_GROUP}}`, 'g'))!.join('-');
}
