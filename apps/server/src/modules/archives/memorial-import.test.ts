// Imports cannot stall the site: what one archive may hold is capped and refused before any work,
// no file is named or verified twice, documents wait at the uploads' gate, the import runs as a
// job its member follows (and it survives a restart), one at a time per member within a budget,
// and imported authorship is never forged.
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createPostgresDatabase,
  createTestApp,
  loadTestConfig,
  okData,
  startAppOnData,
  TEST_ENGINE,
  type TestApp,
  UNLIMITED_CREATIONS,
} from '../../../test/app.js';
import {
  addContributorRequest,
  createMemorialRequest,
  createUser,
  type TestUser,
} from '../../../test/factories.js';
import { pdfFile, pngFile } from '../../../test/fixtures.js';
import {
  createArchiveCast,
  editArchive,
  importArchive,
  importRequest,
  waitForImport,
} from '../../../test/imports.js';
import { createItemRequest } from '../../../test/item-samples.js';
import { memorialImports, memorials, prayers } from '../../db/schema/index.js';
import { TRIBUTE_KINDS } from '../tributes/tribute-kinds.js';

const kind = (path: string) => TRIBUTE_KINDS.find((k) => k.path === path)!;

let source: TestApp;
let target: TestApp;
let owner: TestUser;
let contributor: TestUser;
let importer: TestUser;
/** A memorial with a portrait, 3 prayers, 2 photos and 2 documents, exported. */
let exported: Buffer;

const ok = okData;

beforeAll(async () => {
  ({ source, target, owner, contributor, importer } = await createArchiveCast());
  const { _id: id } = await ok(
    source.app,
    await createMemorialRequest(owner.auth, { title: 'Dorothy Vaughan' }, await pngFile(400, 300)),
  );
  await ok(source.app, addContributorRequest(id, contributor, owner.auth));
  for (let i = 0; i < 3; i++) {
    await ok(source.app, await createItemRequest(kind('prayers'), id, contributor.auth));
  }
  for (const path of ['photos', 'photos', 'documents', 'documents']) {
    await ok(source.app, await createItemRequest(kind(path), id, owner.auth));
  }
  const res = await source.app.inject({
    method: 'GET',
    url: `/api/v1/posts/${id}/export`,
    headers: owner.auth,
  });
  expect(res.statusCode).toBe(200);
  exported = res.rawPayload;
});
afterAll(async () => {
  await source?.close();
  await target?.close();
});

async function memorialCount(app: FastifyInstance): Promise<number> {
  return (await app.ctx.db.select({ id: memorials.id }).from(memorials)).length;
}

/** An app of its own with `env`, closed after `run`. */
async function withApp(
  env: Record<string, string>,
  run: (t: TestApp, sponsor: TestUser) => Promise<void>,
) {
  const t = await createTestApp({ ...UNLIMITED_CREATIONS, ...env });
  try {
    await run(t, await createUser(t.app, { role: 'sponsor' }));
  } finally {
    await t.close();
  }
}

