// The memorial book through the app, read back with poppler as an archivist's tools would: PDF/A
// identification in its XMP metadata, tagged, every font embedded, the paper asked for, and the
// life story in three scripts coming back out as text (docs/decisions/0124-the-memorial-book.md).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../../test/app.js';
import { createMemorialVia, createUser, type TestUser } from '../../../test/factories.js';
import { jpegFile } from '../../../test/fixtures.js';
import { multipartRequest } from '../../../test/multipart.js';
import { memorialPeople, memorials, prayers } from '../../db/schema/index.js';
import { reserveBuild } from './book.service.js';

const run = promisify(execFile);

const STORY = [
  'Eleni taught the whole street to swim and never let anyone leave hungry.',
  'Ελένη αγαπούσε τη θάλασσα και τα τραγούδια της γιαγιάς της.',
  'Елена любила море и песни своей бабушки.',
  'היא אהבה את הים ואת שירי סבתה.',
  'أحبت البحر وأغاني جدتها.',
].join('\n');
/**
 * Words that must come back out of the PDF as text, in each script. Arabic is drawn (the pictures
 * are looked at) but not read back: poppler names a shaped Arabic glyph by the first letter that
 * drew it, so "البحر" comes back as "ألبحر" (decision 0124).
 */
const WORDS = ['Eleni', 'swim', 'θάλασσα', 'τραγούδια', 'бабушки', 'море', 'הים', 'סבתה'];

const t = useTestApp({ PUBLIC_URL: 'https://memorials.example.org' });
let owner: TestUser;
let manager: TestUser;
let stranger: TestUser;
let memorialId: string;

