// Short links, QR codes and posters, through the app: the QR code read back from the PNG (and
// from the poster, rendered as a printer would) leads to the memorial.
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import jsQRModule from 'jsqr';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHORT_CODE_ALPHABET, UNLISTED_SHORT_CODE_LENGTH } from '@rips/shared/memorials';
import { posterUnprintable } from '@rips/shared/poster';
import { createTestApp, TEST_ENGINE, useTestApp, type TestApp } from '../../../test/app.js';
import {
  addContributorRow,
  createMemorialVia,
  createMemorialRow,
  createUser,
  type TestUser,
} from '../../../test/factories.js';
import { jpegFile } from '../../../test/fixtures.js';
import { multipartRequest } from '../../../test/multipart.js';
import { drawnGlyphIds } from '../../../test/pdf-glyphs.js';
import { posterDates, printedUrl } from './poster.js';
import { normalizeShortCode } from './short-links.js';

const run = promisify(execFile);
/** jsqr is CommonJS typed as an ES module: its function is the default export or the module. */
const jsQR = ((jsQRModule as unknown as { default?: typeof jsQRModule }).default ??
  jsQRModule) as unknown as typeof jsQRModule.default;
const PUBLIC_URL = 'https://memorials.example.org';
/** Where the rendered posters are kept for a person to look at. */
const SHOTS = '/tmp/share-shots';

const t = useTestApp({ PUBLIC_URL });
let owner: TestUser;
let memorial: { _id: string; title: string; shortUrl: string; posterLine: string };

