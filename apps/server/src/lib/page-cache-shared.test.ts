// Several instances on one PostgreSQL database: a write answered by one makes the pages the
// others cached stale before their next answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, createTestApp, type TestApp } from '../../test/app.js';
import { createMemorialRow, createUser } from '../../test/factories.js';
import { postgresForScaleTests } from '../../test/services.js';
import type { RenderedPage } from './page-cache.js';

const server = await postgresForScaleTests();
if ('skip' in server) console.info(`Skipping the shared page-cache tests: ${server.skip}.`);

describe.skipIf('skip' in server)('page cache across two instances', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let writer: TestApp;
  let reader: TestApp;

  beforeAll(async () => {
    database = await createPostgresDatabase((server as { url: string }).url);
    const settings = { DATABASE_URL: database.url, PAGE_CACHE_SECONDS: '300' };
    writer = await createTestApp(settings);
    reader = await createTestApp(settings);
  });
  afterAll(async () => {
    await Promise.all([writer?.close(), reader?.close()]);
    await database?.drop();
  });

  let renders = 0;
  const render = async (): Promise<RenderedPage> => ({
    status: 200,
    html: `<p>render ${++renders}</p>`,
    cacheable: true,
  });

  it('renders again on one instance after a write answered by the other', async () => {
    const owner = await createUser(writer.app, { role: 'sponsor' });
    const memorial = await createMemorialRow(writer.app, owner);
    const url = `/post/${memorial.id}`;
    const cache = reader.app.ctx.pageCache;
    expect((await cache.get(url, render)).hit).toBe(false);
    expect(await cache.get(url, render)).toMatchObject({
      hit: true,
      page: { html: '<p>render 1</p>' },
    });

    const pray = (prayerText: string) =>
      writer.app.inject({
        method: 'POST',
        url: '/api/v1/prayers',
        payload: { postId: memorial.id, prayerText },
        headers: owner.auth,
      });
    expect((await pray('Held in our hearts.')).statusCode).toBe(201);
    expect(await cache.get(url, render)).toMatchObject({
      hit: false,
      page: { html: '<p>render 2</p>' },
    });
    expect((await cache.get(url, render)).hit).toBe(true);

    // A refused write changes nothing, so nothing goes stale.
    expect((await pray('')).statusCode).toBe(400);
    expect((await cache.get(url, render)).hit).toBe(true);
  });
});
