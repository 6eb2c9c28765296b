// A memorial's exported archive opens from disk, with no server and no network: index.html in
// Chromium over file://, every other request aborted, shows the memorial with its pictures. Then a
// sponsor imports it on a running site: the import screen follows the job until the memorial is
// there, and its tributes say who originally left them.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzip } from '../apps/server/test/archives.js';
import { createTestApp, UNLIMITED_CREATIONS, type TestApp } from '../apps/server/test/app.js';
import { createUser } from '../apps/server/test/factories.js';
import { pdfFile, pngFile } from '../apps/server/test/fixtures.js';
import { multipart } from '../apps/server/test/multipart.js';
import {
  DEMO,
  expectNoAxeViolations,
  launchBrowser,
  loginViaApi,
  newPage,
  startServer,
  type RunningServer,
} from './harness.js';

const SHOTS = process.env.EXPORT_SHOTS_DIR ?? '/tmp/export-shots';

let t: TestApp;
let browser: Browser;
let dir: string;
/** The archive the first journey exported, imported by the second. */
let archive: Buffer | undefined;

beforeAll(async () => {
  [t, browser] = await Promise.all([createTestApp(UNLIMITED_CREATIONS), launchBrowser()]);
  dir = await mkdtemp(path.join(os.tmpdir(), 'rips-archive-'));
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

async function post(url: string, auth: object, fields: Record<string, string>, files = {}) {
  const body = multipart(fields, files);
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...auth },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data;
}

describe('exported memorial opened from disk', () => {
  it('shows the memorial with every picture, offline', async () => {
    const owner = await createUser(t.app, { role: 'sponsor', fullName: 'Mary Jackson' });
    const { auth } = owner;
    const memorial = await post(
      '/api/v1/posts',
      auth,
      {
        title: 'Dorothy Vaughan',
        description: 'She taught herself FORTRAN and then taught everyone else.',
        birthPlace: 'Kansas City',
        burial: 'Sunset Memorial Park',
        dateOfBirth: '1910-09-20',
        deathDate: '2008-11-10',
        traits: 'teacher leader',
        posterLine: 'She taught the machines and the people.',
      },
      { postImg: await pngFile(1200, 900, '#6f8fa8') },
    );
    const colors = ['#c9a66b', '#8fb39a', '#b58fb3', '#a8b8c9'];
    for (const [i, color] of colors.entries()) {
      await post(
        '/api/v1/photos',
        auth,
        { postId: memorial._id, name: `Photo ${i + 1}`, caption: `At Langley, ${1950 + i}` },
        { photoImg: await pngFile(900, 600, color) },
      );
    }
    await post(
      '/api/v1/memorablias',
      auth,
      { postId: memorial._id, name: 'Mary', caption: 'Her slide rule', date: '1955-03-01' },
      { memorabliaImg: await pngFile(700, 700, '#9a8f7d') },
    );
    await post(
      '/api/v1/flowers',
      auth,
      { postId: memorial._id },
      { flowerImg: await pngFile(400, 400, '#d98f8f') },
    );
    await post('/api/v1/flowers', auth, { postId: memorial._id, bouquet: 'white-lilies' });
    await post(
      '/api/v1/documents',
      auth,
      { postId: memorial._id, title: 'Order of service' },
      { documentFile: pdfFile() },
    );
    const prayer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/prayers',
      payload: { postId: memorial._id, prayerText: 'Rest now, and thank you.' },
      headers: auth,
    });
    expect(prayer.statusCode).toBe(201);

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/posts/${memorial._id}/export`,
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    archive = res.rawPayload;
    for (const [name, data] of await unzip(res.rawPayload)) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), data);
    }

    const context = await browser.newContext({
      viewport: { width: 1100, height: 900 },
      offline: true,
    });
    const page = await context.newPage();
    const blocked: string[] = [];
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith('file://')) return route.continue();
      blocked.push(url);
      return route.abort();
    });
    // The bag's top-level page leads to the memorial's own, data/index.html.
    await page.goto(pathToFileURL(path.join(dir, 'index.html')).href);
    await page.waitForURL(pathToFileURL(path.join(dir, 'data', 'index.html')).href);
    await page.waitForLoadState('load');
    await expect.poll(() => page.getByRole('heading', { name: 'Dorothy Vaughan' }).count()).toBe(1);
    // Lazy pictures load as they scroll into view: bring each into view, then check them all.
    for (const img of await page.locator('img').all()) await img.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => [...document.images].every((i) => i.complete));
    const images = await page.$$eval('img', (list) =>
      list.map((i) => ({ src: i.getAttribute('src'), width: i.naturalWidth })),
    );
    // The portrait, the photos, the memorablia, the uploaded flower and the chosen bouquet.
    expect(images.length).toBe(1 + colors.length + 1 + 1 + 1);
    expect(images.map((i) => i.src)).toContain('media/bouquets/white-lilies.svg');
    for (const image of images) expect(image.width, String(image.src)).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('Rest now, and thank you.').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Order of service' }).count()).toBe(1);
    for (const text of [
      'She taught the machines and the people.',
      'At Langley, 1950',
      'Her slide rule',
      'March 1, 1955',
    ]) {
      await expect.poll(() => page.getByText(text, { exact: true }).count(), text).toBe(1);
    }
    expect(await page.getByRole('img', { name: 'White lilies' }).count()).toBe(1);
    expect(blocked).toEqual([]);
    await mkdir(SHOTS, { recursive: true });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS, 'memorial-offline.png'), fullPage: true });
    await context.close();
  });
});

describe('importing an archive on a running site', () => {
  let server: RunningServer | undefined;
  afterAll(async () => server?.stop());

  it('follows the import until the memorial is there, its tributes originally left by their authors', async () => {
    expect(archive, 'the export journey runs first').toBeDefined();
    server = await startServer();
    for (const width of [390, 1280]) {
      const { context, page } = await newPage(browser, server.baseUrl, { width });
      await loginViaApi(page, server.baseUrl, DEMO.sponsor.userName, DEMO.sponsor.password);
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Import a memorial' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import a memorial' });
      await dialog.locator('input[type=file]').setInputFiles({
        name: 'dorothy-vaughan.zip',
        mimeType: 'application/zip',
        buffer: archive!,
      });
      await dialog.getByRole('button', { name: 'Import' }).click();
      // The job: queued or running first, then done with a link to the memorial.
      await dialog.getByText('The memorial was imported').waitFor({ timeout: 60_000 });
      await expectNoAxeViolations(page, `import done (${width} px)`);
      const open = dialog.getByRole('link', { name: 'Open the memorial' });
      const href = await open.getAttribute('href');
      expect(href).toMatch(/^\/post\//);
      await open.click();
      await page.waitForURL((url) => url.pathname === href);
      await page.getByRole('heading', { name: 'Dorothy Vaughan', level: 1 }).waitFor();
      await page.getByText('Rest now, and thank you.').waitFor();
      // Imported authorship: the archive's name as the original author, never as the holder.
      await expect.poll(() => page.getByText('Originally left by').count()).toBeGreaterThan(0);
      expect(await page.getByText('Mary Jackson').count()).toBeGreaterThan(0);
      await expectNoAxeViolations(page, `imported memorial (${width} px)`);
      await context.close();
    }
  });
});
