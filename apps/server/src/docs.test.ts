// The documents a newcomer and an operator read stay short, complete and pointing at real things:
// the README fits in ten minutes, every setting the server reads is in docs/operations.md, every
// decision record is in the index, and links and section citations lead somewhere.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** The text of a Markdown section, from its heading to the next heading of the same level. */
function section(markdown: string, heading: string): string {
  const level = /^#+/.exec(heading)![0];
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) return '';
  const rest = markdown.slice(start + heading.length + 2);
  const end = rest.search(new RegExp(`^${level} `, 'm'));
  return end < 0 ? rest : rest.slice(0, end);
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir))) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'dist-ssr') continue;
    const rel = path.posix.join(dir, entry);
    if (statSync(path.join(ROOT, rel)).isDirectory()) out.push(...filesUnder(rel, keep));
    else if (keep(rel)) out.push(rel);
  }
  return out;
}

describe('README', () => {
  it('is read in ten minutes: at most 150 lines', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(150);
  });

  it('names the two commands and links the documents that took its old sections', () => {
    const readme = read('README.md');
    for (const text of [
      'npm ci && npm start',
      'npm ci && npm test',
      'docs/operations.md',
      'docs/api.md',
      'docs/product.md',
      'docs/decisions/README.md',
    ]) {
      expect(readme, text).toContain(text);
    }
  });
});

describe('docs/operations.md', () => {
  it('describes, in its configuration section, every setting config.ts reads', () => {
    const source = read('apps/server/src/config.ts');
    const schema = source.slice(
      source.indexOf('const EnvSchema = z'),
      source.indexOf('.superRefine(', source.indexOf('const EnvSchema = z')),
    );
    const settings = [...schema.matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
    expect(settings.length).toBeGreaterThan(50);
    const configuration = section(read('docs/operations.md'), '## Configuration');
    const missing = settings.filter((name) => !configuration.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });

  it('describes every setting .env.example offers', () => {
    const offered = [...read('.env.example').matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map(
      (m) => m[1]!,
    );
    expect(offered.length).toBeGreaterThan(50);
    const operations = read('docs/operations.md');
    expect(offered.filter((name) => !operations.includes(`\`${name}\``))).toEqual([]);
  });
});

const INDEX = 'docs/decisions/README.md';

describe(INDEX, () => {
  const index = () => (existsSync(path.join(ROOT, INDEX)) ? read(INDEX) : '');
  const records = readdirSync(path.join(ROOT, 'docs/decisions')).filter((f) =>
    /^\d{4}-.+\.md$/.test(f),
  );

  it('has one line per record, with its status', () => {
    const missing = records.filter((file) => {
      const line = index()
        .split('\n')
        .find((l) => l.includes(`(${file})`));
      return !line || !/\| (accepted|amended by \d{4}|superseded|stale)/.test(line);
    });
    expect(records.length).toBeGreaterThan(70);
    expect(missing).toEqual([]);
  });

  it('each status names records that exist', () => {
    const numbers = new Set(records.map((f) => f.slice(0, 4)));
    for (const line of index()
      .split('\n')
      .filter((l) => /^\| \[\d{4}\]/.test(l))) {
      const [, , status] = line.split('|');
      for (const n of status!.match(/\b\d{4}\b/g) ?? []) expect(numbers, line).toContain(n);
    }
  });
});

describe('links and citations', () => {
  const documents = ['README.md', ...filesUnder('docs', (f) => f.endsWith('.md'))];

  it('every relative link in the documents leads to a file, and every anchor to a heading', () => {
    const broken: string[] = [];
    for (const doc of documents) {
      const text = read(doc).replace(/```[\s\S]*?```/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const [file, hash] = target!.split('#');
        const resolved = file ? path.posix.join(path.posix.dirname(doc), file) : doc;
        if (!existsSync(path.join(ROOT, resolved))) {
          broken.push(`${doc}: ${target}`);
          continue;
        }
        if (hash && resolved.endsWith('.md')) {
          const headings = [...read(resolved).matchAll(/^#+ (.+)$/gm)].map((m) => anchor(m[1]!));
          if (!headings.includes(hash)) broken.push(`${doc}: ${target}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('code that cites docs/product.md names a section it has', () => {
    const sections = new Set(
      [...read('docs/product.md').matchAll(/^## (\d+)\. /gm)].map((m) => m[1]!),
    );
    const code = ['apps', 'packages', 'e2e', 'scripts', 'bench'].flatMap((dir) =>
      filesUnder(dir, (f) => /\.(ts|tsx|mts|mjs|js)$/.test(f)),
    );
    const citations = code.flatMap((file) =>
      [...read(file).matchAll(/docs\/product\.md §(\d+)/g)].map((m) => ({ file, n: m[1]! })),
    );
    expect(citations.length).toBeGreaterThan(0);
    expect(citations.filter((c) => !sections.has(c.n))).toEqual([]);
  });
});
