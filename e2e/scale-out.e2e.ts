// Three production-build instances on one PostgreSQL database, one S3 bucket (s3rver on loopback)
// and Redis, behind a small round-robin proxy, as a site that outgrew one machine runs.
//
// The proxy behaves like a real load balancer (nginx, HAProxy, a cloud LB): it polls each
// instance's /readyz and stops routing to one that answers 503 (draining) or does not answer; it
// retries a request on the next instance when the connection is refused or the instance answered
// 503 (neither processed it), and, for GET and HEAD only, when the connection broke before any
// answer. Request bodies are buffered so a retry can resend them.
//
// Needs PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test) and Redis
// (TEST_REDIS_URL, default redis://127.0.0.1:6379); without them the file skips and says why.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { reconcileStorage } from '../apps/server/src/maintenance/reconcile.js';
import { createStorage } from '../apps/server/src/storage/create-storage.js';
import { createPostgresDatabase } from '../apps/server/test/app.js';
import { minimalPdf } from '../apps/server/test/hostile-corpus.js';
import { startLoopbackS3, type LoopbackS3 } from '../apps/server/test/s3-server.js';
import { startServerProcess, freePort, type ServerProcess } from '../scripts/server-process.mjs';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function postgresUnavailable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    return `PostgreSQL at ${new URL(PG_URL).host} is not reachable (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
}

function redisUnavailable(): Promise<string | null> {
  const url = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port || 6379) });
    const done = (why: string | null) => {
      socket.destroy();
      resolve(why);
    };
    socket.setTimeout(2000, () => done(`Redis at ${url.host} does not answer`));
    socket.on('error', (e) => done(`Redis at ${url.host} is not reachable (${e.message})`));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) =>
      done(d.toString().startsWith('+PONG') ? null : `Redis said ${d.toString().trim()}`),
    );
  });
}

const unavailable = (await postgresUnavailable()) ?? (await redisUnavailable());
if (unavailable) console.log(`scale-out journey skipped: ${unavailable}`);

// ---- The load balancer ----

interface Backend {
  name: string;
  url: string;
  ready: boolean;
}

interface Forwarded {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function forward(backend: Backend, req: http.IncomingMessage, body: Buffer): Promise<Forwarded> {
  return new Promise((resolve, reject) => {
    const target = new URL(req.url ?? '/', backend.url);
    const headers = { ...req.headers, host: target.host, 'content-length': String(body.length) };
    delete headers['transfer-encoding'];
    const out = http.request(target, { method: req.method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 502,
          headers: res.headers,
          body: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    });
    out.on('error', reject);
    out.end(body);
  });
}

class LoadBalancer {
  backends: Backend[] = [];
  retries = 0;
  private next = 0;
  private server!: http.Server;
  private poller!: NodeJS.Timeout;
  url = '';

  async listen(port: number): Promise<void> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((r) => this.server.listen(port, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${port}`;
    this.poller = setInterval(() => void this.poll(), 100);
  }

  /** Health checks: only an instance whose /readyz answers 200 receives requests. */
  private async poll(): Promise<void> {
    await Promise.all(
      this.backends.map(async (b) => {
        try {
          const res = await fetch(`${b.url}/readyz`, { signal: AbortSignal.timeout(1000) });
          await res.arrayBuffer();
          b.ready = res.status === 200;
        } catch {
          b.ready = false;
        }
      }),
    );
  }

  private pick(tried: Set<Backend>): Backend | undefined {
    for (let i = 0; i < this.backends.length; i++) {
      const b = this.backends[(this.next + i) % this.backends.length]!;
      if (b.ready && !tried.has(b)) {
        this.next = (this.next + i + 1) % this.backends.length;
        return b;
      }
    }
    return undefined;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const idempotent = req.method === 'GET' || req.method === 'HEAD';
    const tried = new Set<Backend>();
    for (let attempt = 0; attempt < 6; attempt++) {
      const backend = this.pick(tried) ?? this.pick(new Set());
      if (!backend) {
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      tried.add(backend);
      try {
        const answer = await forward(backend, req, body);
        if (answer.status === 503 && attempt < 5) {
          // Draining: it refused before doing anything; another instance takes it.
          backend.ready = false;
          this.retries += 1;
          continue;
        }
        const headers = { ...answer.headers };
        delete headers['transfer-encoding'];
        delete headers.connection;
        res.writeHead(answer.status, { ...headers, 'content-length': answer.body.length });
        res.end(answer.body);
        return;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        const neverArrived = code === 'ECONNREFUSED';
        const brokeBeforeAnswer = code === 'ECONNRESET' || code === 'EPIPE';
        if (neverArrived || (idempotent && brokeBeforeAnswer)) {
          backend.ready = false;
          this.retries += 1;
          continue;
        }
        res.writeHead(502).end(`bad gateway: ${code ?? String(error)}`);
        return;
      }
    }
    res.writeHead(503).end('no instance ready');
  }

  async close(): Promise<void> {
    clearInterval(this.poller);
    await new Promise((r) => this.server.close(r));
  }
}

