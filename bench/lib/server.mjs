// Starts the production build for a benchmark: its own data dir, a free port, limits raised so
// the benchmark's single address is not throttled.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startServerProcess, waitUntilAnswering } from '../../scripts/server-process.mjs';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export { freePort };

/** Polls `url` until it answers below 500 (the bare comparison server of bench/load uses it). */
export function waitFor(url, child, output, timeoutMs = 60_000) {
  return waitUntilAnswering(url, child, output, timeoutMs);
}

/** A demo account's password: random per install, the seed writes it into the data dir. */
export function demoPassword(dataDir, userName) {
  const text = readFileSync(path.join(dataDir, 'demo-accounts.txt'), 'utf8');
  const row = text.split('\n').find((line) => line.startsWith(`${userName}\t`));
  if (!row) throw new Error(`no demo account ${userName} in ${dataDir}; is SEED_DEMO on?`);
  return row.split('\t')[2];
}

/**
 * Starts the built server through the shared helper (scripts/server-process.mjs), with the login
 * and sign-up limits raised so the benchmark's single address is not throttled, and on
 * PostgreSQL when DATABASE_URL is set; `nodeArgs` go to node itself (a profiler flag, say).
 */
export async function startApp(env = {}, { nodeArgs = [] } = {}) {
  const server = await startServerProcess({
    nodeArgs,
    keepDataDir: true,
    // Start-up is not measured: on a shared, busy machine the first migration can take minutes.
    timeoutMs: 300_000,
    env: {
      LOGIN_LIMIT_PER_IP: '100000000',
      LOGIN_LIMIT_PER_ACCOUNT: '100000000',
      REGISTER_LIMIT_PER_IP: '100000000',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      ...env,
    },
  });
  return {
    baseUrl: server.baseUrl,
    dataDir: server.dataDir,
    child: server.child,
    output: server.output,
    async stop({ keepData = false } = {}) {
      await server.stop({ keepDataDir: keepData });
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

/** Creates a memorial with a plain cover picture (`width` × 600) as `token`; answers its id. */
export async function createMemorialWithCover(baseUrl, token, { title, description, width = 800 }) {
  const { default: sharp } = await import('sharp');
  const form = new FormData();
  form.set('title', title);
  form.set('description', description);
  const cover = await sharp({ create: { width, height: 600, channels: 3, background: '#8899aa' } })
    .jpeg()
    .toBuffer();
  form.set('postImg', new Blob([cover], { type: 'image/jpeg' }), 'cover.jpg');
  const created = await api(baseUrl, 'POST', '/api/v1/posts', { token, form });
  if (created.status !== 201) throw new Error(`memorial: ${created.status}`);
  return created.body.data._id;
}
