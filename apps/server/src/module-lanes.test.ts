import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Server modules keep three lanes (docs/decisions/0090-services-call-repositories.md): a route
 * calls its service, a service calls repositories, and only repositories build SQL. The rule that
 * says so lives in eslint.config.js; these tests read the project's own configuration.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const src = fileURLToPath(new URL('./', import.meta.url));
const eslint = new ESLint({ cwd: root });
const RULE = '@typescript-eslint/no-restricted-imports';

async function laneErrors(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result!.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

const inModule = (file: string) => `apps/server/src/modules/gifts/${file}`;

describe('the lanes of a server module', () => {
  it('refuses a route that calls a repository or builds SQL', async () => {
    const repo = await laneErrors(
      "import { findGift } from './gifts.repository.js';\nexport const a = findGift;\n",
      inModule('gifts.routes.ts'),
    );
    expect(repo).toEqual([expect.stringMatching(/calls its service/)]);
    const otherRepo = await laneErrors(
      "import { findUserById } from '../users/users.repository.js';\nexport const a = findUserById;\n",
      inModule('gifts.routes.ts'),
    );
    expect(otherRepo).toHaveLength(1);
    const sql = await laneErrors(
      "import { eq } from 'drizzle-orm';\nimport { gifts } from '../../db/schema/index.js';\nexport const a = [eq, gifts];\n",
      inModule('gifts.routes.ts'),
    );
    expect(sql).toHaveLength(2);
  });

  it('refuses a service that builds SQL, and lets it name a row type and call a repository', async () => {
    const builders = await laneErrors(
      "import { and, eq, sql } from 'drizzle-orm';\nexport const a = [and, eq, sql];\n",
      inModule('gifts.service.ts'),
    );
    expect(builders).toEqual([expect.stringMatching(/builds no SQL/)]);
    const tables = await laneErrors(
      "import { memorials } from '../../db/schema/index.js';\nexport const a = memorials;\n",
      inModule('gifts.service.ts'),
    );
    expect(tables).toEqual([expect.stringMatching(/builds no SQL/)]);
    const allowed = await laneErrors(
      [
        "import type { SQL } from 'drizzle-orm';",
        "import type { memorials } from '../../db/schema/index.js';",
        "import * as repo from './gifts.repository.js';",
        'export type A = [SQL, typeof memorials];',
        'export const b = repo;',
      ].join('\n') + '\n',
      inModule('gifts.service.ts'),
    );
    expect(allowed).toEqual([]);
    // A repository is where the SQL lives.
    const inRepository = await laneErrors(
      "import { eq } from 'drizzle-orm';\nimport { memorials } from '../../db/schema/index.js';\nexport const a = [eq, memorials];\n",
      inModule('gifts.repository.ts'),
    );
    expect(inRepository).toEqual([]);
  });

  it('holds for every route and service of every module', async () => {
    const results = await eslint.lintFiles([
      'apps/server/src/modules/**/*.routes.ts',
      'apps/server/src/modules/**/*.service.ts',
    ]);
    const crossings = results.flatMap((r) =>
      r.messages
        .filter((m) => m.ruleId === RULE)
        .map((m) => `${relative(root, r.filePath)}:${m.line} ${m.message}`),
    );
    expect(results.length).toBeGreaterThan(20);
    expect(crossings).toEqual([]);
  });
});

/** Every production source file of the server, tests and generated migrations aside. */
function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : productionFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('the size of server source files', () => {
  it('keeps every production file at 600 lines or fewer', () => {
    const files = productionFiles(src);
    expect(files.length).toBeGreaterThan(50);
    const long = files
      .map((file) => ({
        file: relative(src, file),
        lines: readFileSync(file, 'utf8').split('\n').length,
      }))
      .filter((f) => f.lines > 600);
    expect(long).toEqual([]);
  });
});
