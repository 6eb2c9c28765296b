// Process-level faults against the production build: SIGTERM under load, SIGKILL mid-upload.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/server/src/db/client.js';
import { reconcileStorage } from '../apps/server/src/maintenance/reconcile.js';
import { LocalStorage } from '../apps/server/src/storage/local-storage.js';
import { startServer, type RunningServer } from './harness.js';

let bigPng: Buffer;
beforeAll(async () => {
  // Noise does not compress, so decoding and re-encoding it keeps the server busy for a while.
  const noise = Buffer.alloc(1600 * 1600 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  bigPng = await sharp(noise, { raw: { width: 1600, height: 1600, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
});

/** A GET on a kept-alive connection: the status, or the socket error's code. */
function getStatus(url: string, agent: http.Agent): Promise<number | string> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

let counter = 0;
function registration(): FormData {
  counter += 1;
  const form = new FormData();
  form.set('fullName', `Load Tester ${counter}`);
  form.set('email', `load${counter}-${process.pid}@example.com`);
  form.set('userName', `load_${counter}_${process.pid}`);
  form.set('password', 'Steady-under-load-1');
  form.set('avatar', new Blob([bigPng], { type: 'image/png' }), 'avatar.png');
  return form;
}

const ENV = { REGISTER_LIMIT_PER_IP: '10000', SEED_DEMO: 'false', LOG_LEVEL: 'info' };

describe('graceful shutdown', () => {
  let server: RunningServer;
  afterAll(async () => server?.stop());

  it('finishes in-flight requests, refuses new ones with 503 and exits within 10 s', async () => {
    server = await startServer(ENV);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    // Warm the pool so later requests reuse open keep-alive connections.
    const warm = await Promise.all(Array.from({ length: 8 }, () => getStatus(`${server.baseUrl}/api/v1/users/me`, agent)));
    expect(warm).toEqual(Array(8).fill(401));
    const inFlight = Array.from({ length: 12 }, () =>
      fetch(`${server.baseUrl}/api/v1/users/register`, { method: 'POST', body: registration() }).then((r) => r.status),
    );
    // Signal only once the server has received all of them: these are the in-flight requests.
    const received = () => server.output().match(/"url":"\/api\/v1\/users\/register"/g)?.length ?? 0;
    while (received() < inFlight.length) await new Promise((r) => setTimeout(r, 20));
    const signalledAt = Date.now();
    server.process.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 50));
    const late = await Promise.all(
      Array.from({ length: 8 }, () => getStatus(`${server.baseUrl}/api/v1/users/me`, agent)),
    );
    expect(await Promise.all(inFlight)).toEqual(Array(12).fill(201));
    // The server keeps listening while it drains, so late requests get a clear 503.
    expect(late).toEqual(Array(8).fill(503));
    const code = await server.exited;
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect(code).toBe(0);
    agent.destroy();
  });
});

describe('crash safety', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'rips-crash-'));
  });
  afterAll(async () => rm(dataDir, { recursive: true, force: true }));

  it('leaves no orphan file and no row without its files after SIGKILL during uploads', async () => {
    let removedAtStart = 0;
    for (const delay of [150, 400, 800]) {
      const server = await startServer({ ...ENV, DATA_DIR: dataDir }, { keepDataDir: true });
      removedAtStart += Number(/removed (\d+) orphaned files/.exec(server.output())?.[1] ?? 0);
      const uploads = Array.from({ length: 6 }, () =>
        fetch(`${server.baseUrl}/api/v1/users/register`, { method: 'POST', body: registration() }).catch(() => null),
      );
      await new Promise((r) => setTimeout(r, delay));
      server.process.kill('SIGKILL');
      await Promise.all(uploads);
      await server.exited;
    }
    // A clean restart reconciles what the kills left behind.
    const server = await startServer({ ...ENV, DATA_DIR: dataDir }, { keepDataDir: true });
    expect(server.output()).toMatch(/storage check/);
    removedAtStart += Number(/removed (\d+) orphaned files/.exec(server.output())?.[1] ?? 0);
    await server.stop();

    const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    try {
      const report = await reconcileStorage(
        { db: database.db, storage: new LocalStorage(path.join(dataDir, 'uploads')) },
        { graceMs: 0 },
      );
      expect(report).toEqual({ removedFiles: [], missingFiles: [] });
    } finally {
      await database.close();
    }
    console.log(`crash safety: start-up checks removed ${removedAtStart} orphaned files in total`);
  });
});

