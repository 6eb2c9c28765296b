import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** Scripts only from our origin; Mantine injects <style> tags, so styles allow inline. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Uploaded files are inert: no scripts, no plugins, no framing, even if a browser sniffs. */
export const FILE_CONTENT_SECURITY_POLICY =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

export interface SecurityHeadersOptions {
  /**
   * Set when other origins may use the API (CORS_ORIGINS): images and files under these path
   * prefixes then answer `Cross-Origin-Resource-Policy: cross-origin`, so their pages can show them.
   */
  crossOriginPaths?: string[];
}

/**
 * A script, stylesheet or font of the web app's build, named by its content hash (`/assets/…`,
 * cached as immutable): never a document (an SVG or HTML file could be one), an uploaded file or
 * an API answer.
 */
function isHashedAsset(reply: FastifyReply): boolean {
  const path = reply.request.url.split('?')[0]!;
  return (
    path.startsWith('/assets/') &&
    /\.(js|css|woff2?)$/.test(path) &&
    /\bimmutable\b/.test(String(reply.getHeader('cache-control') ?? ''))
  );
}

export const securityHeadersPlugin = fp<SecurityHeadersOptions>(async (app, options) => {
  const crossOriginPaths = options.crossOriginPaths ?? [];
  const isCrossOrigin = (url: string) => crossOriginPaths.some((p) => url.startsWith(p));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header(
      'cross-origin-resource-policy',
      isCrossOrigin(request.url) ? 'cross-origin' : 'same-origin',
    );
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    // A hashed script, stylesheet or font (decision 0119): the headers below act on documents
    // only, and a memorial page loads some seventy of these, each paying for them again.
    if (isHashedAsset(reply)) return;
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    }
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header(
      'permissions-policy',
      'camera=(), microphone=(), geolocation=(), interest-cohort=()',
    );
  });
});
