import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BookQuerySchema, MemorialIdParamsSchema } from '@rips/shared/memorials';
import { fileAnswer } from '../../lib/respond.js';
import { FILE_CONTENT_SECURITY_POLICY } from '../../plugins/security-headers.js';
import { archiveFileName } from '../archives/memorial-export.js';
import * as book from './book.service.js';

/** The printed memorial book (decision 0124). */
export const bookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/posts/:id/book.pdf',
    {
      schema: {
        params: MemorialIdParamsSchema,
        querystring: BookQuerySchema,
        response: fileAnswer(
          'application/pdf',
          'The memorial book: a printable, tagged PDF/A-2a of the memorial, drawn as it is sent.',
        ),
      },
    },
    async (request, reply) => {
      const { size } = request.query;
      const viewer = await request.optionalUser();
      // Who may not have the book is told the memorial does not exist, before anything is counted.
      const subject = await book.bookSubject(ctx, request.params.id, viewer);
      const { release } = await book.reserveBuild(ctx, subject.memorial.id, viewer, request.ip);
      const pdf = await book.startBook(ctx, subject, size, release, (error) =>
        request.log.error({ err: error, memorialId: subject.memorial.id }, 'memorial book failed'),
      );
      const fileName = archiveFileName(subject.memorial, 'memorial').replace(
        /\.zip$/,
        `-book-${size}.pdf`,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('content-security-policy', FILE_CONTENT_SECURITY_POLICY)
        .header(
          'cache-control',
          // Only the copy anyone may have is kept by a shared cache, and not for long.
          subject.isPublicCopy ? 'public, max-age=300' : 'private, no-store',
        )
        .header('vary', 'Authorization')
        .send(pdf);
    },
  );
};
