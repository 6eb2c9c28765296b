// The data dir against the real started server: owner-only files (PGlite's own included), loose
// permissions repaired on start, one process at a time (a second server and make-admin refuse),
// no published demo password, and the removed ADMIN_EMAIL stopping start-up.
import { spawn } from 'node:child_process';
import { chmod, lstat, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createAdministrator, DEMO, startServer, type RunningServer } from './harness.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const cleanup: string[] = [];
afterAll(async () => {
  await Promise.all(cleanup.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function freshDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rips-e2e-datadir-'));
  cleanup.push(dir);
  return dir;
}

/** What `find DATA_DIR -perm /077` would print. */
async function looseEntries(dataDir: string): Promise<string[]> {
  const loose: string[] = [];
  for (const name of ['', ...(await readdir(dataDir, { recursive: true }))]) {
    if ((await lstat(path.join(dataDir, name))).mode & 0o077) loose.push(name || '.');
  }
  return loose;
}

async function login(server: RunningServer, userName: string, password: string) {
  const res = await fetch(`${server.baseUrl}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password }),
  });
  return res.status;
}

/** Runs the built server in the foreground and returns how it ended. */
async function runServer(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/server.js')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  return { code, output };
}

describe('a fresh data dir under the started server', () => {
  it('holds only owner-only files, lets no published password in, and admits one process', async () => {
    const dataDir = await freshDataDir();
    const server = await startServer({ DATA_DIR: dataDir }, { keepDataDir: true });
    try {
      expect(await looseEntries(dataDir)).toEqual([]);
      for (const [userName, password] of [
        ['admin', 'Admin-demo-2026'],
        ['sponsor', 'Sponsor-demo-2026'],
        ['visitor', 'Visitor-demo-2026'],
      ] as const) {
        expect(await login(server, userName, password), userName).toBe(401);
      }
      expect(DEMO.sponsor.password).toMatch(/^[a-zA-Z0-9]{5}(-[a-zA-Z0-9]{5}){3}$/);
      expect(await login(server, DEMO.sponsor.userName, DEMO.sponsor.password)).toBe(200);
      expect(server.output()).toContain(DEMO.sponsor.password);

      const second = await runServer({ DATA_DIR: dataDir });
      expect(second.code).toBe(1);
      expect(second.output).toContain(
        `is in use by another process (pid ${server.process.pid}, server)`,
      );

      const refused = await createAdministrator(dataDir);
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/in use by another process \(pid \d+, server\)/);
      expect(refused.password).toBeUndefined();
    } finally {
      await server.stop();
    }
    const made = await createAdministrator(dataDir);
    expect(made.code, made.output).toBe(0);

    const again = await startServer({ DATA_DIR: dataDir }, { keepDataDir: true });
    try {
      // The change make-admin wrote is there; the demo passwords were not shown again.
      expect(await login(again, DEMO.admin.userName, made.password!)).toBe(200);
      expect(again.output()).not.toContain(DEMO.sponsor.password);
      expect(await looseEntries(dataDir)).toEqual([]);
    } finally {
      await again.stop();
    }
  });

  it('repairs entries other users could read when it starts', async () => {
    const dataDir = await freshDataDir();
    const first = await startServer(
      { DATA_DIR: dataDir, SEED_DEMO: 'false' },
      { keepDataDir: true },
    );
    await first.stop();
    await chmod(dataDir, 0o755);
    await chmod(path.join(dataDir, 'db'), 0o755);
    await chmod(path.join(dataDir, 'db', 'PG_VERSION'), 0o644);
    await chmod(path.join(dataDir, 'jwt-secret'), 0o644);
    await writeFile(path.join(dataDir, 'notes.txt'), 'left by hand', { mode: 0o666 });
    await chmod(path.join(dataDir, 'notes.txt'), 0o666);
    expect((await looseEntries(dataDir)).length).toBe(5);

    const server = await startServer(
      { DATA_DIR: dataDir, SEED_DEMO: 'false' },
      { keepDataDir: true },
    );
    try {
      expect(await looseEntries(dataDir)).toEqual([]);
      expect(server.output()).toMatch(/data dir permissions: made 5 entries of .* owner-only/);
    } finally {
      await server.stop();
    }
  });

  it('refuses to start while the removed ADMIN_EMAIL is set', async () => {
    const dataDir = await freshDataDir();
    const result = await runServer({ DATA_DIR: dataDir, ADMIN_EMAIL: 'me@example.org' });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/ADMIN_EMAIL was removed.*npm run make-admin/s);
  });
});
