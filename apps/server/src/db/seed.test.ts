import { lstat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { memorialPeople, memorials, users } from './schema/index.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { DEMO_ACCOUNTS_FILE, retirePublishedDemoPasswords, seedDemoData } from './seed.js';

// The passwords earlier releases seeded and the README published.
const PUBLISHED = [
  { userName: 'admin', password: 'Admin-demo-2026' },
  { userName: 'sponsor', password: 'Sponsor-demo-2026' },
  { userName: 'visitor', password: 'Visitor-demo-2026' },
];

let t: TestApp;
const announced: string[] = [];
const logged: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // A logger of its own that keeps every line the seed writes.
  const record = (...args: unknown[]) => void logged.push(JSON.stringify(args));
  const log = { info: record, warn: record, error: record, debug: record, trace: record };
  Object.assign(log, { fatal: record, child: () => log, level: 'info', silent: record });
  await seedDemoData(t.app.ctx, log as never, (text) => announced.push(text));
});
afterAll(async () => {
  await t?.close();
});

async function login(userName: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { userName, password },
  });
}

async function demoFile(): Promise<Map<string, string>> {
  const text = await readFile(path.join(t.dataDir, DEMO_ACCOUNTS_FILE), 'utf8');
  const rows = text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split('\t'));
  return new Map(rows.map(([userName, , password]) => [userName!, password!]));
}

describe('the demo seed', () => {
  it('lets no published password log in', async () => {
    for (const account of PUBLISHED) {
      const res = await login(account.userName, account.password);
      expect(res.statusCode, account.userName).toBe(401);
    }
  });

  it('makes no administrator', async () => {
    expect(await t.app.ctx.db.select().from(users).where(eq(users.role, 'admin'))).toEqual([]);
  });

  it("puts the sponsor among each demo memorial's people as its owner", async () => {
    const { db } = t.app.ctx;
    const all = await db.select().from(memorials);
    expect(all.length).toBeGreaterThan(0);
    const owners = await db.select().from(memorialPeople).where(eq(memorialPeople.role, 'owner'));
    expect(owners.map((p) => [p.memorialId, p.userId]).sort()).toEqual(
      all.map((m) => [m.id, m.ownerId]).sort(),
    );
  });

  it('writes random passwords to an owner-only file in the data dir, and they log in', async () => {
    const file = path.join(t.dataDir, DEMO_ACCOUNTS_FILE);
    expect((await lstat(file)).mode & 0o777).toBe(0o600);
    const passwords = await demoFile();
    expect([...passwords.keys()]).toEqual(['sponsor', 'visitor']);
    for (const [userName, password] of passwords) {
      expect(password).toMatch(/^[a-zA-Z0-9]{5}(-[a-zA-Z0-9]{5}){3}$/);
      const res = await login(userName, password);
      expect(res.statusCode, userName).toBe(200);
      expect(res.json().data.user.userName).toBe(userName);
    }
  });

  it('shows the passwords once, on the console, and never in the log', async () => {
    const passwords = [...(await demoFile()).values()];
    expect(announced).toHaveLength(1);
    for (const password of passwords) {
      expect(announced[0]).toContain(password);
      expect(logged.join('\n')).not.toContain(password);
    }
    expect(announced[0]).toContain('npm run make-admin -- --create');
  });

  it('does nothing, and shows nothing, on a later start', async () => {
    const before = await readFile(path.join(t.dataDir, DEMO_ACCOUNTS_FILE), 'utf8');
    await seedDemoData(t.app.ctx, t.app.log, (text) => announced.push(text));
    expect(announced).toHaveLength(1);
    expect(await readFile(path.join(t.dataDir, DEMO_ACCOUNTS_FILE), 'utf8')).toBe(before);
  });
});

describe('a data dir seeded by an earlier release', () => {
  it('loses its published demo passwords and its demo administrator on start', async () => {
    // The current seed's accounts have random passwords: nothing to retire.
    expect(await retirePublishedDemoPasswords(t.app.ctx, t.app.log, () => {})).toBe(0);
    const [old] = await t.app.ctx.db
      .insert(users)
      .values({
        userName: 'admin',
        email: 'admin@rips.example',
        fullName: 'Grace Whitfield',
        role: 'admin',
        passwordHash: await hashPassword('Admin-demo-2026'),
      })
      .returning();
    expect(await login('admin', 'Admin-demo-2026')).toHaveProperty('statusCode', 200);

    const shown: string[] = [];
    expect(await retirePublishedDemoPasswords(t.app.ctx, t.app.log, (x) => shown.push(x))).toBe(1);
    expect((await login('admin', 'Admin-demo-2026')).statusCode).toBe(401);
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, old!.id));
    expect(row).toMatchObject({ role: 'visitor', tokenVersion: old!.tokenVersion + 1 });
    const password = (await demoFile()).get('admin')!;
    expect(shown.join('')).toContain(password);
    expect((await login('admin', password)).statusCode).toBe(200);
    expect(await retirePublishedDemoPasswords(t.app.ctx, t.app.log, () => {})).toBe(0);
  });
});
