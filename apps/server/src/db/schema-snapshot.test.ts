// The committed migrations say everything the schema says: drizzle-kit, asked to generate a
// migration from `src/db/schema` over a copy of the committed folder, finds nothing to do. A
// schema change committed without its migration, or a migration whose snapshot was dropped or
// edited, fails here instead of on the next person's `drizzle-kit generate`.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../test/migrations.js';

const SERVER_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DRIZZLE_KIT = fileURLToPath(
  new URL('../../../../node_modules/.bin/drizzle-kit', import.meta.url),
);

let scratch: string | undefined;
afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('committed migrations and the schema', () => {
  it('agree: drizzle-kit generates no migration from the schema', async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'rips-snapshot-'));
    const out = path.join(scratch, 'migrations');
    await cp(MIGRATIONS, out, { recursive: true });
    const before = await readdir(out);
    // drizzle-kit reads `--out` relative to the working directory.
    const { stdout, stderr } = await promisify(execFile)(
      DRIZZLE_KIT,
      [
        'generate',
        '--dialect=postgresql',
        '--schema=src/db/schema/index.ts',
        `--out=${path.relative(SERVER_ROOT, out)}`,
      ],
      // The schema imports the shared lists: read them from their sources, built or not.
      { cwd: SERVER_ROOT, env: { ...process.env, NODE_OPTIONS: '--conditions=source' } },
    );
    const output = `${stdout}${stderr}`;
    expect(await readdir(out), output).toEqual(before);
    expect(output).toContain('No schema changes');
  }, 60_000);
});
