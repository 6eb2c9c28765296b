import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * mantine.css imports Mantine's stylesheets one component at a time. This test keeps that list
 * whole: it finds every component the app imports from @mantine/* and follows Mantine's own
 * modules from there (a Select is built from an Input, a Combobox, a Popover…) to every
 * stylesheet those components use, and fails when one of them is not imported.
 */

const here = dirname(fileURLToPath(import.meta.url));
const srcDir = resolve(here, '..');
const require = createRequire(import.meta.url);

/** The package's root folder, found from its CommonJS entry (its exports hide package.json). */
function packageRoot(name: string): string {
  let dir = dirname(require.resolve(name));
  while (!statSync(join(dir, 'package.json'), { throwIfNoEntry: false })) dir = dirname(dir);
  return dir;
}

const packages = ['@mantine/core', '@mantine/dates', '@mantine/notifications'] as const;
type MantinePackage = (typeof packages)[number];
const roots = Object.fromEntries(packages.map((p) => [p, packageRoot(p)])) as Record<
  MantinePackage,
  string
>;

const namedImport =
  /import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"](@mantine\/(?:core|dates|notifications))['"]/g;

/** The value names in an `import { … } from '@mantine/…'` list (types and aliases dropped). */
function importedNames(list: string): string[] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('type '))
    .map((part) => part.split(/\s+as\s+/)[0]!.trim());
}

/** Every value imported from a Mantine package, by package, in the given sources. */
function mantineImports(sources: string[]): Map<MantinePackage, Set<string>> {
  const found = new Map<MantinePackage, Set<string>>();
  for (const source of sources) {
    for (const match of source.matchAll(namedImport)) {
      if (match[1]) continue;
      const pkg = match[3] as MantinePackage;
      const names = found.get(pkg) ?? new Set<string>();
      for (const name of importedNames(match[2]!)) names.add(name);
      found.set(pkg, names);
    }
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Where each name exported by a package's ESM index comes from. */
function exportFiles(pkg: MantinePackage): Map<string, string> {
  const indexFile = join(roots[pkg], 'esm/index.mjs');
  const files = new Map<string, string>();
  const index = readFileSync(indexFile, 'utf8');
  for (const match of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g)) {
    for (const name of importedNames(match[1]!)) {
      files.set(name, resolve(dirname(indexFile), match[2]!));
    }
  }
  return files;
}

/** The names of the @mantine/core stylesheets (styles/<Name>.css) the given components need. */
function stylesheetsNeeded(imports: Map<MantinePackage, Set<string>>): Set<string> {
  const exports = new Map(packages.map((p) => [p, exportFiles(p)]));
  const seen = new Set<string>();
  const needed = new Set<string>();
  const queue: string[] = [];
  const enqueue = (pkg: MantinePackage, name: string) => {
    const file = exports.get(pkg)!.get(name);
    if (!file) throw new Error(`${pkg} has no export named ${name}`);
    queue.push(file);
  };
  for (const [pkg, names] of imports) for (const name of names) enqueue(pkg, name);

  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const coreModule = relative(join(roots['@mantine/core'], 'esm'), file);
    const moduleCss = /(?:^|\/)([A-Za-z]+)\.module\.mjs$/.exec(coreModule);
    if (!coreModule.startsWith('..') && moduleCss) needed.add(moduleCss[1]!);
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/(?:from|import)\s*"(\.[^"]+)"/g)) {
      queue.push(resolve(dirname(file), match[1]!));
    }
    // @mantine/dates and @mantine/notifications build on @mantine/core's components.
    for (const match of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*"@mantine\/core"/g)) {
      for (const name of importedNames(match[1]!)) enqueue('@mantine/core', name);
    }
  }
  return needed;
}

function importedStylesheets(css: string): string[] {
  return [...css.matchAll(/@import\s+'@mantine\/core\/styles\/([A-Za-z]+)\.css';/g)].map(
    (m) => m[1]!,
  );
}

describe('mantine.css', () => {
  const css = readFileSync(join(here, 'mantine.css'), 'utf8');
  const imported = importedStylesheets(css);

  it('reads multi-line, aliased and type-only imports the way TypeScript does', () => {
    const found = mantineImports([
      "import {\n  Button,\n  type ButtonProps,\n  Modal as Dialog,\n} from '@mantine/core';",
      "import type { MantineTheme } from '@mantine/core';",
      "import { DatePickerInput } from '@mantine/dates';",
    ]);
    expect([...found.get('@mantine/core')!]).toEqual(['Button', 'Modal']);
    expect([...found.get('@mantine/dates')!]).toEqual(['DatePickerInput']);
  });

  it('follows a component to the stylesheets of the components it is built from', () => {
    const needed = stylesheetsNeeded(new Map([['@mantine/core', new Set(['Select'])]]));
    for (const part of ['Input', 'Combobox', 'Popover', 'ScrollArea']) {
      expect(needed).toContain(part);
    }
    expect(needed).not.toContain('Table');
  });

  it('imports the stylesheet of every Mantine component the app renders', () => {
    const sources = sourceFiles(srcDir).map((file) => readFileSync(file, 'utf8'));
    const needed = stylesheetsNeeded(mantineImports(sources));
    expect(needed.size).toBeGreaterThan(10);
    const missing = [...needed].filter((name) => !imported.includes(name)).sort();
    expect(missing, 'add these to src/styles/mantine.css').toEqual([]);
  });

  it('keeps the order of @mantine/core/styles.css, so equal selectors win the same way', () => {
    const full = readFileSync(join(roots['@mantine/core'], 'styles.css'), 'utf8');
    // styles.css is the component stylesheets one after another; find where each one starts.
    const position = (name: string) => {
      const first = readFileSync(join(roots['@mantine/core'], 'styles', `${name}.css`), 'utf8')
        .trim()
        .split('\n')[0]!;
      const at = full.indexOf(first);
      expect(at, `${name}.css in styles.css`).toBeGreaterThanOrEqual(0);
      return at;
    };
    const order = imported.map((name) => ({ name, at: position(name) }));
    const sorted = [...order].sort((a, b) => a.at - b.at).map((entry) => entry.name);
    expect(imported).toEqual(sorted);
  });
});
