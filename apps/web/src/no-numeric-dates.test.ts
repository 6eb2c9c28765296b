// Every date a person reads is the site's long date ("November 27, 2026", lib/long-date.ts on
// the web, the same words in the server's emails and pages). This test reads the sources of the
// web app and of the server and fails when a numeric or locale-chosen date comes back: a
// toLocaleDateString/toLocaleTimeString, a toLocaleString() with no options, toDateString,
// Intl.DateTimeFormat or dateStyle (all of which print "12/11/2026" or the reader's own order),
// or a month number glued into text ("12/11/2026" built by hand).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SOURCES = ['apps/web/src', 'apps/server/src', 'packages/shared/src'];

const FORBIDDEN: { name: string; pattern: RegExp }[] = [
  { name: 'toLocaleDateString', pattern: /\.toLocaleDateString\(/ },
  { name: 'toLocaleTimeString', pattern: /\.toLocaleTimeString\(/ },
  { name: 'toLocaleString() without options', pattern: /\.toLocaleString\(\s*\)/ },
  { name: 'toDateString', pattern: /\.to(?:Locale)?DateString\(/ },
  { name: 'Intl.DateTimeFormat', pattern: /Intl\.DateTimeFormat/ },
  { name: 'dateStyle', pattern: /\bdateStyle\s*:/ },
  {
    name: 'a month number written into a slashed date',
    pattern: /get(?:UTC)?Month\(\)\s*\+\s*1\)?\s*\}?\s*\/|\/\$\{[^}]*get(?:UTC)?Month\(\)\s*\+\s*1/,
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    const source = /\.(ts|tsx)$/.test(entry.name) && !/\.(test|e2e)\.tsx?$/.test(entry.name);
    return source ? [full] : [];
  });
}

describe('dates people read', () => {
  it('are long dates everywhere: no numeric date format comes back', () => {
    const found: string[] = [];
    const files = SOURCES.flatMap((dir) => sourceFiles(path.join(ROOT, dir)));
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, index) => {
        if (/^\s*(\/\/|\*|\/\*)/.test(line)) return; // a comment may name what it avoids
        // Time-zone arithmetic reads a zone's name or a wall clock's parts as numbers: no date
        // is printed from it (the events' times, packages/shared/src/events.ts).
        if (/Intl\.DateTimeFormat\(.*\)\.(resolvedOptions|formatToParts)\(/.test(line)) return;
        for (const { name, pattern } of FORBIDDEN) {
          if (pattern.test(line)) found.push(`${path.relative(ROOT, file)}:${index + 1} ${name}`);
        }
      });
    }
    expect(found).toEqual([]);
  });

  it('catches the formats it is meant to catch', () => {
    const caught = (line: string) => FORBIDDEN.some(({ pattern }) => pattern.test(line));
    expect(caught('new Date(iso).toLocaleDateString()')).toBe(true);
    expect(caught("date.toLocaleDateString('en-US', { month: 'long' })")).toBe(true);
    expect(caught('date.toLocaleString()')).toBe(true);
    expect(caught("new Intl.DateTimeFormat('en-US').format(date)")).toBe(true);
    expect(caught('`${d.getMonth() + 1}/${d.getDate()}/${d.getFullYear()}`')).toBe(true);
    expect(caught("n.toLocaleString('en-US')")).toBe(false);
    expect(caught("date.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })")).toBe(false);
  });
});
