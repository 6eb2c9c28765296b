import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { hostname } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINE, type TestApp } from '../../test/app.js';
import { createMemorialCast, type MemorialCast } from '../../test/factories.js';
import { pdfFile } from '../../test/fixtures.js';
import { multipart, multipartRequest } from '../../test/multipart.js';
import { readStored } from '../../test/storage.js';
import { processSpoolDir, sweepSpool } from './spool.js';

/** Every file in the upload spool, whichever process folder holds it. */
async function spooled(spoolDir: string): Promise<string[]> {
  const files: string[] = [];
  for (const folder of await readdir(spoolDir).catch(() => [] as string[])) {
    for (const name of await readdir(path.join(spoolDir, folder))) files.push(name);
  }
  return files;
}

async function until(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A PDF of `bytes` bytes: a real one-page document, padded by a comment and a second end marker. */
function pdfOfSize(bytes: number): Buffer {
  const pdf = pdfFile().body;
  const end = Buffer.from('\n%%EOF\n');
  const padding = Buffer.alloc(bytes - pdf.length - end.length, 0x41);
  padding[0] = 0x25; // '%': the padding is one comment line
  return Buffer.concat([pdf, padding, end]);
}

describe(`streamed uploads (${TEST_ENGINE})`, () => {
  let t: TestApp;
  let cast: MemorialCast;
  const LIMIT = 64 * 1024;

  beforeAll(async () => {
    t = await createTestApp({ MAX_DOCUMENT_BYTES: String(LIMIT) });
    cast = await createMemorialCast(t.app);
  });
  afterAll(async () => t.close());

  const spoolDir = () => t.app.ctx.config.spoolDir;

  function sendDocument(body: Buffer) {
    return t.app.inject(
      multipartRequest(
        'POST',
        '/api/v1/documents',
        cast.owner.auth,
        { postId: cast.memorialId },
        {
          documentFile: { filename: 'Order of service.pdf', contentType: 'application/pdf', body },
        },
      ),
    );
  }

  it('stores a document streamed through the spool, and leaves no spool file behind', async () => {
    const body = pdfOfSize(LIMIT);
    const res = await sendDocument(body);
    expect(res.statusCode).toBe(201);
    const key = (await t.app.ctx.storage.list('documents')[Symbol.asyncIterator]().next())
      .value as string;
    expect((await readStored(t.app.ctx.storage, key))!.equals(body)).toBe(true);
    await until(async () => (await spooled(spoolDir())).length === 0);
  });

  it('refuses a file one byte over the limit with 413 naming it, and removes what arrived', async () => {
    const res = await sendDocument(pdfOfSize(LIMIT + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: 'The file is larger than 64 KB.' });
    await until(async () => (await spooled(spoolDir())).length === 0);
  });

  it('removes the spool file of a document refused after it arrived (not a PDF)', async () => {
    const res = await sendDocument(Buffer.from('<html>not a document</html>\n'));
    expect(res.statusCode).toBe(422);
    await until(async () => (await spooled(spoolDir())).length === 0);
  });

  it('removes the spool file of an upload the client abandons halfway', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { payload, headers } = multipart(
      { postId: cast.memorialId },
      {
        documentFile: {
          filename: 'Order of service.pdf',
          contentType: 'application/pdf',
          body: pdfOfSize(LIMIT),
        },
      },
    );
    const req = httpRequest(`${address}/api/v1/documents`, {
      method: 'POST',
      headers: { ...headers, ...cast.owner.auth, 'content-length': String(payload.length) },
    });
    req.on('error', () => {});
    req.write(payload.subarray(0, payload.length / 2));
    // The first half is on disk while the rest has not come.
    await until(async () => (await spooled(spoolDir())).length === 1);
    req.destroy();
    await until(async () => (await spooled(spoolDir())).length === 0);
  });
});

describe('the start-up spool sweep', () => {
  it("removes dead processes' folders and what this one left, keeps a live process's", async () => {
    const t = await createTestApp();
    try {
      const dir = t.app.ctx.config.spoolDir;
      const host = hostname().replace(/[^A-Za-z0-9.]/g, '_');
      const own = processSpoolDir(dir);
      // A pid above the kernel's pid_max belongs to no process.
      const dead = path.join(dir, `${host}-4194305`);
      const live = path.join(dir, `${host}-${process.ppid}`);
      const foreignOld = path.join(dir, 'elsewhere-12');
      const foreignNew = path.join(dir, 'elsewhere-13');
      for (const folder of [own, dead, live, foreignOld, foreignNew]) {
        await mkdir(folder, { recursive: true });
        await writeFile(path.join(folder, 'a.part'), 'half an upload');
      }
      const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
      await utimes(foreignOld, twoDaysAgo, twoDaysAgo);
      expect(await sweepSpool(dir)).toBe(3);
      expect((await readdir(dir)).sort()).toEqual(
        [path.basename(live), path.basename(foreignNew)].sort(),
      );
      expect(await sweepSpool(path.join(dir, 'missing'))).toBe(0);
    } finally {
      await t.close();
    }
  });
});
