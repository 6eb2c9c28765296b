import { z } from 'zod';

/*
 * Text a person types is text, not layout: every field of a request that holds words goes through
 * `lineText` (names, titles, places, captions: one line) or `blockText` (descriptions, prayers,
 * messages: several lines), so none can carry a control character
 * (docs/decisions/0089-text-fields-refuse-control-characters.md).
 */

/**
 * Never in a one-line field: C0 controls (tab and line breaks included), DEL and C1 controls,
 * the line and paragraph separators U+2028/U+2029, and the bidi embeddings, overrides and
 * isolates U+202A-U+202E and U+2066-U+2069, which reorder the text around a name where it shows.
 */
// eslint-disable-next-line no-control-regex
const NOT_IN_A_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/**
 * Never in a field of several lines: the controls above except tab, line feed and carriage return
 * (browsers send a textarea's line breaks as CR LF). Bidi marks stay allowed: a block is its own
 * paragraph, and a family writing in Arabic or Hebrew may paste them.
 */
// eslint-disable-next-line no-control-regex
const NOT_IN_A_BLOCK = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/u;

/** Whether `value` may be stored in a one-line field. */
export function isLineText(value: string): boolean {
  return !NOT_IN_A_LINE.test(value);
}

/** Whether `value` may be stored in a field of several lines. */
export function isBlockText(value: string): boolean {
  return !NOT_IN_A_BLOCK.test(value);
}

/**
 * The same rules as JSON Schema patterns, for the API document: surrounding white space (which
 * the field trims away) may hold anything white, the text between holds none of the characters
 * above. `\s` is exactly what `String.prototype.trim` removes.
 */
const allowedBetweenSpaces = (refused: RegExp) => `^\\s*${refused.source.replace('[', '[^')}*\\s*$`;
export const LINE_TEXT_PATTERN = allowedBetweenSpaces(NOT_IN_A_LINE);
export const BLOCK_TEXT_PATTERN = allowedBetweenSpaces(NOT_IN_A_BLOCK);
const LINE_TEXT_DESCRIPTION =
  'One line of plain text, trimmed: no control characters, line breaks or bidi overrides.';
const BLOCK_TEXT_DESCRIPTION =
  'Plain text, trimmed: line breaks and tabs are kept, other control characters are refused.';

export const lineTextMessage = (label: string) =>
  `${label} must be plain text on one line, without control characters.`;
export const blockTextMessage = (label: string) =>
  `${label} must be plain text, without control characters (line breaks and tabs are fine).`;

/**
 * A one-line text field, trimmed: `label` names it in the refusal ("The name"). Chain `.min()`
 * and `.max()` after it as for any string, not `.regex()`: the API document states the rule as
 * the field's `pattern`, which a regex would replace there.
 */
export function lineText(label: string, params?: Parameters<typeof z.string>[0]) {
  return z
    .string(params)
    .trim()
    .refine(isLineText, lineTextMessage(label))
    .meta({ pattern: LINE_TEXT_PATTERN, description: LINE_TEXT_DESCRIPTION });
}

/** A text field of several lines (newlines and tabs kept), trimmed. */
export function blockText(label: string, params?: Parameters<typeof z.string>[0]) {
  return z
    .string(params)
    .trim()
    .refine(isBlockText, blockTextMessage(label))
    .meta({ pattern: BLOCK_TEXT_PATTERN, description: BLOCK_TEXT_DESCRIPTION });
}

/** Which helper made a string schema, for the test that walks every schema: null for neither. */
export function textKind(schema: z.ZodType): 'line' | 'block' | null {
  const checks = (schema as z.ZodString)._zod.def.checks ?? [];
  for (const check of checks) {
    const fn = (check._zod.def as { fn?: unknown }).fn;
    if (fn === isLineText) return 'line';
    if (fn === isBlockText) return 'block';
  }
  return null;
}
