import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  BLOCK_TEXT_PATTERN,
  blockText,
  isBlockText,
  isLineText,
  LINE_TEXT_PATTERN,
  lineText,
  textKind,
} from './text.js';

/**
 * Strings of requests that are not words a person types, by field name: identifiers and tokens
 * (checked for shape or looked up, never shown), secrets, addresses, dates and years, search
 * words, and names from a fixed list. Every other bounded string of a schema must come from
 * lineText or blockText.
 */
const NOT_TEXT = new Set([
  // Identifiers and emailed tokens: looked up, never stored as given.
  '_id',
  'id',
  'userId',
  'postId',
  'itemId',
  'requestId',
  'invitationId',
  'addressId',
  'jobId',
  'ids',
  'token',
  'cursor',
  'code',
  '*',
  // Secrets: any character a password manager makes.
  'password',
  'currentPassword',
  'newPassword',
  'confirmNewPassword',
  // An address (email format) or a username (letters, digits, . _ - only); on login, a lookup.
  'email',
  'guestEmail',
  'userName',
  // A web address: parsed as a URL (https only), never shown as typed.
  'url',
  'livestreamUrl',
  'recordingUrl',
  // Dates and years: a fixed format.
  'date',
  'dateOfBirth',
  'deathDate',
  'dateOfDeath',
  'from',
  'to',
  // An event's wall-clock times (`2026-12-04T14:30`) and its IANA time zone, checked by Intl.
  'startsLocal',
  'endsLocal',
  'timeZone',
  // Search words: never stored.
  'q',
  'search',
  // Names from a fixed list (a tribute kind, a bouquet, a paper size).
  'kind',
  'bouquet',
  'size',
]);

interface Leaf {
  where: string;
  field: string;
  schema: z.ZodType;
}

/** Every string schema inside `schema`, with where it sits. */
function stringsIn(
  schema: z.ZodType,
  where: string,
  field: string,
  out: Leaf[],
  seen: Set<unknown>,
): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = (schema as z.ZodType)._zod.def as unknown as Record<string, unknown> & {
    type: string;
  };
  const visit = (inner: unknown, at = where, name = field): void =>
    stringsIn(inner as z.ZodType, at, name, out, seen);
  switch (def.type) {
    case 'string':
      out.push({ where, field, schema });
      return;
    case 'object':
      for (const [key, value] of Object.entries(def['shape'] as Record<string, unknown>)) {
        visit(value, `${where}.${key}`, key);
      }
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return visit(def['innerType']);
    case 'pipe':
      visit(def['in']);
      return visit(def['out']);
    case 'union':
      for (const option of def['options'] as unknown[]) visit(option);
      return;
    case 'array':
      return visit(def['element'], `${where}[]`);
    case 'intersection':
      visit(def['left']);
      return visit(def['right']);
    case 'record':
      return visit(def['valueType'], `${where}{}`);
    default:
      return;
  }
}

const isSchema = (value: unknown): value is z.ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value;

/** Every string schema of every schema exported by this package. */
async function everyString(): Promise<Leaf[]> {
  const dir = fileURLToPath(new URL('.', import.meta.url));
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const out: Leaf[] = [];
  const seen = new Set<unknown>();
  for (const file of files) {
    const module = (await import(/* @vite-ignore */ `./${file.replace(/\.ts$/, '.js')}`)) as Record<
      string,
      unknown
    >;
    for (const [name, value] of Object.entries(module)) {
      if (isSchema(value)) stringsIn(value, `${file}:${name}`, name, out, seen);
    }
  }
  return out;
}

/** A string a request carries is bounded (it has checks); one an answer carries has none. */
const takenFromRequests = (leaf: Leaf) =>
  ((leaf.schema as z.ZodString)._zod.def.checks ?? []).length > 0;