/** The text of the QR code in a picture, read as a phone's camera app would. */
async function readQr(image: Buffer): Promise<string | null> {
  const { data, info } = await sharp(image)
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

/** Follows a short URL through the app as a browser would: the redirect, then the memorial. */
async function follow(url: string) {
  const { pathname } = new URL(url);
  const redirect = await t.app.inject({ method: 'GET', url: pathname });
  expect(redirect.statusCode, redirect.body).toBe(302);
  const location = String(redirect.headers.location);
  const id = /^\/post\/([0-9a-f-]{36})$/.exec(location)?.[1];
  expect(id, location).toBeDefined();
  const page = await t.app.inject({ method: 'GET', url: `/api/v1/posts/post/${id}` });
  expect(page.statusCode).toBe(200);
  return page.json().data as { _id: string; title: string };
}

beforeAll(async () => {
  owner = await createUser(t.app, { role: 'sponsor', fullName: 'Ngozi Adeyemi' });
  memorial = await createMemorialVia(
    t.app,
    owner.auth,
    {
      title: 'Chidi Adeyemi',
      dateOfBirth: '1941-03-03',
      deathDate: '2024-06-09',
      posterLine: 'Forever in our hearts, singing in the garden',
      traits: 'kind gardener',
    },
    await jpegFile(900, 1200),
  );
});

describe(`short links, QR codes and posters (${TEST_ENGINE})`, () => {
  it('gives every memorial an absolute short URL from PUBLIC_URL, with an unambiguous code', () => {
    const code = new RegExp(`^${PUBLIC_URL}/m/[${SHORT_CODE_ALPHABET}]{8}$`);
    expect(memorial.shortUrl).toMatch(code);
    expect(SHORT_CODE_ALPHABET).not.toMatch(/[01ilo]/);
    expect(memorial.posterLine).toBe('Forever in our hearts, singing in the garden');
  });

  it('redirects /m/{code} to the memorial, whatever the case it is typed in', async () => {
    expect((await follow(memorial.shortUrl))._id).toBe(memorial._id);
    const shouted = memorial.shortUrl.replace(
      /\/m\/(.+)$/,
      (_m, c: string) => `/m/${c.toUpperCase()}`,
    );
    expect((await follow(shouted))._id).toBe(memorial._id);
  });

  it('answers not found for an unknown or malformed code', async () => {
    for (const code of ['zzzzzzzz', 'O0O0O0O0', 'short', 'x'.repeat(64)]) {
      const res = await t.app.inject({ method: 'GET', url: `/m/${code}` });
      expect(res.statusCode, code).toBe(404);
      expect(res.headers.location).toBeUndefined();
    }
  });

  it('resolves a short code through the API for the web app, or answers not found', async () => {
    const code = memorial.shortUrl.split('/m/')[1]!;
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/v1/posts/short/${code.toUpperCase()}`,
      headers: owner.auth,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toEqual({ _id: memorial._id });
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/posts/short/zzzzzzzz' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No memorial has this link.');
  });

  it('encodes the short URL in the PNG QR code, which leads to the memorial', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/posts/${memorial._id}/qr.png` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const decoded = await readQr(res.rawPayload);
    expect(decoded).toBe(memorial.shortUrl);
    expect((await follow(decoded!)).title).toBe('Chidi Adeyemi');
  });

  it('serves the QR code as SVG, inert, readable once drawn', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/posts/${memorial._id}/qr.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toMatch(/^<svg/);
    expect(res.body).not.toMatch(/<script/i);
    expect(await readQr(await sharp(res.rawPayload, { density: 300 }).png().toBuffer())).toBe(
      memorial.shortUrl,
    );
  });

  it('answers 304 to a client holding the current file, and a new ETag once the memorial changes', async () => {
    const url = `/api/v1/posts/${memorial._id}/qr.png`;
    const first = await t.app.inject({ method: 'GET', url });
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const poster = await t.app.inject({
      method: 'GET',
      url: `/api/v1/posts/${memorial._id}/poster.pdf`,
    });
    expect(poster.headers.etag).not.toBe(etag);

    const edit = await t.app.inject(
      multipartRequest('PATCH', `/api/v1/posts/${memorial._id}`, owner.auth, {
        posterLine: 'Loved always',
      }),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data.posterLine).toBe('Loved always');
    expect(edit.json().data.shortUrl).toBe(memorial.shortUrl);
    const after = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    memorial.posterLine = 'Loved always';
  });

  it('refuses a poster line over the limit or on more than one line, and keeps the stored one', async () => {
    for (const posterLine of ['x'.repeat(91), 'first line\nsecond line']) {
      const res = await t.app.inject(
        multipartRequest('PATCH', `/api/v1/posts/${memorial._id}`, owner.auth, { posterLine }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/poster line/i);
    }
    const page = await t.app.inject({ method: 'GET', url: `/api/v1/posts/post/${memorial._id}` });
    expect(page.json().data.posterLine).toBe(memorial.posterLine);
  });

  it('refuses a poster size other than a4 or letter with a clear message', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/posts/${memorial._id}/poster.pdf?size=a5`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The poster size must be a4 or letter.');
  });

  it('answers not found for the files of a memorial that does not exist', async () => {
    for (const file of ['qr.svg', 'qr.png', 'poster.pdf']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/posts/00000000-0000-4000-8000-000000000000/${file}`,
      });
      expect(res.statusCode, file).toBe(404);
    }
  });

  for (const [size, inches] of [
    ['a4', [8.27, 11.69]],
    ['letter', [8.5, 11]],
  ] as const) {
    it(`makes a ${size} poster whose printed QR code leads to the memorial`, async () => {
      const url = `/api/v1/posts/${memorial._id}/poster.pdf${size === 'a4' ? '' : `?size=${size}`}`;
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

      // Rendered as a printer would, at 100 dpi: one page of the paper's size.
      const work = path.join(os.tmpdir(), `poster-${process.pid}-${size}`);
      await writeFile(`${work}.pdf`, res.rawPayload);
      await run('pdftoppm', ['-png', '-r', '100', '-singlefile', `${work}.pdf`, work]);
      const png = await readFile(`${work}.png`);
      await mkdir(SHOTS, { recursive: true });
      await writeFile(path.join(SHOTS, `poster-${size}-${TEST_ENGINE}.png`), png);
      await rm(`${work}.pdf`);
      await rm(`${work}.png`);

      const { width, height } = await sharp(png).metadata();
      expect(width).toBeCloseTo(inches[0] * 100, -1);
      expect(height).toBeCloseTo(inches[1] * 100, -1);
      const decoded = await readQr(png);
      expect(decoded).toBe(memorial.shortUrl);
      expect((await follow(decoded!))._id).toBe(memorial._id);
      const text = res.rawPayload.toString('latin1');
      expect(text).toContain('/Type /Font');
      // The fonts are embedded (subset), never fetched or left to the reader.
      expect(text).toMatch(/FontFile2/);
    });
  }
});

