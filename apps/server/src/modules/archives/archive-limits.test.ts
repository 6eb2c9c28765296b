// Exports cannot fill the disk: one emailed archive waits per memorial and member, every export
// route counts against a member's budget, an emailed archive needs room on the disk, the take-out
// keeps to the same inline size, and a periodic job removes expired archives with their files,
// also across a restart.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { unzip } from '../../../test/archives.js';
import {
  createPostgresDatabase,
  loadTestConfig,
  startAppOnData,
  TEST_ENGINE,
  TEST_STORAGE,
  useTestApp,
} from '../../../test/app.js';
import { createMemorialRequest, createUser, type TestUser } from '../../../test/factories.js';
import { pngFile } from '../../../test/fixtures.js';
import { createItemRequest } from '../../../test/item-samples.js';
import type { MailMessage } from '../../mail/mailer.js';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import { archiveDownloads, memorialPeople } from '../../db/schema/index.js';
import { LocalStorage } from '../../storage/local-storage.js';
import { TRIBUTE_KINDS } from '../tributes/tribute-kinds.js';

const WAIT = { timeout: 30_000, interval: 50 };

async function newMemorial(app: FastifyInstance, user: TestUser, picture = false) {
  const res = await app.inject(
    await createMemorialRequest(
      user.auth,
      { title: `Rosalind Franklin ${Math.random().toString(36).slice(2, 6)}` },
      picture ? await pngFile(400, 300) : null,
    ),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; title: string };
}

const ask = (app: FastifyInstance, url: string, user: TestUser) =>
  app.inject({ method: 'POST', url, headers: user.auth });

/** The token of the newest archive link mailed to `to`. */
async function mailedToken(mail: MailMessage[], to: string, subject: RegExp): Promise<string> {
  await vi.waitFor(
    () => expect(mail.some((m) => m.to === to && subject.test(m.subject))).toBe(true),
    WAIT,
  );
  const message = mail.filter((m) => m.to === to && subject.test(m.subject)).at(-1)!;
  return /\/exports\/download#token=([\w-]+)/.exec(message.text)![1]!;
}

