import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINE, useTestApp } from '../../../test/app.js';
import {
  addContributorRow,
  createMemorialRow,
  createUser,
  useMemorialCast,
} from '../../../test/factories.js';
import {
  compoundFile,
  minimalDoc,
  zipOf,
  type DeflatedZipEntry,
} from '../../../test/hostile-corpus.js';
import { jpegFile, pdfFile, pngFile, pngWithGps, textAsPng } from '../../../test/fixtures.js';
import { uploadRequest } from '../../../test/item-samples.js';
import { multipart, type FilePart } from '../../../test/multipart.js';
import { documents, memorabilia, memorialActivity, photos } from '../../db/schema/index.js';
import { attachmentDisposition, sanitizeFileName } from '../../media/documents.js';
import { FILE_CONTENT_SECURITY_POLICY } from '../../plugins/security-headers.js';
import type { TributeKind } from '../tributes/tribute-kind.js';
import { documentKind, memorabiliaKind, photoKind } from '../tributes/tribute-kinds.js';

const t = useTestApp();
const cast = useMemorialCast(t);

// ---- Real files, built here so every byte is known ----

function entry(name: string, content: string | Buffer): DeflatedZipEntry {
  const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
  return { name, deflated: deflateRawSync(data), size: data.length, crc: crc32(data) };
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const DOCUMENT_XML =
  '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
  '<w:body><w:p><w:r><w:t>In loving memory</w:t></w:r></w:p></w:body></w:document>';

function docxFile(filename = 'Eulogy.docx', extra: DeflatedZipEntry[] = []): FilePart {
  const body = zipOf([
    entry('[Content_Types].xml', CONTENT_TYPES),
    entry('word/document.xml', DOCUMENT_XML),
    ...extra,
  ]);
  return {
    filename,
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    body,
  };
}

/** `megabytes` of zeros, deflated as a stream (never held inflated in memory). */
async function deflatedZeros(megabytes: number): Promise<DeflatedZipEntry> {
  const chunk = Buffer.alloc(1024 * 1024);
  const deflate = createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (d: Buffer) => parts.push(d));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  let crc = 0;
  for (let i = 0; i < megabytes; i++) {
    crc = crc32(chunk, crc);
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return {
    name: 'word/media/zeros.bin',
    deflated: Buffer.concat(parts),
    size: megabytes * 1024 * 1024,
    crc,
  };
}

/** A legacy .doc: an OLE2 compound file holding a WordDocument stream. */
function docFile(): FilePart {
  return { filename: 'Will (1998).doc', contentType: 'application/msword', body: minimalDoc() };
}

// ---- Helpers ----

/** Uploads `file` (none: the field left out) as an item of `kind` on the cast's memorial. */
const adder =
  (kind: TributeKind) =>
  (
    file: FilePart | null,
    auth: Record<string, string> = cast.contributor.auth,
    fields: Record<string, string> = {},
  ) =>
    t.app.inject(uploadRequest(kind, cast.memorialId, file, auth, fields));
const addPhoto = adder(photoKind);
const addMemorabilia = adder(memorabiliaKind);
const addDocument = adder(documentKind);

async function storedKeys(kind: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of t.app.ctx.storage.list(kind)) keys.push(key);
  return keys.sort();
}

async function rowCount(): Promise<number> {
  const [p] = await t.app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(photos);
  const [m] = await t.app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(memorabilia);
  const [d] = await t.app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(documents);
  return Number(p!.n) + Number(m!.n) + Number(d!.n);
}

/** An upload that was added: its answer holds `answered`, and its stored row `stored`. */
async function expectAdded(
  res: { statusCode: number; json(): { data: { _id: string } } },
  table: typeof photos | typeof memorabilia | typeof documents,
  answered: object,
  stored: object,
) {
  expect(res.statusCode).toBe(201);
  expect(res.json().data).toMatchObject(answered);
  const [row] = await t.app.ctx.db.select().from(table).where(eq(table.id, res.json().data._id));
  expect(row).toMatchObject(stored);
}

