import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ImportJob } from '@rips/shared/archives';
import type { TestUser } from './factories.js';
import { multipartRequest } from './multipart.js';

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