describe(`a poster for a long name in other scripts, without a photo (${TEST_ENGINE})`, () => {
  it('keeps the name, the line and a readable QR code on the page', async () => {
    const res = await t.app.inject(
      multipartRequest('POST', '/api/v1/posts', owner.auth, {
        title:
          'Zoë Łucja Ødegård-Ñúñez Παπαδοπούλου Ольга Сергеевна Dvořáková, beloved grandmother of many',
        deathDate: '2025-01-15',
        posterLine: 'Şükran, amor y gratitud',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().data as { _id: string; shortUrl: string };
    const poster = await t.app.inject({
      method: 'GET',
      url: `/api/v1/posts/${made._id}/poster.pdf?size=LETTER`,
    });
    expect(poster.statusCode).toBe(200);
    const work = path.join(os.tmpdir(), `poster-${process.pid}-long`);
    await writeFile(`${work}.pdf`, poster.rawPayload);
    await run('pdftoppm', ['-png', '-r', '100', '-singlefile', `${work}.pdf`, work]);
    const png = await readFile(`${work}.png`);
    await mkdir(SHOTS, { recursive: true });
    await writeFile(path.join(SHOTS, `poster-long-name-${TEST_ENGINE}.png`), png);
    await rm(`${work}.pdf`);
    await rm(`${work}.png`);
    expect(await readQr(png)).toBe(made.shortUrl);
    // One page: nothing was pushed onto a second.
    expect(poster.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
  });
});

describe(`a poster of a name and a line in several scripts (${TEST_ENGINE})`, () => {
  it('prints every word as typed, leaves out only what the form names, and draws no box', async () => {
    const title = 'Miriam Haddad מרים حداد';
    const posterLine = 'Sofía · Ελπίδα · Надежда · זכרונה לברכה · رحمها الله 🌹 永远';
    const res = await t.app.inject(
      multipartRequest('POST', '/api/v1/posts', owner.auth, { title, posterLine }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().data as { _id: string; posterLine: string };
    // The line is stored as typed; only the poster leaves out what it cannot draw.
    expect(made.posterLine).toBe(posterLine);
    expect(posterUnprintable(`${title} ${posterLine}`)).toEqual(['永', '远']);

    const poster = await t.app.inject({
      method: 'GET',
      url: `/api/v1/posts/${made._id}/poster.pdf`,
    });
    expect(poster.statusCode).toBe(200);
    expect(drawnGlyphIds(poster.rawPayload).filter((id) => id === 0)).toEqual([]);
    const work = path.join(os.tmpdir(), `poster-${process.pid}-scripts.pdf`);
    await writeFile(work, poster.rawPayload);
    const { stdout } = await run('pdftotext', [work, '-']);
    await rm(work);
    const words = `${title} ${posterLine}`.split(/[\s·]+/).filter((word) => !/[永远]/.test(word));
    for (const word of words) expect(stdout, word).toContain(word);
    expect(stdout).not.toMatch(/[永远]/);
  });
});

describe('poster limit per address', () => {
  it('refuses posters past POSTERS_PER_MINUTE_PER_IP with 429, other addresses unaffected', async () => {
    const limited = await createTestApp({ POSTERS_PER_MINUTE_PER_IP: '2' });
    try {
      const sponsor = await createUser(limited.app, { role: 'sponsor' });
      const row = await createMemorialRow(limited.app, sponsor, { title: 'Agnes Limit' });
      const ask = (size: string, remoteAddress: string) =>
        limited.app.inject({
          method: 'GET',
          url: `/api/v1/posts/${row.id}/poster.pdf?size=${size}`,
          remoteAddress,
        });
      expect((await ask('a4', '10.20.0.1')).statusCode).toBe(200);
      expect((await ask('letter', '10.20.0.1')).statusCode).toBe(200);
      const refused = await ask('a4', '10.20.0.1');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().message).toMatch(/Too many posters/);
      expect((await ask('a4', '10.20.0.2')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('poster dates', () => {
  it('reads as the memorial page shows them, with only one date when one is known', () => {
    expect(posterDates('1941-03-03', '2024-06-09')).toBe('March 3, 1941 – June 9, 2024');
    expect(posterDates('1941-03-03', null)).toBe('Born March 3, 1941');
    expect(posterDates(null, '2024-06-09')).toBe('Died June 9, 2024');
    expect(posterDates(null, null)).toBeNull();
  });
});

/**
 * The parts of an answer a caller can compare: status, headers (but the per-request ones) and
 * body, with the code it was asked for written as `{code}` (the API's "no route" names it).
 */
function shape(res: Awaited<ReturnType<TestApp['app']['inject']>>, code: string) {
  const { date: _date, 'x-request-id': _id, ...headers } = res.headers;
  return { status: res.statusCode, headers, body: res.body.replaceAll(code, '{code}') };
}

describe(`short links of memorials not everyone may see (${TEST_ENGINE})`, () => {
  let family: TestUser;
  let cousin: TestUser;
  let outsider: TestUser;
  let askable: { id: string; shortCode: string };
  let closed: { id: string; shortCode: string };

  beforeAll(async () => {
    family = await createUser(t.app, { role: 'sponsor' });
    cousin = await createUser(t.app);
    outsider = await createUser(t.app);
    askable = await createMemorialRow(t.app, family, {
      title: 'Private, takes requests',
      visibility: 'private',
      allowAccessRequests: true,
    });
    closed = await createMemorialRow(t.app, family, {
      title: 'Private, no requests',
      visibility: 'private',
    });
    await addContributorRow(t.app, closed.id, cousin);
  });

  it('leads a visitor to the page the memorial’s own address shows them: its name and "Ask to join"', async () => {
    for (const headers of [{}, outsider.auth]) {
      const link = await t.app.inject({ method: 'GET', url: `/m/${askable.shortCode}`, headers });
      expect(link.statusCode, link.body).toBe(302);
      expect(link.headers.location).toBe(`/post/${askable.id}`);
      const api = await t.app.inject({
        method: 'GET',
        url: `/api/v1/posts/short/${askable.shortCode}`,
        headers,
      });
      expect(api.statusCode, api.body).toBe(200);
      expect(api.json().data).toEqual({ _id: askable.id });
      // What that page shows them: the name and the request form's summary, not the memorial.
      const access = await t.app.inject({
        method: 'GET',
        url: `/api/v1/posts/${askable.id}/access`,
        headers,
      });
      expect(access.json().data.title).toBe('Private, takes requests');
      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/v1/posts/post/${askable.id}`,
        headers,
      });
      expect(detail.statusCode).toBe(404);
    }
  });

  it('answers the code of a memorial that shows the caller nothing exactly as an unknown code', async () => {
    const unknown = 'zzzzzzzz';
    for (const headers of [{}, outsider.auth]) {
      for (const base of ['/m/', '/api/v1/posts/short/']) {
        const hidden = await t.app.inject({ method: 'GET', url: base + closed.shortCode, headers });
        const missing = await t.app.inject({ method: 'GET', url: base + unknown, headers });
        expect(hidden.statusCode).toBe(404);
        expect(shape(hidden, closed.shortCode)).toEqual(shape(missing, unknown));
      }
    }
  });

  it('takes the family to the memorial at once, by their token or their page session cookie', async () => {
    for (const headers of [cousin.auth, { cookie: `rips_session=${cousin.token}` }]) {
      const link = await t.app.inject({ method: 'GET', url: `/m/${closed.shortCode}`, headers });
      expect(link.statusCode, link.body).toBe(302);
      expect(link.headers.location).toBe(`/post/${closed.id}`);
      expect(link.headers.vary).toMatch(/Cookie/);
    }
  });
});

describe(`an unlisted memorial's short link (${TEST_ENGINE})`, () => {
  const LONG = new RegExp(`/m/[${SHORT_CODE_ALPHABET}]{${UNLISTED_SHORT_CODE_LENGTH}}$`);
  const codeOf = (url: string) => url.split('/m/')[1]!;
  let family: TestUser;

  beforeAll(async () => {
    family = await createUser(t.app, { role: 'sponsor' });
  });

  const settings = async (id: string, visibility: string) => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/posts/${id}/settings`,
      headers: family.auth,
      payload: { visibility },
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/posts/post/${id}`,
      headers: family.auth,
    });
    return detail.json().data.shortUrl as string;
  };
  const follow = (code: string) => t.app.inject({ method: 'GET', url: `/m/${code}` });

  it('is 18 characters (about 89 bits) once unlisted; the short one it had leads nowhere', async () => {
    expect(UNLISTED_SHORT_CODE_LENGTH * Math.log2(SHORT_CODE_ALPHABET.length)).toBeGreaterThan(89);
    const { id, shortCode: before } = await createMemorialRow(t.app, family);
    expect(before).toHaveLength(8);
    const after = await settings(id, 'unlisted');
    expect(after).toMatch(LONG);
    expect((await follow(before)).statusCode).toBe(404);
    const code = codeOf(after);
    expect((await follow(code)).headers.location).toBe(`/post/${id}`);
    // Typed from the poster: grouped by six, in capitals.
    const printed = printedUrl(after);
    expect(printed).toMatch(/\/m\/[a-z2-9]{6}-[a-z2-9]{6}-[a-z2-9]{6}$/);
    expect((await follow(codeOf(printed).toUpperCase())).headers.location).toBe(`/post/${id}`);
    // The QR code carries the whole link; the poster prints it grouped.
    const qr = await t.app.inject({ method: 'GET', url: `/api/v1/posts/${id}/qr.png` });
    expect(await readQr(qr.rawPayload)).toBe(after);
    const poster = await t.app.inject({ method: 'GET', url: `/api/v1/posts/${id}/poster.pdf` });
    const work = path.join(os.tmpdir(), `poster-${process.pid}-unlisted.pdf`);
    await writeFile(work, poster.rawPayload);
    const { stdout } = await run('pdftotext', [work, '-']);
    await rm(work);
    expect(stdout).toContain(printed);
  });

  it('keeps its code when it stops being unlisted, and gets a new one when it is made unlisted again', async () => {
    const { id } = await createMemorialRow(t.app, family);
    const unlisted = await settings(id, 'unlisted');
    expect(await settings(id, 'public')).toBe(unlisted);
    expect(await settings(id, 'private')).toBe(unlisted);
    const again = await settings(id, 'unlisted');
    expect(again).toMatch(LONG);
    expect(again).not.toBe(unlisted);
    expect((await follow(codeOf(unlisted))).statusCode).toBe(404);
  });

  it('reads a code typed in any case, with spaces or hyphens, and nothing else', () => {
    expect(normalizeShortCode(' AbCd-EfGh ')).toBe('abcdefgh');
    expect(normalizeShortCode('abcdef ghjkmn-pqrstu')).toBe('abcdefghjkmnpqrstu');
    for (const wrong of ['abcdefg', 'abcdefghj', 'abcdefghjkmnpqrst', 'abcdefgh0', 'abcd/efgh']) {
      expect(normalizeShortCode(wrong), wrong).toBeNull();
    }
  });
});

describe('short links that lead nowhere, per address', () => {
  it(`refuses an address past SHORT_LINK_MISSES_PER_MINUTE_PER_IP misses, whatever it asks next, until the minute ends`, async () => {
    const limited = await createTestApp({ SHORT_LINK_MISSES_PER_MINUTE_PER_IP: '3' });
    try {
      const family = await createUser(limited.app, { role: 'sponsor' });
      const { id, shortCode } = await createMemorialRow(limited.app, family);
      const ask = (url: string, remoteAddress: string) =>
        limited.app.inject({ method: 'GET', url, remoteAddress });
      const guesser = '10.30.0.1';
      // Links that lead somewhere are never counted.
      for (let i = 0; i < 40; i++) {
        expect((await ask(`/m/${shortCode}`, guesser)).headers.location).toBe(`/post/${id}`);
      }
      // Misses through either door share one budget.
      expect((await ask('/m/zzzzzzzz', guesser)).statusCode).toBe(404);
      expect((await ask('/api/v1/posts/short/yyyyyyyy', guesser)).statusCode).toBe(404);
      expect((await ask('/m/not-a-code', guesser)).statusCode).toBe(404);
      for (const url of ['/m/xxxxxxxx', `/m/${shortCode}`, `/api/v1/posts/short/${shortCode}`]) {
        const refused = await ask(url, guesser);
        expect(refused.statusCode, url).toBe(429);
        const wait = Number(refused.headers['retry-after']);
        expect(wait).toBeGreaterThan(0);
        expect(wait).toBeLessThanOrEqual(60);
        expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', success: false });
      }
      // Another address is not held back.
      expect((await ask(`/m/${shortCode}`, '10.30.0.2')).statusCode).toBe(302);
      expect((await ask('/m/zzzzzzzz', '10.30.0.2')).statusCode).toBe(404);
      // The next minute, the address is welcome again.
      const realNow = limited.app.ctx.limiter.now;
      limited.app.ctx.limiter.now = () => realNow() + 60_000;
      try {
        expect((await ask(`/m/${shortCode}`, guesser)).statusCode).toBe(302);
      } finally {
        limited.app.ctx.limiter.now = realNow;
      }
    } finally {
      await limited.close();
    }
  });
});
