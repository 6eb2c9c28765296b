import { createHash } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ImportJob } from '@rips/shared/archives';
import { asVersion1, unzip } from './archives.js';
import { createTestApp, type TestApp, UNLIMITED_CREATIONS } from './app.js';
import { createUser, type TestUser } from './factories.js';
import { craftedZip } from './hostile-corpus.js';
import { multipartRequest } from './multipart.js';

/** The two sites an archive travels between, and who acts on them. */
export interface ArchiveCast {
  /** The site a memorial is exported from. */
  source: TestApp;
  /** A fresh site it is imported into. */
  target: TestApp;
  /** Grace Hopper, sponsor on the source. */
  owner: TestUser;
  /** Alan Turing, a member of the source. */
  contributor: TestUser;
  /** Ada Byron, sponsor on the target. */
  importer: TestUser;
}

/** Two sites without creation budgets, and their members; close both sites after the tests. */
export async function createArchiveCast(): Promise<ArchiveCast> {
  const source = await createTestApp(UNLIMITED_CREATIONS);
  const target = await createTestApp(UNLIMITED_CREATIONS);
  return {
    source,
    target,
    owner: await createUser(source.app, { role: 'sponsor', fullName: 'Grace Hopper' }),
    contributor: await createUser(source.app, { fullName: 'Alan Turing' }),
    importer: await createUser(target.app, { role: 'sponsor', fullName: 'Ada Byron' }),
  };
}

/** POST /api/v1/imports with `zip` as the archive. */
export function importRequest(zip: Buffer, user: Pick<TestUser, 'auth'>) {
  return multipartRequest(
    'POST',
    '/api/v1/imports',
    user.auth,
    {},
    { archive: { filename: 'memorial.zip', contentType: 'application/zip', body: zip } },
  );
}

/** GET /api/v1/imports/{jobId} until the import is done or failed (or `timeoutMs` passed). */
export async function waitForImport(
  app: FastifyInstance,
  jobId: string,
  user: Pick<TestUser, 'auth'>,
  timeoutMs = 60_000,
): Promise<ImportJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/imports/${jobId}`,
      headers: user.auth,
    });
    if (res.statusCode !== 200) throw new Error(`import status ${res.statusCode}: ${res.body}`);
    const job = res.json().data as ImportJob;
    if (job.state === 'done' || job.state === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`import still ${job.state} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Starts an import and waits for its job: `res` is the POST's answer, `job` the import's last
 * state when the POST was accepted (202), else null.
 */
export async function importArchive(
  app: FastifyInstance,
  zip: Buffer,
  user: Pick<TestUser, 'auth'>,
): Promise<{ res: LightMyRequestResponse; job: ImportJob | null }> {
  const res = await app.inject(importRequest(zip, user));
  if (res.statusCode !== 202) return { res, job: null };
  return { res, job: await waitForImport(app, res.json().data.jobId, user) };
}

export interface ArchiveParts {
  /** memorial.json, parsed. */
  memorial: {
    memorial: Record<string, unknown>;
    items: Record<string, Record<string, unknown>[]>;
  } & Record<string, unknown>;
  /** manifest.json, parsed. */
  manifest: { files: { path: string; sha256: string; size: number }[] } & Record<string, unknown>;
  files: Map<string, Buffer>;
}

/**
 * The archive with memorial.json (and anything else) changed by `edit`, memorial.json's checksum
 * in the manifest updated to match (a consistent forgery), re-zipped. A bag is first laid out as
 * a version 1 archive (which the import still reads), whose manifest.json the edit may change.
 */
export async function editArchive(
  zip: Buffer,
  edit: (parts: ArchiveParts) => void,
): Promise<Buffer> {
  const unzipped = await unzip(zip);
  const files = unzipped.has('bagit.txt') ? asVersion1(unzipped) : unzipped;
  const parts: ArchiveParts = {
    memorial: JSON.parse(files.get('memorial.json')!.toString('utf8')),
    manifest: JSON.parse(files.get('manifest.json')!.toString('utf8')),
    files,
  };
  edit(parts);
  const memorialJson = Buffer.from(JSON.stringify(parts.memorial));
  for (const file of parts.manifest.files) {
    if (file.path === 'memorial.json') {
      file.sha256 = createHash('sha256').update(memorialJson).digest('hex');
      file.size = memorialJson.length;
    }
  }
  files.set('memorial.json', memorialJson);
  files.set('manifest.json', Buffer.from(JSON.stringify(parts.manifest)));
  return craftedZip([...files].map(([name, data]) => ({ name, data })));
}