/** Runs a poppler tool on the PDF; its standard output. */
async function poppler(pdf: Buffer, tool: string, args: string[] = []): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'book-'));
  try {
    const file = path.join(dir, 'book.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const get = (id: string, auth: Record<string, string> = {}, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/posts/${id}/book.pdf${query}`, headers: auth });

beforeAll(async () => {
  owner = await createUser(t.app, { role: 'sponsor' });
  manager = await createUser(t.app);
  stranger = await createUser(t.app);
  const made = await createMemorialVia(
    t.app,
    owner.auth,
    {
      title: 'Eleni Papadopoulou Ελένη',
      description: STORY,
      traits: 'Patient, funny, brave.',
      birthPlace: 'Thessaloniki',
      dateOfBirth: '1941-03-03',
      deathDate: '2024-06-09',
    },
    await jpegFile(),
  );
  memorialId = made._id;
  await t.app.ctx.db
    .insert(memorialPeople)
    .values({ memorialId, userId: manager.row.id, role: 'manager' });
  const photo = await t.app.inject(
    multipartRequest(
      'POST',
      '/api/v1/photos',
      owner.auth,
      { postId: memorialId, name: 'beach', caption: 'At the beach in Kavala' },
      { photoImg: await jpegFile() },
    ),
  );
  expect(photo.statusCode, photo.body).toBe(201);
  await t.app.ctx.db.insert(prayers).values([
    { memorialId, ownerId: stranger.row.id, text: 'Rest in peace, dear teacher. 安息' },
    { memorialId, ownerId: stranger.row.id, text: 'Waiting words', status: 'pending' },
  ]);
});

describe('the memorial book', () => {
  it('is a tagged PDF/A with every font embedded, and its text comes back out', async () => {
    const res = await get(memorialId, owner.auth);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".*-book-a4\.pdf"$/);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 8).toString()).toBe('%PDF-1.7');

    const info = await poppler(pdf, 'pdfinfo');
    expect(info).toMatch(/^Tagged:\s+yes$/m);
    expect(info).toMatch(/^Page size:\s+595\.2\d? x 841\.8\d? pts \(A4\)$/m);
    expect(info).toMatch(/^Title:\s+In loving memory of Eleni Papadopoulou Ελένη$/m);
    const meta = await poppler(pdf, 'pdfinfo', ['-meta']);
    expect(meta).toMatch(/<pdfaid:part>2<\/pdfaid:part>/);
    expect(meta).toMatch(/<pdfaid:conformance>A<\/pdfaid:conformance>/);

    const fonts = (await poppler(pdf, 'pdffonts')).trim().split('\n').slice(2);
    expect(fonts.length).toBeGreaterThan(2);
    for (const line of fonts) {
      // name, type (two words), encoding, emb, sub, uni, object, id
      const columns = line.trim().split(/\s+/);
      expect(columns.at(-5), line).toBe('yes');
    }

    const text = await poppler(pdf, 'pdftotext');
    for (const word of WORDS) expect(text, word).toContain(word);
    expect(text).toContain('At the beach in Kavala');
    expect(text).toContain('Rest in peace, dear teacher.');
    expect(text).not.toContain('Waiting words');
    expect(text).toContain('Born in: Thessaloniki');
    expect(text).toContain('March 3, 1941 – June 9, 2024');
    // 安息 has no face in the book: left out of the prayer, and named at the end.
    expect(text).toContain('A note on this book');
    expect(text.replace(/\s+/g, ' ')).toContain('left out of its pages: U+5B89, U+606F.');
  });

  it('comes on Letter paper when asked, and refuses another size', async () => {
    const letter = await get(memorialId, manager.auth, '?size=letter');
    expect(letter.statusCode).toBe(200);
    const info = await poppler(letter.rawPayload, 'pdfinfo');
    expect(info).toMatch(/^Page size:\s+612 x 792 pts \(letter\)$/m);
    const a5 = await get(memorialId, owner.auth, '?size=a5');
    expect(a5.statusCode).toBe(400);
    expect(a5.body).toContain('The book size must be a4 or letter.');
  });

  it('is the family’s until they allow it on a public memorial', async () => {
    const unknown = await get('00000000-0000-4000-8000-000000000000', stranger.auth);
    for (const auth of [{}, stranger.auth]) {
      const res = await get(memorialId, auth);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(unknown.json());
    }
    const allow = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/posts/${memorialId}/settings`,
      headers: owner.auth,
      payload: { allowPublicBook: true },
    });
    expect(allow.statusCode, allow.body).toBe(200);
    expect(allow.json().data.allowPublicBook).toBe(true);

    const visitor = await get(memorialId);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['cache-control']).toBe('public, max-age=300');
    const text = await poppler(visitor.rawPayload, 'pdftotext');
    expect(text).toContain('θάλασσα');
    // The galleries are for the memorial's people: a visitor's book leaves the photos out.
    expect(text).not.toContain('At the beach in Kavala');
    expect((await get(memorialId, stranger.auth)).statusCode).toBe(200);

    // Allowed, but no longer public: the family's again.
    await t.app.ctx.db
      .update(memorials)
      .set({ visibility: 'members' })
      .where(eq(memorials.id, memorialId));
    expect((await get(memorialId, stranger.auth)).statusCode).toBe(404);
    expect((await get(memorialId, owner.auth)).statusCode).toBe(200);
    await t.app.ctx.db
      .update(memorials)
      .set({ visibility: 'public', allowPublicBook: false })
      .where(eq(memorials.id, memorialId));
  });

  it('is made once at a time per memorial, and a few at a time in all', async () => {
    const first = await reserveBuild(t.app.ctx, memorialId, owner.row, '192.0.2.1');
    await expect(
      reserveBuild(t.app.ctx, memorialId, manager.row, '192.0.2.1'),
    ).rejects.toMatchObject({ statusCode: 409 });
    const res = await get(memorialId, manager.auth);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/being made right now/);
    const second = await reserveBuild(t.app.ctx, 'another', owner.row, '192.0.2.1');
    await expect(reserveBuild(t.app.ctx, 'third', owner.row, '192.0.2.1')).rejects.toMatchObject({
      statusCode: 429,
    });
    first.release();
    second.release();
    expect((await get(memorialId, manager.auth)).statusCode).toBe(200);
  });
});

describe('the memorial book budget', () => {
  it('refuses a member past BOOKS_PER_WINDOW with 429', async () => {
    const app = await createTestApp({ BOOKS_PER_WINDOW: '2' });
    try {
      const sponsor = await createUser(app.app, { role: 'sponsor' });
      const made = await createMemorialVia(app.app, sponsor.auth, { title: 'Budget' }, null);
      const ask = () =>
        app.app.inject({
          method: 'GET',
          url: `/api/v1/posts/${made._id}/book.pdf`,
          headers: sponsor.auth,
        });
      expect((await ask()).statusCode).toBe(200);
      expect((await ask()).statusCode).toBe(200);
      const third = await ask();
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
    } finally {
      await app.close();
    }
  });
});