/** The items on one of the cast's memorial's lists (`photos`, `documents`), as its owner sees them. */
async function listed<Item>(path: string): Promise<(Item & { _id: string })[]> {
  const list = await t.app.inject({
    method: 'GET',
    url: `/api/v1/${path}/post/${cast.memorialId}`,
    headers: cast.owner.auth,
  });
  return list.json().data;
}

async function expectRefused(
  res: { statusCode: number; json(): { message: string; success: boolean } },
  status: number,
  message: RegExp,
) {
  expect(res.statusCode).toBe(status);
  expect(res.json().success).toBe(false);
  expect(res.json().message).toMatch(message);
}

describe(`photos and memorabilia (${TEST_ENGINE})`, () => {
  it('adds a real PNG photo with a name; signed variants open, unsigned ones do not', async () => {
    const res = await addPhoto(await pngFile(1000, 700), cast.contributor.auth, {
      name: 'Alan T.',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Photo Has Been Added Successfully');
    const photo = res.json().data;
    expect(photo).toMatchObject({
      postId: cast.memorialId,
      name: 'Alan T.',
      owner: { _id: cast.contributor.row.id, fullName: 'Alan Turing' },
    });
    expect(photo.image).toMatchObject({ width: 1000, height: 700 });
    expect(photo.image.srcSet.split(', ')).toHaveLength(3);
    expect(photo.photoImg).toMatch(/^\/media\/photos\/.+\/640\.webp\?expires=\d+&sig=/);

    const file = await t.app.inject({ method: 'GET', url: photo.photoImg });
    expect(file.statusCode).toBe(200);
    expect((await sharp(file.rawPayload).metadata()).width).toBe(640);
    const unsigned = await t.app.inject({ method: 'GET', url: photo.photoImg.split('?')[0] });
    expect(unsigned.statusCode).toBe(404);
    const tampered = await t.app.inject({
      method: 'GET',
      url: tamperSignature(photo.photoImg),
    });
    expect(tampered.statusCode).toBe(404);

    expect((await listed('photos'))[0]!._id).toBe(photo._id);
  });

  it("a photo without a name is shared under the uploader's full name", async () => {
    const res = await addPhoto(await jpegFile(320, 240), cast.owner.auth);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.name).toBe('Grace Hopper');
  });

  it('adds a real JPEG memorabilia image', async () => {
    const res = await addMemorabilia(await jpegFile());
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Memorablia Has Been Added Successfully');
    const item = res.json().data;
    expect(item.memorabliaImg).toMatch(/^\/media\/memorabilia\/.+\?expires=/);
    expect(item.image).toMatchObject({ width: 800, height: 600 });
  });

  it('strips EXIF and GPS from a photo: the stored variant fetched through /media has none', async () => {
    const original = await pngWithGps();
    expect((await sharp(original.body).metadata()).exif).toBeDefined();
    const res = await addPhoto(original);
    expect(res.statusCode).toBe(201);
    for (const candidate of res.json().data.image.srcSet.split(', ')) {
      const url = candidate.split(' ')[0];
      const file = await t.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.format).toBe('webp');
      expect(file.rawPayload.includes(Buffer.from('TestPhone'))).toBe(false);
    }
  });

  it('refuses a text file named .png, a truncated image, and a missing file with 4xx, leaving nothing behind', async () => {
    const rows = await rowCount();
    const files = [...(await storedKeys('photos')), ...(await storedKeys('memorabilia'))];

    await expectRefused(await addPhoto(textAsPng()), 422, /not a valid image/);
    await expectRefused(await addMemorabilia(textAsPng()), 422, /not a valid image/);
    const jpeg = (await jpegFile(600, 600)).body;
    const cut = {
      filename: 'cut.jpg',
      contentType: 'image/jpeg',
      body: jpeg.subarray(0, Math.floor(jpeg.length * 0.6)),
    };
    await expectRefused(await addPhoto(cut), 422, /not a valid image/);
    await expectRefused(await addPhoto(null), 400, /^Please select a photo to upload\.$/);
    await expectRefused(
      await addMemorabilia(null),
      400,
      /^Please select a memorablia image to upload\.$/,
    );

    expect(await rowCount()).toBe(rows);
    expect([...(await storedKeys('photos')), ...(await storedKeys('memorabilia'))]).toEqual(files);
  });

  it('an upload cut off mid-body is a 4xx and leaves no file and no row', async () => {
    const rows = await rowCount();
    const files = await storedKeys('photos');
    const { payload, headers } = multipart(
      { postId: cast.memorialId },
      { photoImg: await pngFile(900, 900) },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/photos',
      payload: payload.subarray(0, Math.floor(payload.length / 2)),
      headers: { ...headers, ...cast.contributor.auth },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await rowCount()).toBe(rows);
    expect(await storedKeys('photos')).toEqual(files);
  });

  it('a database failure after the file is stored removes the file again', async () => {
    // A real failure from the database (not a mock): a trigger that refuses every new photo row.
    await t.app.ctx.db.execute(
      sql.raw(
        `CREATE OR REPLACE FUNCTION refuse_photo() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'photos are closed'; END; $$ LANGUAGE plpgsql`,
      ),
    );
    await t.app.ctx.db.execute(
      sql.raw(
        'CREATE TRIGGER refuse_photo BEFORE INSERT ON photos FOR EACH ROW EXECUTE FUNCTION refuse_photo()',
      ),
    );
    try {
      const files = await storedKeys('photos');
      const res = await addPhoto(await pngFile(500, 400));
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toBe('Something went wrong on our side. Please try again.');
      expect(await storedKeys('photos')).toEqual(files);
    } finally {
      await t.app.ctx.db.execute(sql.raw('DROP TRIGGER refuse_photo ON photos'));
      await t.app.ctx.db.execute(sql.raw('DROP FUNCTION refuse_photo()'));
    }
  });

  it('deleting a photo or memorabilia removes every stored variant', async () => {
    for (const [kind, add, table] of [
      ['photos', addPhoto, photos],
      ['memorablias', addMemorabilia, memorabilia],
    ] as const) {
      const made = (await add(await pngFile(1500, 1000))).json().data;
      const [row] = await t.app.ctx.db.select().from(table).where(eq(table.id, made._id));
      const folder = kind === 'photos' ? 'photos' : 'memorabilia';
      expect((await storedKeys(folder)).filter((k) => k.startsWith(row!.imageKey!))).toHaveLength(
        4,
      );
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/${kind}/${made._id}`,
        headers: cast.owner.auth,
      });
      expect(res.statusCode).toBe(200);
      expect((await storedKeys(folder)).filter((k) => k.startsWith(row!.imageKey!))).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: made.image.src })).statusCode).toBe(404);
    }
  });
});

describe(`captions, dates and titles (${TEST_ENGINE})`, () => {
  it('stores and returns a caption and date on photos and memorabilia; none given is null', async () => {
    const photo = await addPhoto(await jpegFile(320, 240), cast.contributor.auth, {
      caption: '  Grandma at the seaside, summer of her seventieth  ',
      date: '1998-07-14',
    });
    await expectAdded(
      photo,
      photos,
      { caption: 'Grandma at the seaside, summer of her seventieth', date: '1998-07-14' },
      { caption: 'Grandma at the seaside, summer of her seventieth', pictureDate: '1998-07-14' },
    );

    const item = await addMemorabilia(await jpegFile(), cast.contributor.auth, {
      caption: 'Her medal',
      date: '1944-06-06T00:00:00.000Z',
    });
    expect(item.statusCode).toBe(201);
    expect(item.json().data).toMatchObject({ caption: 'Her medal', date: '1944-06-06' });

    // Old clients send neither; an empty field is "not given" too.
    const plain = await addPhoto(await jpegFile(320, 240), cast.contributor.auth, {
      caption: '   ',
      date: '',
    });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().data).toMatchObject({ caption: null, date: null });
    const bare = await addMemorabilia(await jpegFile());
    expect(bare.json().data).toMatchObject({ caption: null, date: null });

    const shown = await listed<{ caption: string | null; date: string | null }>('photos');
    expect(shown.find((p) => p._id === photo.json().data._id)).toMatchObject({
      caption: 'Grandma at the seaside, summer of her seventieth',
      date: '1998-07-14',
    });
    expect(shown.find((p) => p._id === plain.json().data._id)).toMatchObject({
      caption: null,
      date: null,
    });
  });

  it('refuses a caption over 500 characters and a date that is not a real past day, storing nothing', async () => {
    const before = await rowCount();
    const files = await storedKeys('photos');
    const tomorrow = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ caption: 'x'.repeat(501) }, 'caption', /caption can be at most 500 characters/],
      [{ date: '2023-02-30' }, 'date', /The date is not a valid date/],
      [{ date: 'last summer' }, 'date', /The date is not a valid date/],
      [{ date: '0998-01-01' }, 'date', /year 1000 or later/],
      [{ date: tomorrow }, 'date', /The date cannot be in the future/],
    ];
    for (const [fields, path, message] of cases) {
      for (const add of [addPhoto, addMemorabilia]) {
        const res = await add(await jpegFile(320, 240), cast.contributor.auth, fields);
        await expectRefused(res, 400, message);
        expect(res.json().errors).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ path, message: expect.stringMatching(message) }),
          ]),
        );
      }
    }
    const ok = await addPhoto(await jpegFile(320, 240), cast.contributor.auth, {
      caption: 'y'.repeat(500),
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.caption).toHaveLength(500);
    expect(await rowCount()).toBe(before + 1);
    expect((await storedKeys('photos')).length).toBe(files.length + 1);
  });

  it('stores and returns a document title; none is null, and over 200 characters is refused', async () => {
    const titled = await addDocument(pdfFile('scan-0042.pdf'), cast.contributor.auth, {
      title: ' Order of service ',
    });
    await expectAdded(
      titled,
      documents,
      { title: 'Order of service', fileName: 'scan-0042.pdf' },
      { title: 'Order of service' },
    );

    const untitled = await addDocument(pdfFile('Eulogy.pdf'));
    expect(untitled.statusCode).toBe(201);
    expect(untitled.json().data.title).toBeNull();

    const before = await rowCount();
    const long = await addDocument(pdfFile('Long.pdf'), cast.contributor.auth, {
      title: 't'.repeat(201),
    });
    await expectRefused(long, 400, /title can be at most 200 characters/);
    expect(await rowCount()).toBe(before);

    const shown = await listed<{ title: string | null }>('documents');
    expect(shown.find((d) => d._id === titled.json().data._id)?.title).toBe('Order of service');
  });
});

describe(`documents (${TEST_ENGINE})`, () => {
  it('stores a real PDF as-is and downloads it as an attachment with its real name and type', async () => {
    const pdf = pdfFile('Order of service.pdf');
    const res = await addDocument(pdf);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Document uploaded successfully');
    const document = res.json().data;
    expect(document).toMatchObject({
      fileName: 'Order of service.pdf',
      mimeType: 'application/pdf',
      sizeBytes: pdf.body.length,
      name: 'Alan Turing',
      owner: { _id: cast.contributor.row.id, fullName: 'Alan Turing' },
    });
    expect(document.documentFile).toMatch(
      new RegExp(`^/api/v1/documents/${document._id}/download\\?expires=\\d+&sig=`),
    );

    const [row] = await t.app.ctx.db.select().from(documents).where(eq(documents.id, document._id));
    expect(row!.fileKey).toMatch(/^documents\/\d{4}\/\d{2}\/[0-9a-f-]{36}\/file\.pdf$/);

    // The signed link alone is enough (no bearer token), like any private media link.
    const download = await t.app.inject({ method: 'GET', url: document.documentFile });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf.body)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Order of service.pdf"; filename*=UTF-8''Order%20of%20service.pdf`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toBe(FILE_CONTENT_SECURITY_POLICY);
    expect(download.headers['cache-control']).toBe('private, no-store');

    const tampered = await t.app.inject({
      method: 'GET',
      url: tamperSignature(document.documentFile),
    });
    expect(tampered.statusCode).toBe(404);
    const expired = document.documentFile.replace(/expires=\d+/, 'expires=1000');
    expect((await t.app.inject({ method: 'GET', url: expired })).statusCode).toBe(404);
  });

  it('stores a real DOCX and a DOC, keeping non-ASCII names readable in the download', async () => {
    const docx = docxFile('Éloge — grand-père.docx');
    const res = await addDocument(docx, cast.owner.auth);
    expect(res.statusCode).toBe(201);
    const document = res.json().data;
    expect(document.mimeType).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(document.fileName).toBe('Éloge — grand-père.docx');
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/v1/documents/${document._id}/download`,
      headers: cast.owner.auth,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(docx.body)).toBe(true);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Eloge grand-pere.docx"; filename*=UTF-8''${encodeURIComponent('Éloge — grand-père.docx')}`,
    );

    const doc = await addDocument(docFile());
    expect(doc.statusCode).toBe(201);
    expect(doc.json().data).toMatchObject({
      mimeType: 'application/msword',
      fileName: 'Will (1998).doc',
    });
    const docDownload = await t.app.inject({
      method: 'GET',
      url: doc.json().data.documentFile,
    });
    expect(docDownload.headers['content-disposition']).toContain(
      `filename*=UTF-8''Will%20%281998%29.doc`,
    );
  });

  it("keeps the client's file name only without its path, controls, quotes or bidi tricks", async () => {
    const res = await addDocument(pdfFile('C:\\Users\\me\\Letter to Mum.pdf'));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.fileName).toBe('Letter to Mum.pdf');

    expect(sanitizeFileName('../../etc/"evil"\r\nname.PDF')).toBe('evilname.pdf');
    expect(sanitizeFileName('..\\..\\boot.ini\\report.docx')).toBe('report.docx');
    expect(sanitizeFileName('invoice\u202Efdp.exe.pdf')).toBe('invoicefdp.exe.pdf');
    expect(sanitizeFileName('.pdf')).toBe('document.pdf');
    expect(sanitizeFileName(`${'a'.repeat(300)}.pdf`)).toBe(`${'a'.repeat(110)}.pdf`);
    expect(attachmentDisposition('Notes; "draft" 100%.pdf')).toBe(
      `attachment; filename="Notes draft 100.pdf"; filename*=UTF-8''Notes%3B%20%22draft%22%20100%25.pdf`,
    );
    expect(attachmentDisposition('追悼.pdf')).toBe(
      `attachment; filename="document.pdf"; filename*=UTF-8''%E8%BF%BD%E6%82%BC.pdf`,
    );
  });

  it('refuses wrong, damaged, disguised and hostile documents with 4xx reasons, storing nothing', async () => {
    const rows = await rowCount();
    const files = await storedKeys('documents');

    const html: FilePart = {
      filename: 'invoice.pdf',
      contentType: 'application/pdf',
      body: Buffer.from('<!doctype html><script>alert(1)</script>'),
    };
    await expectRefused(await addDocument(html), 422, /not a PDF or Word document/);

    const noEof = pdfFile();
    await expectRefused(
      await addDocument({ ...noEof, body: noEof.body.subarray(0, noEof.body.length - 20) }),
      422,
      /incomplete or damaged/,
    );

    await expectRefused(
      await addDocument({ ...pdfFile(), filename: 'letter.docx' }),
      422,
      /do not match its name/,
    );
    await expectRefused(
      await addDocument({ ...docxFile(), filename: 'eulogy.doc' }),
      422,
      /do not match its name/,
    );
    await expectRefused(
      await addDocument({ ...pdfFile(), filename: 'letter.exe' }),
      422,
      /Only \.pdf, \.doc and \.docx/,
    );
    await expectRefused(
      await addDocument({ ...pdfFile(), filename: 'letter' }),
      422,
      /Only \.pdf, \.doc and \.docx/,
    );
    await expectRefused(await addDocument(null), 400, /^Please select a document to upload\.$/);
    await expectRefused(
      await addDocument({ ...pdfFile(), body: Buffer.alloc(0) }),
      400,
      /^Please select a document to upload\.$/,
    );

    // A compound file that is not a Word document (a workbook), and a PDF with nothing inside.
    await expectRefused(
      await addDocument({ ...docFile(), body: compoundFile({ Workbook: Buffer.alloc(2048, 3) }) }),
      422,
      /not a \.doc file/,
    );
    await expectRefused(
      await addDocument({
        ...pdfFile(),
        body: Buffer.from('%PDF-1.4\n<html><script>alert(1)</script></html>\n%%EOF\n'),
      }),
      422,
      /damaged or has no pages/,
    );

    // A zip that is not a Word document, and a zip that is not even a zip past its magic number.
    const plainZip = { ...docxFile(), body: zipOf([entry('notes.txt', 'hello')]) };
    await expectRefused(await addDocument(plainZip), 422, /damaged or is not a \.docx/);
    const brokenZip = {
      ...docxFile(),
      body: Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 7)]),
    };
    await expectRefused(await addDocument(brokenZip), 422, /damaged or is not a \.docx/);

    expect(await rowCount()).toBe(rows);
    expect(await storedKeys('documents')).toEqual(files);
  });

  it('refuses a zip bomb named .docx (300 MB of zeros deflated to a few hundred KB)', async () => {
    const zeros = await deflatedZeros(300);
    expect(zeros.deflated.length).toBeLessThan(1024 * 1024);
    const res = await addDocument(docxFile('bomb.docx', [zeros]));
    await expectRefused(res, 422, /expands to too much data/);

    // Under the 200 MB total, but a thousand times its own size: refused by the ratio limit.
    const smaller = await deflatedZeros(150);
    await expectRefused(
      await addDocument(docxFile('bomb2.docx', [smaller])),
      422,
      /expands to too much data/,
    );
  });

  it('refuses a .docx whose headers lie about a huge entry, without inflating it', async () => {
    const zeros = await deflatedZeros(250);
    const res = await addDocument(docxFile('liar.docx', [{ ...zeros, declaredSize: 1000 }]));
    await expectRefused(res, 422, /damaged|too much data/);
  });

  it('refuses a .docx with too many entries', async () => {
    const many = Array.from({ length: 5001 }, (_, i) => entry(`word/p${i}.xml`, 'x'));
    await expectRefused(await addDocument(docxFile('many.docx', many)), 422, /too much data/);
  });

  it('refuses a document over MAX_DOCUMENT_BYTES with 413 and the limit in words', async () => {
    const small = await createTestApp({ MAX_DOCUMENT_BYTES: String(64 * 1024) });
    try {
      const user = await createUser(small.app);
      const memorial = await createMemorialRow(small.app, user);
      const big = pdfFile();
      const padded = Buffer.concat([
        big.body.subarray(0, 9),
        Buffer.alloc(100 * 1024, 0x20),
        big.body.subarray(9),
      ]);
      const send = (file: FilePart) =>
        small.app.inject(uploadRequest(documentKind, memorial.id, file, user.auth));
      const res = await send({ ...big, body: padded });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('The file is larger than 64 KB.');
      const ok = await send(big);
      expect(ok.statusCode).toBe(201);
    } finally {
      await small.close();
    }
  });

  it('deleting a document removes its file, and its download link stops working', async () => {
    const made = (await addDocument(pdfFile())).json().data;
    const [row] = await t.app.ctx.db.select().from(documents).where(eq(documents.id, made._id));
    expect(await storedKeys('documents')).toContain(row!.fileKey);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/documents/${made._id}`,
      headers: cast.contributor.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(await storedKeys('documents')).not.toContain(row!.fileKey);
    expect((await t.app.inject({ method: 'GET', url: made.documentFile })).statusCode).toBe(404);
  });
});

/** The same URL with the signature's first character changed (never to the one it already had). */
function tamperSignature(url: string): string {
  return url.replace(/sig=(.)/, (_match, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`);
}