describe(`what one archive may hold (${TEST_ENGINE})`, () => {
  it('refuses more items of one kind than an import brings, with 422 before any work', async () => {
    await withApp({ IMPORT_MAX_ITEMS_PER_KIND: '2' }, async (t, sponsor) => {
      const res = await t.app.inject(importRequest(exported, sponsor));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ code: 'INVALID_ARCHIVE', success: false });
      expect(res.json().message).toBe(
        'This archive holds 3 prayers; an import brings at most 2 of one kind.',
      );
      expect(await memorialCount(t.app)).toBe(0);
      expect(await t.app.ctx.db.select().from(memorialImports)).toEqual([]);
    });
  });

  it('refuses more items in all than an import brings', async () => {
    await withApp({ IMPORT_MAX_ITEMS: '6' }, async (t, sponsor) => {
      const res = await t.app.inject(importRequest(exported, sponsor));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe('This archive holds 7 items; an import brings at most 6.');
    });
  });

  it('refuses more pictures and documents than the memorial quota holds, counted before any is read', async () => {
    await withApp({ MEMORIAL_UPLOAD_QUOTA_COUNT: '3' }, async (t, sponsor) => {
      const res = await t.app.inject(importRequest(exported, sponsor));
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ code: 'QUOTA_EXCEEDED' });
      expect(res.json().message).toMatch(
        /holds 4 pictures and documents; a memorial holds at most 3/,
      );
    });
    // The bytes of the distinct files, against the byte quota: refused by the request, no job.
    await withApp({ MEMORIAL_UPLOAD_QUOTA_BYTES: '300' }, async (t, sponsor) => {
      const res = await t.app.inject(importRequest(exported, sponsor));
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toMatch(/past its limit/);
      expect(await t.app.ctx.db.select().from(memorialImports)).toEqual([]);
    });
  });

  it('refuses a manifest that lists one file twice', async () => {
    const archive = await editArchive(exported, ({ manifest }) => {
      const photo = manifest.files.find((f) => f.path.startsWith('media/photos/'))!;
      manifest.files.push({ ...photo });
    });
    const res = await target.app.inject(importRequest(archive, importer));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toMatch(/^manifest\.json lists media\/photos\/.+ more than once\.$/);
  });

  it('refuses two items that share one file', async () => {
    const archive = await editArchive(exported, ({ memorial }) => {
      const [first, second] = memorial.items['documents']!;
      second!['file'] = first!['file'];
    });
    const res = await target.app.inject(importRequest(archive, importer));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toMatch(
      /^memorial\.json names media\/documents\/.+ more than once: each picture and document belongs to one item\.$/,
    );
  });

  it('refuses an item dated later than now, naming it', async () => {
    const archive = await editArchive(exported, ({ memorial }) => {
      memorial.items['prayers']![1]!['createdAt'] = '2999-01-01T00:00:00.000Z';
    });
    const res = await target.app.inject(importRequest(archive, importer));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe(
      'memorial.json: prayers[1] is dated 2999-01-01T00:00:00.000Z, later than now.',
    );
  });
});

