import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ImportJobParamsSchema, ImportJobSchema, ImportStartedSchema } from '@rips/shared/archives';
import { envelope, ERROR_RESPONSES } from '@rips/shared/envelope';
import { MemorialIdParamsSchema } from '@rips/shared/memorials';
import { attachmentDisposition } from '../../media/documents.js';
import { uploadForm } from '../../lib/multipart.js';
import { answer, fileAnswer, respond } from '../../lib/respond.js';
import { FILE_CONTENT_SECURITY_POLICY } from '../../plugins/security-headers.js';
import {
  ARCHIVE_LINK_HOURS,
  defineArchiveJob,
  defineArchiveSweep,
  openArchiveDownload,
  requestArchive,
} from './archive-jobs.js';
import { defineImportJob } from './import-jobs.js';
import * as archives from './archives.service.js';

const ZipAnswer = fileAnswer(
  'application/zip',
  'A ZIP archive, streamed (docs/memorial-archive.md).',
);

/** One file, the archive; read as a stream to a temporary file, never into memory. */
const ImportUpload = uploadForm(z.object({}), { archive: 'required' });

const DownloadBodySchema = z.object({ token: z.string().min(20).max(100) });

const QueuedAnswer = {
  202: envelope(z.object({ queued: z.literal(true) })),
  ...ERROR_RESPONSES,
};
const queuedMessage = (what: string) =>
  `We are preparing ${what}. A download link will be emailed to you; it works once, for ${ARCHIVE_LINK_HOURS} hours.`;

export const archivesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  defineArchiveJob(ctx, app.log);
  defineArchiveSweep(ctx, app.log);
  defineImportJob(ctx, app.log);
  // The emailed link's page posts a plain HTML form, so the browser saves the answer as it
  // streams (a script would hold the whole archive in memory first).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  /** The signed-in caller of an export call, counted against their one export budget. */
  async function exporter(request: FastifyRequest) {
    const user = await request.requireUser();
    await archives.countExport(ctx, user.id);
    return user;
  }

  const sendZip = (reply: FastifyReply, download: archives.ZipDownload) =>
    reply
      .header('content-type', 'application/zip')
      .header('content-disposition', attachmentDisposition(download.fileName))
      .header('content-security-policy', FILE_CONTENT_SECURITY_POLICY)
      .header('cache-control', 'private, no-store')
      .send(download.stream);

  // The memorial's whole archive, for its owner and managers.
  app.get(
    '/posts/:id/export',
    { schema: { params: MemorialIdParamsSchema, response: ZipAnswer } },
    async (request, reply) => {
      const user = await exporter(request);
      const download = await archives.exportMemorial(ctx, user, request.params.id, request.log);
      return sendZip(reply, download);
    },
  );

  // A memorial too large to download at once: built in the background, its link emailed.
  app.post(
    '/posts/:id/export',
    { schema: { params: MemorialIdParamsSchema, response: QueuedAnswer } },
    async (request, reply) => {
      const user = await exporter(request);
      const memorial = await archives.exportableMemorial(ctx, user, request.params.id);
      await requestArchive(ctx, user, { kind: 'memorial', memorial });
      return respond(reply, 202, { queued: true as const }, queuedMessage('the archive'));
    },
  );

  // The emailed link's download: the token in the body (never in a GET), spent once.
  app.post(
    '/exports/download',
    { schema: { body: DownloadBodySchema, response: ZipAnswer } },
    async (request, reply) => {
      await archives.countArchiveDownload(ctx, request.ip);
      const { fileName, object, done } = await openArchiveDownload(ctx, request.body.token);
      object.stream.once('end', () => {
        done().catch((error: unknown) =>
          request.log.warn(
            { err: { code: (error as { code?: unknown }).code } },
            'a sent archive was not removed',
          ),
        );
      });
      return sendZip(reply.header('content-length', object.size), {
        fileName,
        stream: object.stream,
      });
    },
  );

  // A member's own data: profile, Life Legacy, what they left, the archives of their memorials.
  app.get('/users/me/export', { schema: { response: ZipAnswer } }, async (request, reply) => {
    const user = await exporter(request);
    return sendZip(reply, await archives.exportMemberData(ctx, user, request.log));
  });

  // A take-out too large to download at once: built in the background, its link emailed.
  app.post('/users/me/export', { schema: { response: QueuedAnswer } }, async (request, reply) => {
    const user = await exporter(request);
    await requestArchive(ctx, user, { kind: 'takeout' });
    return respond(reply, 202, { queued: true as const }, queuedMessage('your data'));
  });

  // An archive to import: checked as far as is cheap, then imported by a job (202 with its id).
  app.post(
    '/imports',
    {
      schema: {
        upload: ImportUpload,
        response: { 202: envelope(ImportStartedSchema), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const jobId = await archives.importArchive(ctx, user, request);
      return respond(
        reply,
        202,
        { jobId },
        'We are importing the archive. Its progress is at /api/v1/imports/{jobId}.',
      );
    },
  );

  // Where an import stands, for the member who started it alone.
  app.get(
    '/imports/:jobId',
    { schema: { params: ImportJobParamsSchema, response: answer(ImportJobSchema) } },
    async (request, reply) => {
      const user = await request.requireUser();
      const job = await archives.importProgress(ctx, user, request.params.jobId);
      return respond(reply, 200, job, 'The import.');
    },
  );
};