describe(`the activity log records gallery uploads and removals (${TEST_ENGINE})`, () => {
  it('names who added or removed a photo, a piece of memorabilia or a document, and its caption or file', async () => {
    const activity = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/posts/${cast.memorialId}/activity`,
        headers: cast.owner.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { actor: string; action: string; target: string | null }[])
        .filter((a) => / (a photo|a piece of memorabilia|a document)$/.test(a.action))
        .reverse();
    };
    const upload = async (kind: TributeKind, file: FilePart, fields: Record<string, string>) => {
      const res = await t.app.inject(
        uploadRequest(kind, cast.memorialId, file, cast.contributor.auth, fields),
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data._id as string;
    };
    // Earlier tests of this file uploaded to the same memorial: only what follows is looked at.
    const earlier = (await activity()).length;
    const photo = await upload(photoKind, await pngFile(), { name: 'n', caption: 'At the lake' });
    await upload(memorabiliaKind, await pngFile(), { name: 'n' });
    const document = await upload(documentKind, pdfFile(), {});
    for (const [kind, id] of [
      [photoKind, photo],
      [documentKind, document],
    ] as const) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/${kind.path}/${id}`,
        headers: cast.owner.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const documentName = (await activity())[earlier + 2]!.target;
    expect(documentName).toMatch(/\.pdf$/);
    expect((await activity()).slice(earlier)).toEqual([
      { ...activityFields(), actor: 'Alan Turing', action: 'added a photo', target: 'At the lake' },
      {
        ...activityFields(),
        actor: 'Alan Turing',
        action: 'added a piece of memorabilia',
        target: null,
      },
      {
        ...activityFields(),
        actor: 'Alan Turing',
        action: 'added a document',
        target: documentName,
      },
      {
        ...activityFields(),
        actor: 'Grace Hopper',
        action: 'removed a photo',
        target: 'At the lake',
      },
      {
        ...activityFields(),
        actor: 'Grace Hopper',
        action: 'removed a document',
        target: documentName,
      },
    ]);
  });
});

