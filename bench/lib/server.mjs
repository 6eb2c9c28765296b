// Starts the production build for a benchmark: its own data dir, a free port, limits raised so
// the benchmark's single address is not throttled.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export async function waitFor(url, child, output, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited early:\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`not ready after ${timeoutMs} ms:\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A demo account's password: random per install, the seed writes it into the data dir. */
export function demoPassword(dataDir, userName) {
  const text = readFileSync(path.join(dataDir, 'demo-accounts.txt'), 'utf8');
  const row = text.split('\n').find((line) => line.startsWith(`${userName}\t`));
  if (!row) throw new Error(`no demo account ${userName} in ${dataDir}; is SEED_DEMO on?`);
  return row.split('\t')[2];
}

/** Starts the built server; `nodeArgs` go to node itself (a profiler flag, say). */
export async function startApp(env = {}, { nodeArgs = [] } = {}) {
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'rips-bench-'));
  const port = await freePort();
  let out = '';
  const child = spawn(
    process.execPath,
    [...nodeArgs, path.join(ROOT, 'apps/server/dist/server.js')],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        MAIL_OUTBOX: 'true',
        LOGIN_LIMIT_PER_IP: '100000000',
        LOGIN_LIMIT_PER_ACCOUNT: '100000000',
        REGISTER_LIMIT_PER_IP: '100000000',
        ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/api/v1/posts?limit=1`, child, () => out);
  const exited = new Promise((r) => child.once('exit', r));
  return {
    baseUrl,
    dataDir,
    child,
    output: () => out,
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function api(baseUrl, method, url, { token, json, form } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let body;
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) body = form;
  const res = await fetch(`${baseUrl}${url}`, { method, headers, body });
  const text = await res.text();
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed };
}

export async function login(baseUrl, userName, password) {
  const res = await api(baseUrl, 'POST', '/api/v1/users/login', { json: { userName, password } });
  if (res.status !== 200)
    throw new Error(`login ${userName}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.accessToken;
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export function fmt(ms) {
  return Number.isFinite(ms) ? `${ms.toFixed(1)} ms` : 'n/a';
}
