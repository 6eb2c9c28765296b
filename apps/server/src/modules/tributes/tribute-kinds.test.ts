import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIND_LIST, KIND_PATHS, KINDS } from '@rips/shared/kinds';
import { TRIBUTE_KIND_NAMES } from '@rips/shared/tributes';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../../test/app.js';
import {
  addContributorRow,
  createMemorialRow,
  createUser,
  type TestUser,
} from '../../../test/factories.js';
import { createItemRequest, pictureFlowerRequest } from '../../../test/item-samples.js';
import { uploadFolder } from '../media/stored-files.js';
import type { TributeKind } from './tribute-kind.js';
import { TRIBUTE_KINDS } from './tribute-kinds.js';

const logLines: string[] = [];
let t: TestApp;
let owner: TestUser;
let contributor: TestUser;
let admin: TestUser;
let memorialId: string;

beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'warn' },
    { logStream: { write: (line) => void logLines.push(line) } },
  );
  owner = await createUser(t.app, { role: 'sponsor' });
  contributor = await createUser(t.app, { fullName: 'Alan Turing' });
  admin = await createUser(t.app, { role: 'admin' });
  memorialId = (await createMemorialRow(t.app, owner)).id;
  await addContributorRow(t.app, memorialId, contributor);
});
afterAll(async () => t?.close());

async function storedKey(kind: TributeKind, id: string): Promise<string | null> {
  if (!kind.file) return null;
  const [row] = await t.app.ctx.db
    .select({ key: kind.file.key })
    .from(kind.table)
    .where(eq(kind.table.id, id));
  return (row?.key as string | null) ?? null;
}

async function filesOf(key: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const stored of t.app.ctx.storage.list(uploadFolder(key)!)) keys.push(stored);
  return keys;
}

describe(`the registry of item kinds (${TEST_ENGINE})`, () => {
  it("holds the spec's five kinds at their paths, and moderates exactly the shared tribute kinds", () => {
    expect(TRIBUTE_KINDS.map((k) => k.path)).toEqual(
      expect.arrayContaining(['flowers', 'prayers', 'photos', 'memorablias', 'documents']),
    );
    expect(TRIBUTE_KINDS.map((k) => k.path)).toEqual([...KIND_PATHS]);
    expect(new Set(TRIBUTE_KINDS.map((k) => k.path)).size).toBe(TRIBUTE_KINDS.length);
    const moderated = TRIBUTE_KINDS.flatMap((k) => (k.moderation ? [k.moderation.name] : []));
    expect(moderated.sort()).toEqual([...TRIBUTE_KIND_NAMES].sort());
  });

  it('Manage → Moderation holds every moderated kind, and a report is taken on every reportable one', async () => {
    const held = await createMemorialRow(t.app, owner, { tributeModeration: 'approve' });
    const open = await createMemorialRow(t.app, owner);
    await addContributorRow(t.app, held.id, contributor);
    await addContributorRow(t.app, open.id, contributor);
    const reporter = await createUser(t.app);
    for (const kind of TRIBUTE_KINDS) {
      const waiting = await t.app.inject(await createItemRequest(kind, held.id, contributor.auth));
      expect(waiting.statusCode, waiting.body).toBe(201);
      const left = await t.app.inject(await createItemRequest(kind, open.id, contributor.auth));
      const report = await t.app.inject({
        method: 'POST',
        url: `/api/v1/posts/${open.id}/reports`,
        headers: reporter.auth,
        payload: { kind: kind.path, itemId: left.json().data._id, reason: 'Please look at this.' },
      });
      expect(report.statusCode, `${kind.path}: ${report.body}`).toBe(
        KINDS[kind.path].reportable ? 201 : 400,
      );
    }
    const queue = async (id: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/posts/${id}/moderation`,
          headers: owner.auth,
        })
      ).json().data as Record<'pending' | 'reported', { kind: string }[]>;
    const kindsOf = (items: { kind: string }[]) => items.map((item) => item.kind).sort();
    const moderated = KIND_LIST.filter((k) => k.moderated).map((k) => k.path);
    const reportable = KIND_LIST.filter((k) => k.reportable).map((k) => k.path);
    expect(kindsOf((await queue(held.id)).pending)).toEqual([...moderated].sort());
    expect(kindsOf((await queue(open.id)).reported)).toEqual([...reportable].sort());
  });

  for (const kind of TRIBUTE_KINDS) {
    it(`${kind.path}: leaves one with the spec's text, lists it first, and removes it with its files`, async () => {
      const made = await t.app.inject(await createItemRequest(kind, memorialId, contributor.auth));
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json().message).toBe(kind.messages.created);
      const item = made.json().data;
      expect(item).toMatchObject({
        postId: memorialId,
        owner: { _id: contributor.row.id, fullName: 'Alan Turing' },
        abilities: { remove: true },
      });

      const list = await t.app.inject({
        method: 'GET',
        url: `/api/v1/${kind.path}/post/${memorialId}`,
        headers: owner.auth,
      });
      expect(list.json().data[0]).toEqual({ ...item, abilities: { remove: true } });
      // Abilities differ by caller: the answer is the caller's alone.
      expect(list.headers['cache-control']).toBe('private, no-cache');
      expect(list.headers['vary']).toContain('Authorization');

      const key = await storedKey(kind, item._id);
      if (key) expect((await filesOf(key)).length, 'stored files').toBeGreaterThan(0);
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/${kind.path}/${item._id}`,
        headers: contributor.auth,
      });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().message).toBe(kind.messages.removed);
      expect(await storedKey(kind, item._id)).toBeNull();
      if (key) expect(await filesOf(key)).toEqual([]);
    });
  }

  it('moderation removes a flower like its author would, and a file that cannot go is logged, not a 500', async () => {
    const made = await t.app.inject(await pictureFlowerRequest(memorialId, contributor.auth));
    const flower = made.json().data;
    const flowerKind = TRIBUTE_KINDS.find((k) => k.path === 'flowers')!;
    const key = (await storedKey(flowerKind, flower._id))!;
    // A real failure: the month folder becomes a file, so the upload's folder cannot be removed.
    const month = path.join(t.dataDir, 'uploads', ...key.split('/').slice(0, 3));
    await rename(month, `${month}.kept`);
    await writeFile(month, 'not a folder');
    try {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/admin/tributes/flower/${flower._id}`,
        headers: admin.auth,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Tribute removed.');
      expect(await storedKey(flowerKind, flower._id)).toBeNull();
    } finally {
      await rm(month);
      await rename(`${month}.kept`, month);
    }
    const warning = logLines.find((line) => line.includes('a removed item left a file behind'));
    expect(warning).toContain('"code":"ENOTDIR"');
    expect(warning).not.toContain(key.split('/')[3]);
    // The file is left for the storage check, which now finds it unreferenced.
    expect((await filesOf(key)).length).toBeGreaterThan(0);
  });
});