/** The fields of an activity entry a test does not look at. */
const activityFields = () => ({
  _id: expect.any(String),
  detail: expect.any(String),
  createdAt: expect.any(String),
});
describe(`galleries the family shares, and the order of its photos (${TEST_ENGINE})`, () => {
  /** A memorial of Grace's with Alan contributing, its galleries for `galleryAudience`. */
  async function sharedMemorial(galleryAudience: 'people' | 'visitors', visibility = 'public') {
    const id = (
      await createMemorialRow(t.app, cast.owner, {
        galleryAudience,
        visibility: visibility as 'public',
      })
    ).id;
    await addContributorRow(t.app, id, cast.contributor);
    return id;
  }
  const listAs = (id: string, auth: Record<string, string> = {}, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/v1/photos/post/${id}${query}`, headers: auth });
  const order = (id: string, ids: string[], auth = cast.owner.auth) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v1/photos/post/${id}/order`,
      payload: { ids },
      headers: auth,
    });
  const photoOn = async (id: string, caption: string) => {
    const res = await t.app.inject(
      uploadRequest(photoKind, id, await pngFile(64, 48), cast.contributor.auth, { caption }),
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data._id as string;
  };

  it('the owner switches the galleries to visitors: the setting is answered, logged, and visitors read them', async () => {
    const id = await sharedMemorial('people');
    await photoOn(id, 'Picnic');
    expect((await listAs(id)).statusCode).toBe(401);
    expect((await listAs(id, cast.member.auth)).statusCode).toBe(403);
    const detail = await t.app.inject({ method: 'GET', url: `/api/v1/posts/post/${id}` });
    expect(detail.json().data).toMatchObject({
      galleryAudience: 'people',
      abilities: { viewGalleries: false, addToGalleries: false },
    });

    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/posts/${id}/settings`,
      payload: { galleryAudience: 'visitors' },
      headers: cast.owner.auth,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.galleryAudience).toBe('visitors');
    // Uploads are in the activity too (added a photo): the settings' entry is the one looked at.
    const [logged] = await t.app.ctx.db
      .select()
      .from(memorialActivity)
      .where(
        and(
          eq(memorialActivity.memorialId, id),
          eq(memorialActivity.action, 'changed the settings'),
        ),
      );
    expect(logged?.detail).toBe(
      'who may see photos, memorabilia and documents: Everyone who may see the memorial',
    );

    const anonymous = await listAs(id);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().data.map((p: { caption: string }) => p.caption)).toEqual(['Picnic']);
    // Read-only: nothing to remove, and adding stays with the family.
    expect(anonymous.json().data[0].abilities).toEqual({ remove: false });
    expect(anonymous.json().data[0].photoImg).toMatch(/\?expires=\d+&sig=/);
    const shown = await t.app.inject({ method: 'GET', url: `/api/v1/posts/post/${id}` });
    expect(shown.json().data.abilities).toMatchObject({
      viewGalleries: true,
      addToGalleries: false,
    });
    const added = await t.app.inject(
      uploadRequest(photoKind, id, await pngFile(32, 32), cast.member.auth),
    );
    expect(added.statusCode).toBe(403);

    const wrong = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/posts/${id}/settings`,
      payload: { galleryAudience: 'everyone' },
      headers: cast.owner.auth,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/who may see the galleries/);
  });

  it('a document of a shared gallery downloads for a visitor without a signed link; not for a hidden one', async () => {
    const id = await sharedMemorial('visitors');
    const made = await t.app.inject(
      uploadRequest(documentKind, id, pdfFile(), cast.contributor.auth),
    );
    expect(made.statusCode, made.body).toBe(201);
    const url = `/api/v1/documents/${made.json().data._id}/download`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const hidden = await sharedMemorial('visitors', 'private');
    const other = await t.app.inject(
      uploadRequest(documentKind, hidden, pdfFile(), cast.contributor.auth),
    );
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/v1/documents/${other.json().data._id}/download`,
      headers: cast.member.auth,
    });
    expect(refused.statusCode).toBe(404);
  });

  it('lists photos in the order the family chose, a new one first, across pages', async () => {
    const id = await sharedMemorial('visitors');
    const a = await photoOn(id, 'A');
    const b = await photoOn(id, 'B');
    const c = await photoOn(id, 'C');
    const captions = async (auth: Record<string, string> = {}) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
        const page = await listAs(id, auth, query);
        expect(page.statusCode, page.body).toBe(200);
        seen.push(...page.json().data.map((p: { caption: string }) => p.caption));
        cursor = page.json().nextCursor;
      } while (cursor);
      return seen;
    };
    expect(await captions()).toEqual(['C', 'B', 'A']);

    const res = await order(id, [a, c, b]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.ids).toEqual([a, c, b]);
    expect(await captions()).toEqual(['A', 'C', 'B']);
    const d = await photoOn(id, 'D');
    expect(await captions(cast.owner.auth)).toEqual(['D', 'A', 'C', 'B']);
    // A cursor that is not one of this list is refused with a way out.
    const bogus = await listAs(id, {}, '?cursor=bm90LWEtY3Vyc29y');
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().message).toMatch(/reload the list/);

    const ordered = await t.app.ctx.db
      .select()
      .from(memorialActivity)
      .where(
        and(
          eq(memorialActivity.memorialId, id),
          eq(memorialActivity.action, 'put the photos in a new order'),
        ),
      );
    expect(ordered).toHaveLength(1);
    expect((await listAs(id)).json().data[0]._id).toBe(d);
  });

  it('refuses an order with a photo twice, left out, unknown or of another memorial, changing nothing', async () => {
    const id = await sharedMemorial('people');
    const a = await photoOn(id, 'A');
    const b = await photoOn(id, 'B');
    const elsewhere = await photoOn(await sharedMemorial('people'), 'X');
    const cases: [string[] | unknown, RegExp][] = [
      [[a, a], /only once/],
      [[a], /have changed since/],
      [[a, b, elsewhere], /have changed since/],
      [[a, 'not-an-id'], /have changed since/],
      [[b, elsewhere], /have changed since/],
      [[], /at least one/],
      [Array.from({ length: 2001 }, () => a), /at most 2000/],
      ['a,b', /list of their ids/],
    ];
    for (const [ids, message] of cases) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/photos/post/${id}/order`,
        payload: { ids },
        headers: cast.owner.auth,
      });
      expect(res.statusCode, JSON.stringify(ids).slice(0, 80)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const listed = await listAs(id, cast.owner.auth);
    expect(listed.json().data.map((p: { caption: string }) => p.caption)).toEqual(['B', 'A']);
    // A contributor adds photos but does not order them.
    expect((await order(id, [a, b], cast.contributor.auth)).statusCode).toBe(403);
  });
});