describe(`an import as a job (${TEST_ENGINE})`, () => {
  it('answers 202 with a job its member follows to the memorial; imported authorship is not forged', async () => {
    // Every document parse of the import waits at the uploads' gate, once per distinct file.
    const gate = target.app.ctx.documentWork;
    const run = gate.run.bind(gate);
    let gated = 0;
    gate.run = ((task) => {
      gated += 1;
      return run(task);
    }) as typeof gate.run;
    const startedAt = Date.now();
    let jobId: string;
    try {
      const res = await target.app.inject(importRequest(exported, importer));
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json()).toMatchObject({ statusCode: 202, success: true });
      jobId = res.json().data.jobId;
      const job = await waitForImport(target.app, jobId, importer);
      expect(job).toMatchObject({ jobId, state: 'done', reason: null });
      expect(gated).toBe(2);

      const memorial = await ok(target.app, {
        method: 'GET',
        url: `/api/v1/posts/post/${job.memorialId}`,
        headers: importer.auth,
      });
      expect(memorial.owner._id).toBe(importer.row.id);
      expect(new Date(memorial.createdAt).getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
      const list = await ok(target.app, {
        method: 'GET',
        url: `/api/v1/prayers/post/${job.memorialId}`,
        headers: importer.auth,
      });
      expect(list).toHaveLength(3);
      for (const item of list) {
        expect(item.owner).toEqual({ _id: importer.row.id, fullName: 'Ada Byron' });
        expect(item.importedAuthor).toBe('Alan Turing');
      }
    } finally {
      gate.run = run;
    }

    // The job is its member's alone: anyone else is told it does not exist.
    const stranger = await createUser(target.app, { role: 'sponsor' });
    const admin = await createUser(target.app, { role: 'admin' });
    for (const headers of [stranger.auth, admin.auth]) {
      const res = await target.app.inject({
        method: 'GET',
        url: `/api/v1/imports/${jobId}`,
        headers,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'NOT_FOUND',
        message: 'This import was not found.',
      });
    }
    const anonymous = await target.app.inject({ method: 'GET', url: `/api/v1/imports/${jobId}` });
    expect(anonymous.statusCode).toBe(401);
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await target.app.inject({
        method: 'GET',
        url: `/api/v1/imports/${id}`,
        headers: importer.auth,
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it('reports a refused file as a failed import with its reason, leaving no memorial', async () => {
    const archive = await editArchive(exported, ({ memorial, manifest, files }) => {
      // A cut-short PDF with a matching checksum: only reading the file tells.
      const doc = memorial.items['documents']![0]!['file'] as { path: string };
      const fake = pdfFile().body.subarray(0, 40);
      files.set(doc.path, fake);
      const listed = manifest.files.find((f) => f.path === doc.path)!;
      listed.size = fake.length;
      listed.sha256 = createHash('sha256').update(fake).digest('hex');
    });
    const before = await memorialCount(target.app);
    const { res, job } = await importArchive(target.app, archive, importer);
    expect(res.statusCode, res.body).toBe(202);
    expect(job).toMatchObject({ state: 'failed', memorialId: null });
    expect(job!.reason).toMatch(/^media\/documents\/.+ is not the PDF file it is named as\.$/);
    expect(await memorialCount(target.app)).toBe(before);
  });
});

describe(`one import at a time, within a budget (${TEST_ENGINE})`, () => {
  it('answers 409 naming the unfinished import, and 429 with Retry-After past the budget', async () => {
    await withApp({ IMPORT_LIMIT_PER_USER: '2' }, async (t, sponsor) => {
      // No worker takes the job: it stays queued.
      await t.app.ctx.jobs.stop();
      const first = await t.app.inject(importRequest(exported, sponsor));
      expect(first.statusCode, first.body).toBe(202);
      const jobId = first.json().data.jobId;
      const status = await ok(t.app, {
        method: 'GET',
        url: `/api/v1/imports/${jobId}`,
        headers: sponsor.auth,
      });
      expect(status).toMatchObject({ state: 'queued', memorialId: null, reason: null });

      const second = await t.app.inject(importRequest(exported, sponsor));
      expect(second.statusCode, second.body).toBe(409);
      expect(second.json()).toMatchObject({ code: 'CONFLICT', success: false });
      expect(second.json().message).toContain(jobId);

      const third = await t.app.inject(importRequest(exported, sponsor));
      expect(third.statusCode, third.body).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);

      // Another member is not held up by this one.
      const other = await createUser(t.app, { role: 'sponsor' });
      expect((await t.app.inject(importRequest(exported, other))).statusCode).toBe(202);
    });
  });

  it('refuses with 507 before spooling when the disk is below its floor', async () => {
    await withApp({ MIN_FREE_DISK_BYTES: String(Number.MAX_SAFE_INTEGER) }, async (t, sponsor) => {
      // Refused before the body is read: even an upload that is no archive at all gets 507.
      for (const upload of [exported, Buffer.from('not a zip')]) {
        const res = await t.app.inject(importRequest(upload, sponsor));
        expect(res.statusCode, res.body).toBe(507);
        expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_STORAGE', success: false });
      }
      const spooled = await readdir(path.join(t.dataDir, 'tmp'), { recursive: true });
      expect(spooled.filter((name) => name.endsWith('.zip'))).toEqual([]);
    });
  });
});

describe(`an import across a restart (${TEST_ENGINE})`, () => {
  it('is queued before the server stops and done after it starts again', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rips-import-restart-'));
    const postgres = process.env.TEST_DATABASE_URL
      ? await createPostgresDatabase(process.env.TEST_DATABASE_URL)
      : null;
    const start = () =>
      startAppOnData(loadTestConfig(dataDir, postgres ? { DATABASE_URL: postgres.url } : {}));
    try {
      const first = await start();
      const sponsor = await createUser(first.app, { role: 'sponsor' });
      await first.app.ctx.jobs.stop();
      const res = await first.app.inject(importRequest(exported, sponsor));
      expect(res.statusCode, res.body).toBe(202);
      const jobId = res.json().data.jobId;
      await first.close();

      const second = await start();
      try {
        const job = await waitForImport(second.app, jobId, sponsor);
        expect(job.state).toBe('done');
        const [row] = await second.app.ctx.db
          .select()
          .from(memorials)
          .where(eq(memorials.id, job.memorialId!));
        expect(row).toMatchObject({ ownerId: sponsor.row.id, title: 'Dorothy Vaughan' });
        expect(
          await second.app.ctx.db.select().from(prayers).where(eq(prayers.memorialId, row!.id)),
        ).toHaveLength(3);
        // The uploaded archive goes once the import is done: the job removes it right after.
        await vi.waitFor(
          async () => {
            const left: string[] = [];
            for await (const key of second.app.ctx.storage.list('imports')) left.push(key);
            expect(left).toEqual([]);
          },
          { timeout: 10_000, interval: 50 },
        );
      } finally {
        await second.close();
      }
    } finally {
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
