// Starting the built server as a child process, one way for everything that does it: `npm start`,
// `npm run dev`, the end-to-end harness and the benchmarks.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/server.js');

/** A port nothing listens on right now, on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * What `npm start` adds to the environment so that a newcomer's first start works with no
 * configuration: production refuses to start without a mail channel and a public address, so
 * local ones are given, only when unset. Returns the environment and what to tell the user.
 * @param {Record<string, string | undefined>} env
 */
export function withLocalDefaults(env) {
  const result = { NODE_ENV: 'production', ...env };
  const notes = [];
  if (!result.PUBLIC_URL) result.PUBLIC_URL = `http://localhost:${result.PORT || 3000}`;
  if (!result.SMTP_URL && !result.MAIL_OUTBOX) {
    result.MAIL_OUTBOX = 'true';
    const outbox = path.join(path.resolve(ROOT, result.DATA_DIR || './data'), 'outbox');
    notes.push(`No SMTP_URL: mail (password-reset links too) goes to ${outbox}`);
  }
  return { env: result, notes };
}

/**
 * Spawns the built server with exactly `env` (nothing is inherited unless the caller passes it).
 * @param {{ env: Record<string, string | undefined>, nodeArgs?: string[], stdio?: 'pipe' | 'inherit' }} options
 */
export function spawnServer({ env, nodeArgs = [], stdio = 'pipe' }) {
  return spawn(process.execPath, [...nodeArgs, SERVER_ENTRY], {
    cwd: ROOT,
    env,
    stdio: stdio === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * Polls `url` until it answers below 500, the child exits (an error with its output), or the
 * time runs out.
 */
export async function waitUntilAnswering(url, child, output, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited early:\n${output()}`);
    }
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within ${timeoutMs / 1000} s:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * @typedef {object} ServerProcess
 * @property {string} baseUrl
 * @property {number} port
 * @property {string} dataDir
 * @property {import('node:child_process').ChildProcess} child
 * @property {Promise<number | null>} exited resolves with the exit code when the process ends
 * @property {() => string} output everything it printed so far
 * @property {(options?: { keepDataDir?: boolean }) => Promise<void>} stop SIGTERM, SIGKILL after
 *   12 s; the data dir is removed unless kept (or unless the caller chose it)
 */

/**
 * Starts the production build on a free loopback port with a data dir of its own (or
 * `env.DATA_DIR`), production mode, the outbox for mail and warnings-only logs, then waits until
 * `/readyz` says it is ready. `env` adds to or overrides those; nothing else of this process's
 * environment is passed but PATH and HOME.
 * @param {{ env?: Record<string, string>, nodeArgs?: string[], keepDataDir?: boolean, timeoutMs?: number }} [options]
 * @returns {Promise<ServerProcess>}
 */
export async function startServerProcess({
  env = {},
  nodeArgs = [],
  keepDataDir = false,
  timeoutMs = 60_000,
} = {}) {
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'rips-server-'));
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawnServer({
    nodeArgs,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseUrl,
      MAIL_OUTBOX: 'true',
      ...env,
    },
  });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk.toString()));
  child.stderr.on('data', (chunk) => (out += chunk.toString()));
  const output = () => out;
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  await waitUntilAnswering(`${baseUrl}/readyz`, child, output, timeoutMs);
  return {
    baseUrl,
    port,
    dataDir,
    child,
    exited,
    output,
    async stop(options = {}) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 12_000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await exited;
      }
      if (!(options.keepDataDir ?? keepDataDir)) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
