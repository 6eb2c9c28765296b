import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The memorial page (its route module and loader's data, app/routes/post*.ts*) and the sections
 * that paint with it (every `features/<feature>/components/<name>-section.tsx`) must not load the schema library: zod is about 23 KB compressed, and it
 * arrives with the forms, which are their own chunks, when someone opens one. This walks their
 * static imports (not `import type`, not `import()`), through the web's `@/` prefix and the
 * shared package's sources, and names the path by which zod would come in.
 */

const WEB_SRC = fileURLToPath(new URL('.', import.meta.url));
const SHARED_SRC = fileURLToPath(new URL('../../../packages/shared/src/', import.meta.url));

const ENTRIES = [
  path.join(WEB_SRC, 'app/routes/post.tsx'),
  path.join(WEB_SRC, 'app/routes/post-data.ts'),
  path.join(WEB_SRC, 'features/memorials/components/memorial-page.tsx'),
  ...readdirSync(path.join(WEB_SRC, 'features')).flatMap((feature) => {
    const dir = path.join(WEB_SRC, 'features', feature, 'components');
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((name) => name.endsWith('-section.tsx') && !name.startsWith('home-'))
      .map((name) => path.join(dir, name));
  }),
];

/** Value imports and re-exports of a module's source; type-only ones and `import()` are left out. */
function staticImports(source: string): string[] {
  const found: string[] = [];
  const pattern = /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/gms;
  for (const match of source.matchAll(pattern)) {
    if (match[2]) continue;
    found.push(match[4]!);
  }
  for (const match of source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) found.push(match[1]!);
  return found;
}

function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(WEB_SRC, specifier.slice(2));
  else if (specifier.startsWith('@rips/shared/')) {
    base = path.join(SHARED_SRC, specifier.slice('@rips/shared/'.length));
  } else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null;
  base = base.replace(/\.js$/, '');
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${specifier} (imported by ${path.relative(WEB_SRC, from)}) was not found`);
}

/** The chain of modules through which `from` loads the package `wanted`, or null. */
function pathTo(wanted: string, entry: string): string[] | null {
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]): string[] | null => {
    if (seen.has(file)) return null;
    seen.add(file);
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      if (specifier === wanted || specifier.startsWith(`${wanted}/`)) return [...chain, wanted];
      if (specifier.endsWith('.css')) continue;
      const next = resolve(file, specifier);
      if (next) {
        const found = walk(next, [...chain, path.relative(WEB_SRC, next)]);
        if (found) return found;
      }
    }
    return null;
  };
  return walk(entry, [path.relative(WEB_SRC, entry)]);
}

describe('what paints with a memorial', () => {
  it('finds the page and its sections', () => {
    expect(ENTRIES.map((entry) => path.basename(entry))).toEqual(
      expect.arrayContaining([
        'post.tsx',
        'post-data.ts',
        'memorial-page.tsx',
        'life-section.tsx',
        'tributes-section.tsx',
      ]),
    );
  });

  it('sees an import of zod when a module makes one (the walk can fail)', () => {
    const timeline = path.join(SHARED_SRC, 'timeline.ts');
    expect(pathTo('zod', timeline)).toEqual(['../../../packages/shared/src/timeline.ts', 'zod']);
  });

  for (const entry of ENTRIES) {
    it(`${path.basename(entry)} loads no zod before a form opens`, () => {
      const chain = pathTo('zod', entry);
      expect(chain, chain ? `zod comes in through ${chain.join(' → ')}` : '').toBeNull();
    });
  }
});
