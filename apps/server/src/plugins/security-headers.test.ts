import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../test/app.js';
import { createMemorialRow, createUser, registrationRequest } from '../../test/factories.js';
import { minimalPdf } from '../../test/hostile-corpus.js';
import { multipartRequest } from '../../test/multipart.js';

let t: TestApp;
let web: string;
beforeAll(async () => {
  web = await mkdtemp(path.join(os.tmpdir(), 'rips-web-'));
  await mkdir(path.join(web, 'assets'));
  await writeFile(
    path.join(web, 'index.html'),
    '<!doctype html><title>Rips</title><!--app-head--><div id="root"><!--app-html--></div><!--app-data-->',
  );
  await writeFile(path.join(web, 'assets', 'app-abc123.js'), 'console.log(1)');
  await writeFile(
    path.join(web, 'assets', 'mark-abc123.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  );
  t = await createTestApp({ WEB_DIST_DIR: web });
});
afterAll(async () => {
  await t?.close();
  await rm(web, { recursive: true, force: true });
});

function expectSecurityHeaders(res: LightMyRequestResponse, label: string) {
  const h = res.headers;
  expect(h['x-content-type-options'], label).toBe('nosniff');
  expect(h['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  expect(h['x-frame-options'], label).toBe('DENY');
  const csp = String(h['content-security-policy'] ?? '');
  expect(csp, label).toMatch(/frame-ancestors 'none'|sandbox/);
  const scriptSrc =
    /(?:^|;\s*)script-src ([^;]*)/.exec(csp)?.[1] ??
    /(?:^|;\s*)default-src ([^;]*)/.exec(csp)?.[1] ??
    '';
  expect(scriptSrc, label).not.toContain('unsafe-inline');
  expect(scriptSrc, label).not.toContain('unsafe-eval');
}

describe(`security headers (${TEST_ENGINE})`, () => {
  it('are on HTML pages, assets, API answers, errors and images', async () => {
    const html = await t.app.inject({ method: 'GET', url: '/memoriams' });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expectSecurityHeaders(html, 'html');

    // A hashed script is no document: it keeps nosniff and its resource policy, and sheds the
    // document-only headers (decision 0119). An SVG of the build could be opened as a document.
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const documentOnly of [
      'content-security-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'permissions-policy',
      'referrer-policy',
    ])
      expect(asset.headers[documentOnly], documentOnly).toBeUndefined();
    const svg = await t.app.inject({ method: 'GET', url: '/assets/mark-abc123.svg' });
    expect(svg.statusCode).toBe(200);
    expectSecurityHeaders(svg, 'svg asset');

    const apiError = await t.app.inject({ method: 'GET', url: '/api/v1/users/me' });
    expect(apiError.statusCode).toBe(401);
    expectSecurityHeaders(apiError, 'api error');

    const notFound = await t.app.inject({ method: 'GET', url: '/api/v1/does-not-exist' });
    expect(notFound.statusCode).toBe(404);
    expectSecurityHeaders(notFound, '404');

    const created = await t.app.inject(await registrationRequest());
    expect(created.statusCode).toBe(201);
    expectSecurityHeaders(created, 'api json');
    const image = await t.app.inject({ method: 'GET', url: created.json().data.user.avatar });
    expect(image.statusCode).toBe(200);
    expectSecurityHeaders(image, 'image');
    expect(image.headers['content-security-policy']).toContain('sandbox');

    // A document: an inert attachment with its real type.
    const owner = await createUser(t.app, { role: 'sponsor' });
    const memorial = await createMemorialRow(t.app, owner);
    const uploaded = await t.app.inject(
      multipartRequest(
        'POST',
        '/api/v1/documents',
        owner.auth,
        { postId: memorial.id, name: 'Owner' },
        {
          documentFile: {
            filename: 'Order of service.pdf',
            contentType: 'application/pdf',
            body: minimalPdf(),
          },
        },
      ),
    );
    expect(uploaded.statusCode).toBe(201);
    const download = await t.app.inject({
      method: 'GET',
      url: uploaded.json().data.documentFile,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="Order of service\.pdf"/,
    );
    expectSecurityHeaders(download, 'document');
    expect(download.headers['content-security-policy']).toContain('sandbox');
  });

  it('adds HSTS only when served over HTTPS', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();

    const proxied = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const secure = await proxied.app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(secure.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    } finally {
      await proxied.close();
    }
  });
});
