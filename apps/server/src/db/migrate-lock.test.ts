import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../test/app.js';
import { postgresForScaleTests } from '../../test/services.js';
import { openDatabase, type Database } from './client.js';

const journal = JSON.parse(
  readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: unknown[] };

const server = await postgresForScaleTests();
if ('skip' in server) console.info(`Skipping the migration-lock tests: ${server.skip}.`);

describe.skipIf('skip' in server)('instances starting together on one PostgreSQL database', () => {
  let target: Awaited<ReturnType<typeof createPostgresDatabase>>;
  const instances: Database[] = [];

  beforeAll(async () => {
    target = await createPostgresDatabase((server as { url: string }).url);
    for (let i = 0; i < 3; i++) instances.push(await openDatabase({ url: target.url }));
  });
  afterAll(async () => {
    await Promise.all(instances.map((d) => d.close()));
    await target?.drop();
  });

  it('migrate once: three concurrent migrate() calls all succeed and apply each migration once', async () => {
    const results = await Promise.allSettled(instances.map((d) => d.migrate()));
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual([
      'ok',
      'ok',
      'ok',
    ]);
    const applied = await instances[0]!.db.execute(
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    );
    expect(Number((applied as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(
      journal.entries.length,
    );
  });

  it('runs exclusive work on one instance at a time; a non-waiting caller skips it', async () => {
    let inside = 0;
    let most = 0;
    const work = async () => {
      inside += 1;
      most = Math.max(most, inside);
      await new Promise((r) => setTimeout(r, 100));
      inside -= 1;
      return 'done';
    };
    const waited = await Promise.all(instances.map((d) => d.exclusively('test-work', work)));
    expect(waited).toEqual(Array(3).fill({ ran: true, value: 'done' }));
    expect(most).toBe(1);

    const [first, second] = await Promise.all([
      instances[0]!.exclusively('test-work', work, { wait: false }),
      new Promise((r) => setTimeout(r, 30)).then(() =>
        instances[1]!.exclusively('test-work', work, { wait: false }),
      ),
    ]);
    expect(first).toEqual({ ran: true, value: 'done' });
    expect(second).toEqual({ ran: false });
  });
});
