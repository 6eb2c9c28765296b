import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * The plain pages an emailed one-click link opens (RFC 8058: a reminder's unsubscribe, a yearly
 * copy's stop): no app, no sign-in, never cached, indexed or sent on as a Referer. GET shows a
 * button; its form, or the mail app's `List-Unsubscribe=One-Click`, POSTs the change.
 */
export const ONE_CLICK_PAGE_HEADERS = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex',
};

export function oneClickPage(title: string, body: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title} · Rips Memorial</title>`,
    '<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:1px solid #555;background:#333;color:#fff;cursor:pointer}</style>',
    `</head><body><main><h1>${title}</h1>${body}</main></body></html>`,
  ].join('');
}

/** The link's token, in the query as a `List-Unsubscribe` URL must carry it (logs drop it). */
export const OneClickTokenQuery = z.object({ token: z.string().max(200).optional() });

/** Lets the page's own form (and the mail app's one-click POST) reach the routes of `app`. */
export function acceptFormPosts(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}