const download = (app: FastifyInstance, token: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/exports/download',
    payload: `token=${token}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

async function storedExports(app: FastifyInstance): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of app.ctx.storage.list('exports')) keys.push(key);
  return keys;
}

function expectError(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ statusCode: status, code, success: false });
  return res.json().message as string;
}

describe(`one emailed archive waits per memorial and member (${TEST_ENGINE})`, () => {
  const t = useTestApp({ PUBLIC_URL: 'https://m.example.org' });

  it('answers a second request with 409 naming the waiting archive, until it is downloaded', async () => {
    const owner = await createUser(t.app, { role: 'sponsor' });
    const manager = await createUser(t.app);
    const memorial = await newMemorial(t.app, owner);
    await t.app.ctx.db
      .insert(memorialPeople)
      .values({ memorialId: memorial._id, userId: manager.row.id, role: 'manager' });
    const url = `/api/v1/posts/${memorial._id}/export`;

    expect((await ask(t.app, url, owner)).statusCode).toBe(202);
    // At once (still being built, or just built): the same memorial waits for this member.
    const again = expectError(await ask(t.app, url, owner), 409, 'ARCHIVE_PENDING');
    expect(again).toContain(`The archive of “${memorial.title}”`);
    expect(again).toMatch(/is being prepared, asked for on|was emailed to you/);

    const token = await mailedToken(t.mail, owner.row.email, new RegExp(memorial.title));
    const ready = expectError(await ask(t.app, url, owner), 409, 'ARCHIVE_PENDING');
    expect(ready).toMatch(
      new RegExp(
        `“${memorial.title}” was emailed to you; its link works once, until [A-Z][a-z]+ \\d{1,2}, \\d{4}, \\d{1,2}:\\d{2} [AP]M UTC\\.`,
      ),
    );
    // Another manager of the memorial has an archive of their own.
    expect((await ask(t.app, url, manager)).statusCode).toBe(202);
    expect(await t.app.ctx.db.select().from(archiveDownloads)).toHaveLength(2);

    // Downloaded: the member may ask again.
    expect((await download(t.app, token)).statusCode).toBe(200);
    expect((await ask(t.app, url, owner)).statusCode).toBe(202);
  });
});

describe(`every export route counts against the member's budget (${TEST_ENGINE})`, () => {
  const t = useTestApp({ EXPORT_LIMIT_PER_USER: '2' });

  it('answers 429 with Retry-After past EXPORT_LIMIT_PER_USER, for exports and the take-out alike', async () => {
    const owner = await createUser(t.app, { role: 'sponsor' });
    const memorial = await newMemorial(t.app, owner);
    const get = (url: string, user: TestUser) =>
      t.app.inject({ method: 'GET', url, headers: user.auth });
    expect((await get(`/api/v1/posts/${memorial._id}/export`, owner)).statusCode).toBe(200);
    expect((await get('/api/v1/users/me/export', owner)).statusCode).toBe(200);
    for (const res of [
      await get(`/api/v1/posts/${memorial._id}/export`, owner),
      await ask(t.app, `/api/v1/posts/${memorial._id}/export`, owner),
      await get('/api/v1/users/me/export', owner),
      await ask(t.app, '/api/v1/users/me/export', owner),
    ]) {
      expect(expectError(res, 429, 'RATE_LIMITED')).toMatch(/many archives/);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Nothing was queued past the budget, and other members keep theirs.
    expect(await t.app.ctx.db.select().from(archiveDownloads)).toEqual([]);
    const other = await createUser(t.app);
    expect((await get('/api/v1/users/me/export', other)).statusCode).toBe(200);
  });

  it("counts an emailed link's downloads per address", async () => {
    const wrong = 'A'.repeat(43);
    expect((await download(t.app, wrong)).statusCode).toBe(404);
    expect((await download(t.app, wrong)).statusCode).toBe(404);
    const res = await download(t.app, wrong);
    expectError(res, 429, 'RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

// The free-disk floor guards the data dir's own disk; a bucket has none to check.
if (TEST_STORAGE === 's3')
  console.info('Skipping the emailed archive disk-room test: uploads are in S3, not on this disk.');
describe.skipIf(TEST_STORAGE === 's3')(
  `an emailed archive needs room on the disk (${TEST_ENGINE})`,
  () => {
    // A floor no disk can clear.
    const t = useTestApp({ MIN_FREE_DISK_BYTES: String(Number.MAX_SAFE_INTEGER) });

    it('refuses it with 507 before anything is queued or written', async () => {
      const owner = await createUser(t.app, { role: 'sponsor' });
      const memorial = await newMemorial(t.app, owner);
      for (const url of [`/api/v1/posts/${memorial._id}/export`, '/api/v1/users/me/export']) {
        const message = expectError(await ask(t.app, url, owner), 507, 'INSUFFICIENT_STORAGE');
        expect(message).toMatch(/running out of space, so the archive cannot be prepared now/);
      }
      expect(await t.app.ctx.db.select().from(archiveDownloads)).toEqual([]);
      expect(await storedExports(t.app)).toEqual([]);
    });
  },
);

describe(`an archive the disk has no room for by the time it is built (${TEST_ENGINE})`, () => {
  it('is given up, the member told, and may be asked for again', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rips-archive-room-'));
    const postgres = process.env.TEST_DATABASE_URL
      ? await createPostgresDatabase(process.env.TEST_DATABASE_URL)
      : null;
    const config = loadTestConfig(dataDir, postgres ? { DATABASE_URL: postgres.url } : {});
    const database = await openDatabase({ url: config.DATABASE_URL });
    await database.migrate();
    // Room when the request is checked, none once the job checks again.
    let checks = 0;
    const storage = new LocalStorage(config.uploadsDir, {
      minFreeBytes: 1024,
      statfs: async () => ({ bavail: ++checks === 1 ? 1024 ** 2 : 0, bsize: 1024 }),
    });
    const mail: MailMessage[] = [];
    const app = await buildApp({
      config,
      database,
      storage,
      logger: false,
      webDistDir: null,
      mailer: { send: async (message) => void mail.push(message) },
    });
    await app.ready();
    try {
      const owner = await createUser(app, { role: 'sponsor' });
      const memorial = await newMemorial(app, owner);
      const url = `/api/v1/posts/${memorial._id}/export`;
      expect((await ask(app, url, owner)).statusCode).toBe(202);
      await vi.waitFor(
        () =>
          expect(mail.map((m) => m.subject)).toContain(
            `The archive of ${memorial.title} could not be prepared`,
          ),
        WAIT,
      );
      expect(mail.find((m) => m.to === owner.row.email)!.text).toMatch(/running out of space/);
      expect(await app.ctx.db.select().from(archiveDownloads)).toEqual([]);
      expect(await storedExports(app)).toEqual([]);
      // Nothing waits any more: asking again is checked again (and refused, the disk still full).
      expectError(await ask(app, url, owner), 507, 'INSUFFICIENT_STORAGE');
    } finally {
      await app.close();
      await database.close();
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe(`the take-out keeps to the inline size (${TEST_ENGINE})`, () => {
  const t = useTestApp({ EXPORT_INLINE_MAX_BYTES: '1', PUBLIC_URL: 'https://m.example.org' });

  it('answers 409 past EXPORT_INLINE_MAX_BYTES and is emailed instead, once at a time', async () => {
    const owner = await createUser(t.app, { role: 'sponsor', fullName: 'Lise Meitner' });
    const memorial = await newMemorial(t.app, owner);
    const photos = TRIBUTE_KINDS.find((k) => k.path === 'photos')!;
    expect(
      (await t.app.inject(await createItemRequest(photos, memorial._id, owner.auth))).statusCode,
    ).toBe(201);

    const inline = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me/export',
      headers: owner.auth,
    });
    expect(expectError(inline, 409, 'CONFLICT')).toMatch(
      /Your data is too large to download at once\. Ask for it by email instead/,
    );
    const queued = await ask(t.app, '/api/v1/users/me/export', owner);
    expect(queued.statusCode, queued.body).toBe(202);
    expect(queued.json().message).toMatch(/We are preparing your data/);
    // Said in the words of the button ("Download my data"), not the product's own term.
    expect(
      expectError(await ask(t.app, '/api/v1/users/me/export', owner), 409, 'ARCHIVE_PENDING'),
    ).toMatch(/^Your data (is being prepared|was emailed to you)/);

    const token = await mailedToken(t.mail, owner.row.email, /Your data from Rips Memorial/);
    const res = await download(t.app, token);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="my-data-/);
    const files = await unzip(res.rawPayload);
    expect(JSON.parse(files.get('profile.json')!.toString())).toMatchObject({
      fullName: 'Lise Meitner',
    });
    expect(files.has(`memorials/${memorial._id}/data/memorial.json`)).toBe(true);
    expect(
      [...files.keys()].some((n) => n.startsWith(`memorials/${memorial._id}/data/media/photos/`)),
    ).toBe(true);
    await vi.waitFor(async () => expect(await storedExports(t.app)).toEqual([]), WAIT);
  });
});

describe(`expired archives are removed with their files (${TEST_ENGINE})`, () => {
  it('by a periodic job on the queue, on its clock, across a restart', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rips-archive-sweep-'));
    const postgres = process.env.TEST_DATABASE_URL
      ? await createPostgresDatabase(process.env.TEST_DATABASE_URL)
      : null;
    let clock = Date.now();
    const start = async () => {
      const config = loadTestConfig(dataDir, {
        EXPORT_SWEEP_SECONDS: '1',
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      });
      const mail: MailMessage[] = [];
      const started = await startAppOnData(config, {
        mailer: { send: async (message) => void mail.push(message) },
        now: () => new Date(clock),
      });
      return { ...started, mail };
    };
    try {
      const first = await start();
      const owner = await createUser(first.app, { role: 'sponsor' });
      const memorial = await newMemorial(first.app, owner, true);
      expect((await ask(first.app, `/api/v1/posts/${memorial._id}/export`, owner)).statusCode).toBe(
        202,
      );
      const token = await mailedToken(first.mail, owner.row.email, new RegExp(memorial.title));
      expect(await storedExports(first.app)).toHaveLength(1);
      // Sweeps run every second; an archive within its 72 hours stays.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(await storedExports(first.app)).toHaveLength(1);
      expect(await first.app.ctx.db.select().from(archiveDownloads)).toHaveLength(1);
      await first.close();

      // Three days and an hour later, a restarted site.
      clock += 73 * 3600_000;
      const second = await start();
      try {
        await vi.waitFor(async () => {
          expect(await second.app.ctx.db.select().from(archiveDownloads)).toEqual([]);
          expect(await storedExports(second.app)).toEqual([]);
        }, WAIT);
        expect((await download(second.app, token)).statusCode).toBe(404);
        // The member may ask again: nothing waits for them any more.
        expect(
          (await ask(second.app, `/api/v1/posts/${memorial._id}/export`, owner)).statusCode,
        ).toBe(202);
        // Its archive is built and mailed before this instance stops, so no job is left running
        // against a database the test then drops.
        await mailedToken(second.mail, owner.row.email, new RegExp(memorial.title));
      } finally {
        await second.close();
      }
    } finally {
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
