import { SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH } from '@rips/shared/memorials';

/** The memorial's short link as people type it or scan it: absolute, from PUBLIC_URL. */
export function shortUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/m/${code}`;
}

const CODE = new RegExp(`^[${SHORT_CODE_ALPHABET}]{${SHORT_CODE_LENGTH}}$`);

/**
 * A code as typed from a poster: case does not matter and surrounding spaces are dropped. Null
 * when it cannot be a code (the link then leads to the not-found page without a query).
 */
export function normalizeShortCode(input: string): string | null {
  const code = input.trim().toLowerCase();
  return CODE.test(code) ? code : null;
}