// ---- The site ----

let s3: LoopbackS3;
let database: { url: string; drop(): Promise<void> };
let proxy: LoadBalancer;
let instances: ServerProcess[] = [];
let env: Record<string, string>;

/** One instance as `npm start` runs it (scripts/server-process.mjs), with the shared settings. */
function startInstance(dataDir?: string): Promise<ServerProcess> {
  return startServerProcess({ env: { ...env, ...(dataDir ? { DATA_DIR: dataDir } : {}) } });
}

function backendOf(server: ServerProcess, name: string): Backend {
  return { name, url: server.baseUrl, ready: false };
}

async function json(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; form?: FormData } = {},
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(`${base}${url}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed };
}

/** The `data` of an API answer. */
function data(answer: { body: unknown }): Record<string, unknown> {
  return (answer.body as { data: Record<string, unknown> }).data;
}

async function picture(color: string): Promise<Blob> {
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
    .png()
    .toBuffer();
  return new Blob([png], { type: 'image/png' });
}

describe.skipIf(unavailable !== null)('three instances behind a load balancer', () => {
  beforeAll(async () => {
    [s3, database] = await Promise.all([
      startLoopbackS3('rips-scale'),
      createPostgresDatabase(PG_URL),
    ]);
    proxy = new LoadBalancer();
    await proxy.listen(await freePort());
    env = {
      DATABASE_URL: database.url,
      REDIS_URL,
      ...(s3.env as Record<string, string>),
      JWT_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: proxy.url,
      SEED_DEMO: 'false',
      LOGIN_LIMIT_PER_ACCOUNT: '3',
      PRAYER_LIMIT_PER_USER: '100000',
      SHUTDOWN_GRACE_MS: '500',
    };
    // Started together: the migrations run once under their advisory lock. When one fails to
    // start, the others are stopped before the error goes up (afterAll would not know them).
    const started = await Promise.allSettled([startInstance(), startInstance(), startInstance()]);
    const failure = started.find((s) => s.status === 'rejected');
    if (failure) {
      await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop() : null)));
      throw failure.reason;
    }
    instances = started.map((s) => (s as PromiseFulfilledResult<ServerProcess>).value);
    proxy.backends = instances.map((s, i) => backendOf(s, `instance ${i + 1}`));
    await new Promise((r) => setTimeout(r, 300));
  });

  afterAll(async () => {
    await Promise.all(instances.map((s) => s.stop()));
    await proxy?.close();
    await s3?.close();
    await database?.drop();
  });

  let token = '';
  let memorialId = '';
  const userName = `sam_${randomBytes(3).toString('hex')}`;

  it('registers on one instance, logs in on another, uploads on a third; the first shows the picture', async () => {
    const [a, b, c] = instances.map((s) => s.baseUrl) as [string, string, string];
    const register = new FormData();
    register.set('fullName', 'Samira Haddad');
    register.set('email', `${userName}@example.org`);
    register.set('userName', userName);
    register.set('password', 'Olive-grove-2026');
    register.set('avatar', await picture('#c98f86'), 'me.png');
    const registered = await json(a, 'POST', '/api/v1/users/register', { form: register });
    expect(registered.status).toBe(201);
    // Members become sponsors (who create memorials) through an administrator; here directly.
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(`UPDATE users SET role = 'sponsor' WHERE user_name = $1`, [userName]);
    await admin.end();

    const login = await json(b, 'POST', '/api/v1/users/login', {
      body: { userName, password: 'Olive-grove-2026' },
    });
    expect(login.status).toBe(200);
    token = data(login).accessToken as string;

    const form = new FormData();
    form.set('title', 'Youssef Haddad');
    form.set('description', 'A gardener who knew every tree on the hill by name.');
    form.set('postImg', await picture('#86c9a0'), 'garden.png');
    const created = await json(c, 'POST', '/api/v1/posts', { token, form });
    expect(created.status).toBe(201);
    memorialId = data(created)._id as string;

    const seen = await json(a, 'GET', `/api/v1/posts/post/${memorialId}`, { token });
    expect(seen.status).toBe(200);
    const src = new URL(data(seen).postImg as string, a);
    const image = await fetch(new URL(src.pathname + src.search, a));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).format).toBe('webp');
  });

  it('counts failed logins across instances against one budget (Redis)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const base = instances[i % 3]!.baseUrl;
      const res = await json(base, 'POST', '/api/v1/users/login', {
        body: { userName, password: `wrong-${i}` },
      });
      statuses.push(res.status);
    }
    // LOGIN_LIMIT_PER_ACCOUNT=3 in all: three are checked, whichever instance they reach.
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
  });

  it('restarts every instance in turn under steady load with no failed request', async () => {
    const failures: string[] = [];
    let requests = 0;
    let stop = false;
    const loop = async (n: number) => {
      while (!stop) {
        const write = requests % 4 === 3;
        const res = write
          ? await json(proxy.url, 'POST', '/api/v1/prayers', {
              token,
              body: { postId: memorialId, prayerText: `Peace be with you (${n})` },
            }).catch((e: Error) => ({ status: 0, body: e.message }))
          : await json(
              proxy.url,
              'GET',
              requests % 2 ? `/api/v1/posts/post/${memorialId}` : '/api/v1/posts',
            ).catch((e: Error) => ({ status: 0, body: e.message }));
        requests += 1;
        const expected = write ? 201 : 200;
        if (res.status !== expected)
          failures.push(`${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
      }
    };
    const load = Promise.all([0, 1, 2, 3].map(loop));
    for (let i = 0; i < instances.length; i++) {
      await new Promise((r) => setTimeout(r, 700));
      const old = instances[i]!;
      // SIGTERM: /readyz answers 503 at once, in-flight requests finish, then the port closes.
      await old.stop({ keepDataDir: true });
      const fresh = await startInstance(old.dataDir);
      instances[i] = fresh;
      proxy.backends[i] = backendOf(fresh, `instance ${i + 1}`);
    }
    await new Promise((r) => setTimeout(r, 700));
    stop = true;
    await load;
    console.log(
      `rolling restart: ${requests} requests through the proxy, ${failures.length} failed, ${proxy.retries} retried on another instance`,
    );
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(50);
  });

  it('SIGKILL of an instance mid-upload leaves no orphan file and no half-written item', async () => {
    const victim = instances[2]!;
    const target = new URL('/api/v1/documents', victim.baseUrl);
    const pdf = minimalPdf();
    // A 12 MB document sent slowly: the instance is killed while it is still arriving.
    const document = Buffer.concat([
      pdf,
      Buffer.alloc(12 * 1024 * 1024, 0x20),
      Buffer.from('%%EOF\n'),
    ]);
    const boundary = `----scale${randomBytes(6).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="postId"\r\n\r\n${memorialId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="documentFile"; filename="Eulogy.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const total = head.length + document.length + tail.length;
    const req = http.request(target, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(total),
      },
    });
    const outcome = new Promise<string>((resolve) => {
      req.on('response', (res) => resolve(String(res.statusCode)));
      req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
    });
    req.write(head);
    req.write(document.subarray(0, 4 * 1024 * 1024));
    const spool = path.join(victim.dataDir, 'spool');
    const spooled = async () => {
      const files: string[] = [];
      for (const dir of await readdir(spool).catch(() => [] as string[]))
        for (const f of await readdir(path.join(spool, dir))) files.push(path.join(dir, f));
      return files;
    };
    const deadline = Date.now() + 10_000;
    while ((await spooled()).length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await spooled()).toHaveLength(1);
    victim.child.kill('SIGKILL');
    expect(await outcome).toMatch(/ECONNRESET|EPIPE|socket hang up|error/);
    await victim.exited;

    // Restarted on its data dir: the unfinished upload's spool folder is swept at start-up.
    const fresh = await startInstance(victim.dataDir);
    instances[2] = fresh;
    proxy.backends[2] = backendOf(fresh, 'instance 3');
    expect(await spooled()).toEqual([]);

    const documents = await json(proxy.url, 'GET', `/api/v1/documents/post/${memorialId}`, {
      token,
    });
    expect(documents.status).toBe(200);
    expect(data(documents)).toEqual([]);

    // The storage check finds every row's files in the bucket and no file without its row.
    const config = loadConfig(
      {},
      { ...env, DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'rips-check-')) },
    );
    const db = await openDatabase({ url: database.url, dataDir: config.dbDir });
    const storage = createStorage(config);
    try {
      const report = await reconcileStorage(
        { db: db.db, storage },
        { mode: 'dry-run', graceMs: 0, quarantineDays: 30 },
      );
      expect(report.orphanFiles).toEqual([]);
      expect(report.missingFiles).toEqual([]);
      expect(report.referencedUploads).toBeGreaterThanOrEqual(2);
    } finally {
      storage.close?.();
      await db.close();
      await rm(config.dataDir, { recursive: true, force: true });
    }
  });
});
