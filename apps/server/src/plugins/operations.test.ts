import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINE, useTestApp, type TestApp } from '../../test/app.js';
import { pngFile } from '../../test/fixtures.js';
import { registrationRequest } from '../../test/factories.js';
import { READ_ONLY_MESSAGE } from '../app.js';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** The describe block's own app, logging at info; every line it logs is kept, parsed, in `lines`. */
function useLoggedApp() {
  const lines: Record<string, unknown>[] = [];
  const t = useTestApp(
    { LOG_LEVEL: 'info' },
    { logStream: { write: (line) => void lines.push(JSON.parse(line)) } },
  );
  return { t, lines };
}

describe(`health and readiness (${TEST_ENGINE})`, () => {
  const { t, lines } = useLoggedApp();

  it('answers /healthz while the process runs, draining or not', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is ready when the database, its migrations and storage answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', storage: 'ok' },
    });
  });

  it('says 503 while draining, while /healthz stays 200 and other requests get 503', async () => {
    t.app.draining = true;
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().status).toBe('draining');
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const api = await t.app.inject({ method: 'GET', url: '/api/v1/posts' });
      expect(api.statusCode).toBe(503);
      expect(api.headers['x-request-id']).toBeTruthy();
    } finally {
      t.app.draining = false;
    }
  });

  it('is not ready when storage fails, naming the check, and logs it with the request id', async () => {
    const storage = t.app.ctx.storage;
    const ping = storage.ping;
    storage.ping = async () => {
      throw new Error('bucket gone');
    };
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/readyz',
        headers: { 'x-request-id': 'lb-probe-42' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'not-ready',
        checks: { database: 'ok', migrations: 'ok', storage: 'failed' },
      });
      const warning = lines.find((l) => l['msg'] === 'readiness check failed');
      expect(warning).toMatchObject({ reqId: 'lb-probe-42', check: 'storage' });
    } finally {
      storage.ping = ping;
    }
  });

  it('is not ready on a database that misses a migration of this build', async () => {
    await t.app.ctx.db.execute(
      sql`CREATE TABLE drizzle.migrations_kept AS SELECT * FROM drizzle.__drizzle_migrations`,
    );
    await t.app.ctx.db.execute(
      sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations)`,
    );
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json().checks).toEqual({ database: 'ok', migrations: 'failed', storage: 'ok' });
    } finally {
      await t.app.ctx.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations`);
      await t.app.ctx.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations SELECT * FROM drizzle.migrations_kept`,
      );
      await t.app.ctx.db.execute(sql`DROP TABLE drizzle.migrations_kept`);
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe(`a closed site, read-only (${TEST_ENGINE})`, () => {
  const t = useTestApp({ READ_ONLY: 'true' });

  it('keeps every read open and refuses every change with 503 and the reason', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/posts' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'HEAD', url: '/api/v1/posts' })).statusCode).toBe(200);
    const writes = [
      { method: 'POST' as const, url: '/api/v1/users/register', body: registrationRequest() },
      {
        method: 'POST' as const,
        url: '/api/v1/users/login',
        body: { email: 'a@example.com', password: 'x' },
      },
      { method: 'POST' as const, url: '/api/v1/flowers', body: {} },
      { method: 'PATCH' as const, url: '/api/v1/users/me', body: {} },
      { method: 'DELETE' as const, url: '/api/v1/posts/00000000-0000-4000-8000-000000000000' },
    ];
    for (const write of writes) {
      const res = await t.app.inject({ ...write, payload: write.body });
      expect(res.statusCode, write.url).toBe(503);
      expect(res.json().message, write.url).toBe(READ_ONLY_MESSAGE);
    }
  });
});

describe(`request ids (${TEST_ENGINE})`, () => {
  const { t, lines } = useLoggedApp();

  it('keeps an x-request-id that looks like one, returns it, and logs every line of the request with it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/posts/not-a-memorial',
      headers: { 'x-request-id': 'edge-7f3a:1' },
    });
    expect(res.headers['x-request-id']).toBe('edge-7f3a:1');
    const own = lines.filter((l) => l['reqId'] === 'edge-7f3a:1');
    expect(own.map((l) => l['msg'])).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
    // Every line about this request carries the id, whatever logged it.
    const about = lines.filter((l) => JSON.stringify(l).includes('/api/v1/posts/not-a-memorial'));
    expect(about.length).toBeGreaterThan(0);
    for (const line of about) expect(line['reqId']).toBe('edge-7f3a:1');
  });

  it('replaces an id that could forge log lines or is too long, and makes one when none came', async () => {
    for (const given of ['evil\nline', 'x'.repeat(200), undefined]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: given === undefined ? {} : { 'x-request-id': given },
      });
      expect(res.headers['x-request-id']).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      );
    }
  });
});

describe(`metrics (${TEST_ENGINE})`, () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ METRICS_TOKEN: TOKEN, REGISTER_LIMIT_PER_IP: '1000' });
    });
    afterAll(async () => t?.close());

    const scrape = (authorization?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });

    it('asks for the token (401), refuses a wrong one (403)', async () => {
      const none = await scrape();
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(403);
      expect((await scrape('Basic abc')).statusCode).toBe(403);
    });

    it('serves request durations by route and status, event-loop delay, queue depth and upload bytes', async () => {
      await t.app.inject({ method: 'GET', url: '/api/v1/posts?limit=1' });
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/posts/post/00000000-0000-4000-8000-000000000000',
      });
      const registered = await t.app.inject(await registrationRequest({}, await pngFile(300, 200)));
      expect(registered.statusCode).toBe(201);

      const res = await scrape(`Bearer ${TOKEN}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = res.body;
      expect(text).toMatch(
        /http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/posts",status_code="200"\} 1/,
      );
      // The route's pattern, not the id in the path.
      expect(text).toMatch(/route="\/api\/v1\/posts\/post\/:id",status_code="404"/);
      expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
      expect(text).toMatch(/nodejs_eventloop_lag_p99_seconds \d/);
      expect(text).toMatch(/rips_job_queue_depth\{queue="mail"\} \d+/);
      const avatarBytes = /rips_upload_bytes_total\{kind="avatars"\} (\d+)/.exec(text);
      expect(Number(avatarBytes?.[1])).toBeGreaterThan(0);
      if (TEST_ENGINE === 'postgres')
        expect(text).toMatch(/rips_db_pool_connections\{state="total"\} \d+/);
    });
  });
});
