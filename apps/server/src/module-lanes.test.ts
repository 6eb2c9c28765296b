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

/**
 * Imports written into a file of a made-up module, and the lane errors the rule gives them: a
 * pattern per error, in order; none where the lane allows them.
 */
const LANE_CASES: Array<[why: string, file: string, imports: string[], errors: RegExp[]]> = [
  [
    'a route calls no repository of its own',
    'gifts.routes.ts',
    ["import { findGift } from './gifts.repository.js';", 'export const a = findGift;'],
    [/calls its service/],
  ],
  [
    'nor one of another module',
    'gifts.routes.ts',
    [
      "import { findUserById } from '../users/users.repository.js';",
      'export const a = findUserById;',
    ],
    [/calls its service/],
  ],
  [
    'a route builds no SQL',
    'gifts.routes.ts',
    [
      "import { eq } from 'drizzle-orm';",
      "import { gifts } from '../../db/schema/index.js';",
      'export const a = [eq, gifts];',
    ],
    [/./, /./],
  ],
  [
    'a service builds no SQL with query builders',
    'gifts.service.ts',
    ["import { and, eq, sql } from 'drizzle-orm';", 'export const a = [and, eq, sql];'],
    [/builds no SQL/],
  ],
  [
    'nor with tables',
    'gifts.service.ts',
    ["import { memorials } from '../../db/schema/index.js';", 'export const a = memorials;'],
    [/builds no SQL/],
  ],
  [
    'a service may name a row type and call a repository',
    'gifts.service.ts',
    [
      "import type { SQL } from 'drizzle-orm';",
      "import type { memorials } from '../../db/schema/index.js';",
      "import * as repo from './gifts.repository.js';",
      'export type A = [SQL, typeof memorials];',
      'export const b = repo;',
    ],
    [],
  ],
  [
    'a repository is where the SQL lives',
    'gifts.repository.ts',
    [
      "import { eq } from 'drizzle-orm';",
      "import { memorials } from '../../db/schema/index.js';",
      'export const a = [eq, memorials];',
    ],
    [],
  ],
];

describe('the lanes of a server module', () => {
  it.each(LANE_CASES)('%s', async (_why, file, imports, errors) => {
    const found = await laneErrors(
      imports.join('\n') + '\n',
      `apps/server/src/modules/gifts/${file}`,
    );
    expect(found).toEqual(errors.map((error) => expect.stringMatching(error)));
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