describe('text fields', () => {
  it('every bounded string of every schema is one-line text, block text, or named as not text', async () => {
    const strings = await everyString();
    const requestStrings = strings.filter(takenFromRequests);
    expect(requestStrings.length).toBeGreaterThan(40);
    const unmarked = requestStrings
      .filter((leaf) => textKind(leaf.schema) === null && !NOT_TEXT.has(leaf.field))
      .map((leaf) => leaf.where);
    expect(unmarked).toEqual([]);
    // The walk reaches the fields people type, through objects, defaults, pipes and arrays.
    const reached = (kind: 'line' | 'block') =>
      new Set(requestStrings.filter((l) => textKind(l.schema) === kind).map((l) => l.field));
    for (const field of ['fullName', 'title', 'birthPlace', 'caption', 'posterLine', 'lastName']) {
      expect(reached('line').has(field), field).toBe(true);
    }
    for (const field of ['description', 'prayerText', 'message', 'reason', 'comment']) {
      expect(reached('block').has(field), field).toBe(true);
    }
  });

  it('each one-line field refuses controls, line breaks and bidi overrides, naming itself', async () => {
    const lines = (await everyString()).filter((leaf) => textKind(leaf.schema) === 'line');
    expect(lines.length).toBeGreaterThan(20);
    for (const { where, schema } of lines) {
      expect(schema.safeParse('Anna Maria').success, where).toBe(true);
      for (const bad of [
        'Ann\u0007a',
        'Ann\na',
        'Ann\ta',
        'Ann\u0085a',
        'Ann\u202ea',
        'Ann\u2066a',
        'Ann\u2028a',
      ]) {
        const result = schema.safeParse(bad);
        expect(result.success, `${where} ${JSON.stringify(bad)}`).toBe(false);
        expect(result.error?.issues[0]?.message).toMatch(/on one line, without control characters/);
      }
    }
  });

  it('each field of several lines keeps newlines and tabs but refuses other controls', async () => {
    const blocks = (await everyString()).filter((leaf) => textKind(leaf.schema) === 'block');
    expect(blocks.length).toBeGreaterThan(5);
    for (const { where, schema } of blocks) {
      expect(schema.safeParse('First line\r\nSecond\tline \u202bمرحبا\u202c').success, where).toBe(
        true,
      );
      for (const bad of ['Bad\u0000', 'Bad\u001b[2J', 'Bad\u009b', 'Bad\u2029more']) {
        expect(schema.safeParse(bad).success, `${where} ${JSON.stringify(bad)}`).toBe(false);
      }
    }
  });

  it('the API document’s patterns accept exactly what the helpers accept', () => {
    // Every string of up to three characters drawn from text, white space the fields trim, and
    // the characters each helper refuses.
    const alphabet = [
      ...['a', 'é', '李', '😀', ' ', '\u00a0', '\u3000', '\ufeff', '\u200f'],
      ...['\t', '\n', '\r', '\u000b', '\u0000', '\u001b', '\u007f', '\u0085', '\u009b'],
      ...['\u2028', '\u2029', '\u202b', '\u202e', '\u2066', '\u2069'],
    ];
    const samples = [''];
    for (let length = 1; length <= 3; length++) {
      for (const start of samples.filter((s) => [...s].length === length - 1)) {
        for (const c of alphabet) samples.push(start + c);
      }
    }
    expect(samples.length).toBeGreaterThan(8000);
    for (const [schema, pattern] of [
      [lineText('The name'), LINE_TEXT_PATTERN],
      [blockText('The message'), BLOCK_TEXT_PATTERN],
    ] as const) {
      // JSON Schema patterns are ECMA-262 regular expressions; validators use the `u` flag.
      const regex = new RegExp(pattern, 'u');
      const disagree = samples.filter((s) => schema.safeParse(s).success !== regex.test(s));
      expect(disagree.map((s) => JSON.stringify(s))).toEqual([]);
    }
  });

  it('the helpers name the field in their message and trim like any text field', () => {
    expect(lineText('The title').safeParse('a\u0000b').error?.issues[0]?.message).toBe(
      'The title must be plain text on one line, without control characters.',
    );
    expect(blockText('The prayer').parse('  Rest now.\n  ')).toBe('Rest now.');
    expect(isLineText('Zoë Ō’Brien-Łukasz 李')).toBe(true);
    expect(isBlockText('\u0007')).toBe(false);
  });
});
