import { spawn } from 'node:child_process';
import { lstat, mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin } from '../cli/make-admin-command.js';
import { openForCli } from '../cli/cli-context.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { createMailer } from '../mail/mailer.js';
import { verifyPassword } from '../modules/auth/passwords.js';
import { findUserByLogin } from '../modules/users/users.repository.js';
import { LocalStorage } from '../storage/local-storage.js';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './data-dir-lock.js';
import { OWNER_ONLY_UMASK, secureDataDir, useOwnerOnlyFiles } from './data-dir-permissions.js';

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'rips-data-dir-test-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function freshDir(name: string): Promise<string> {
  const dir = path.join(scratch, name);
  await mkdir(dir, { recursive: true });
  return dir;
}

const mode = async (file: string) => (await lstat(file)).mode & 0o777;

function cliEnv(dataDir: string): NodeJS.ProcessEnv {
  return { DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
}

function capture() {
  const lines: string[] = [];
  return { lines, out: { log: (t: string) => lines.push(t), error: (t: string) => lines.push(t) } };
}

describe('the data dir lock', () => {
  const held: DataDirLock[] = [];
  afterEach(async () => {
    await Promise.all(held.splice(0).map((lock) => lock.release()));
  });

  it('lets one holder in, names it to the next, and lets the next in after release', async () => {
    const dir = await freshDir('lock-basic');
    const first = await acquireDataDirLock(dir, 'server');
    const refused = await acquireDataDirLock(dir, 'server').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as Error).message).toContain(`pid ${process.pid}, server`);
    await first.release();
    held.push(await acquireDataDirLock(dir, 'server'));
  });

  it('is dropped by the kernel when its holder is killed, with no stale file to clean', async () => {
    const dir = await freshDir('lock-killed');
    const module = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const { acquireDataDirLock } = await import(${JSON.stringify(module)});
         await acquireDataDirLock(${JSON.stringify(dir)}, 'server');
         console.log('held');
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      holder.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('held') && resolve());
      holder.once('exit', (code) => reject(new Error(`lock holder exited ${code}`)));
    });
    await expect(acquireDataDirLock(dir, 'make-admin')).rejects.toThrow(
      new RegExp(`pid ${holder.pid}, server`),
    );
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    // The kernel drops the lock once the flock child sees its stdin close; acquiring waits the
    // few milliseconds that takes because the recorded holder is dead.
    held.push(await acquireDataDirLock(dir, 'make-admin'));
  });

  it('makes backup and make-admin refuse while a server holds the data dir; after release they work', async () => {
    const dir = await freshDir('lock-cli');
    const server = await acquireDataDirLock(dir, 'server');
    await expect(openForCli('backup', cliEnv(dir))).rejects.toThrow(/in use by another process/);
    const { lines, out } = capture();
    await expect(
      makeAdmin(['--create', 'root', 'root@example.org'], out, cliEnv(dir)),
    ).rejects.toThrow(/in use by another process \(pid \d+, server\)/);
    await server.release();

    const opened = await openForCli('backup', cliEnv(dir));
    // While a tool has it open, the server may not start either.
    await expect(acquireDataDirLock(dir, 'server')).rejects.toThrow(/pid \d+, backup/);
    await opened.database.close();

    expect(
      await makeAdmin(['--create', 'root', 'Root@Example.org', 'Site', 'Keeper'], out, cliEnv(dir)),
    ).toBe(0);
    const password = /shown only this once: (\S+)/.exec(lines.join('\n'))?.[1];
    expect(password).toMatch(/^[a-zA-Z0-9]{5}(-[a-zA-Z0-9]{5}){3}$/);
    const database = await openDatabase({ dataDir: path.join(dir, 'db') });
    try {
      const admin = await findUserByLogin(database.db, 'root@example.org');
      expect(admin).toMatchObject({ role: 'admin', fullName: 'Site Keeper', userName: 'root' });
      expect(await verifyPassword(admin!.passwordHash, password!)).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('promotes an existing account, refuses a taken name, and explains its usage', async () => {
    const dir = await freshDir('make-admin-promote');
    const { lines, out } = capture();
    expect(await makeAdmin(['--create', 'keeper', 'keeper@example.org'], out, cliEnv(dir))).toBe(0);
    expect(await makeAdmin(['--create', 'Keeper', 'other@example.org'], out, cliEnv(dir))).toBe(1);
    expect(lines.at(-1)).toMatch(/username "Keeper" is taken/);
    expect(await makeAdmin(['KEEPER'], out, cliEnv(dir))).toBe(0);
    expect(lines.at(-1)).toBe('keeper is already an administrator.');
    expect(await makeAdmin(['nobody'], out, cliEnv(dir))).toBe(1);
    expect(await makeAdmin([], out, cliEnv(dir))).toBe(2);
    expect(await makeAdmin(['--create', 'x'], out, cliEnv(dir))).toBe(2);
  });
});

describe('data dir permissions', () => {
  let previousUmask: number;
  beforeAll(() => {
    previousUmask = process.umask();
  });
  afterAll(() => {
    process.umask(previousUmask);
  });

  it('repairs group- and world-readable entries on start, and leaves symlinks alone', async () => {
    process.umask(0o022);
    const dir = await freshDir('loose');
    await mkdir(path.join(dir, 'db/base'), { recursive: true, mode: 0o755 });
    await writeFile(path.join(dir, 'db/base/1234'), 'row', { mode: 0o644 });
    await writeFile(path.join(dir, 'jwt-secret'), 'secret', { mode: 0o666 });
    const outside = path.join(scratch, 'outside.txt');
    await writeFile(outside, 'not ours', { mode: 0o644 });
    await symlink(outside, path.join(dir, 'link'));
    const { chmod } = await import('node:fs/promises');
    await chmod(dir, 0o755);
    await chmod(path.join(dir, 'db'), 0o775);

    expect(await secureDataDir(dir)).toEqual({ repaired: 5 });
    expect(await mode(dir)).toBe(0o700);
    expect(await mode(path.join(dir, 'db'))).toBe(0o700);
    expect(await mode(path.join(dir, 'db/base'))).toBe(0o700);
    expect(await mode(path.join(dir, 'db/base/1234'))).toBe(0o600);
    expect(await mode(path.join(dir, 'jwt-secret'))).toBe(0o600);
    expect(await mode(outside)).toBe(0o644);
    expect(await secureDataDir(dir)).toEqual({ repaired: 0 });
  });

  it('creates the data dir, uploads and outbox mail owner-only, even under a permissive umask', async () => {
    process.umask(0o022);
    const dataDir = path.join(scratch, 'created', 'data');
    const config = loadConfig({}, { DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    expect(await mode(dataDir)).toBe(0o700);
    expect(await mode(path.join(dataDir, 'jwt-secret'))).toBe(0o600);
    const storage = new LocalStorage(config.uploadsDir);
    await storage.put('avatars/ab/photo.webp', Buffer.from('image'));
    expect(await mode(path.join(config.uploadsDir, 'avatars/ab/photo.webp'))).toBe(0o600);
    expect(await mode(path.join(config.uploadsDir, 'avatars/ab'))).toBe(0o700);
    expect(await mode(config.uploadsDir)).toBe(0o700);
  });

  it("keeps the embedded database's own files owner-only (PGlite chmods them 0666)", async () => {
    process.umask(0o022);
    const dbDir = path.join(await freshDir('pglite'), 'db');
    const database = await openDatabase({ dataDir: dbDir });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    const { readdir } = await import('node:fs/promises');
    const all = await readdir(dbDir, { recursive: true });
    expect(all.length).toBeGreaterThan(100);
    const loose = [];
    for (const name of all) {
      if ((await mode(path.join(dbDir, name))) & 0o077) loose.push(name);
    }
    expect(loose).toEqual([]);
  });

  it('under the owner-only umask, anything else written there is owner-only too', async () => {
    useOwnerOnlyFiles();
    expect(process.umask()).toBe(OWNER_ONLY_UMASK);
    const dir = await freshDir('umask');
    await writeFile(path.join(dir, 'archive.tar.gz'), 'x');
    await mkdir(path.join(dir, 'backups'));
    expect(await mode(path.join(dir, 'archive.tar.gz'))).toBe(0o600);
    expect(await mode(path.join(dir, 'backups'))).toBe(0o700);
    const log = { info: () => {} } as unknown as Parameters<typeof createMailer>[0]['log'];
    const mailer = createMailer({
      outboxDir: path.join(dir, 'outbox'),
      from: 'Rips <no-reply@localhost>',
      log,
    });
    await mailer.send({ to: 'a@example.org', subject: 'Hello', text: 'Hi' });
    expect(await mode(path.join(dir, 'outbox'))).toBe(0o700);
    const { readdir } = await import('node:fs/promises');
    const [mail] = await readdir(path.join(dir, 'outbox'));
    expect(await mode(path.join(dir, 'outbox', mail!))).toBe(0o600);
    expect((await stat(path.join(dir, 'outbox', mail!))).size).toBeGreaterThan(0);
    expect(await readFile(path.join(dir, 'archive.tar.gz'), 'utf8')).toBe('x');
  });
});

describe('configuration', () => {
  it('stops start-up when the removed ADMIN_EMAIL is set, saying what to do instead', () => {
    expect(() =>
      loadConfig({}, {
        DATA_DIR: path.join(scratch, 'cfg'),
        ADMIN_EMAIL: 'me@example.org',
      } as never),
    ).toThrow(/ADMIN_EMAIL was removed.*npm run make-admin/s);
  });
});
