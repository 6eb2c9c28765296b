import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  compoundFile,
  hostileDocuments,
  minimalDoc,
  minimalDocx,
  minimalPdf,
} from '../../test/hostile-corpus.js';
import { AppError } from '../errors.js';
import { Semaphore } from '../lib/semaphore.js';
import { detectDocumentType, verifyDocument } from './documents.js';

const LIMITS = { maxBytes: 20 * 1024 * 1024, gate: new Semaphore(1) };

const dir = mkdtempSync(path.join(os.tmpdir(), 'rips-documents-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let written = 0;

/** The document as uploads reach verification: a spooled file, read only as far as needed. */
function spooled(body: Buffer): { path: string; size: number } {
  const file = path.join(dir, `${(written += 1)}.part`);
  writeFileSync(file, body);
  return { path: file, size: body.length };
}

async function refusal(body: Buffer, name: string): Promise<AppError> {
  const error = await verifyDocument(spooled(body), name, LIMITS).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `${name} was accepted`).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('document verification by structure', () => {
  it('accepts real minimal PDF, DOC and DOCX files', async () => {
    expect(await detectDocumentType(minimalPdf())).toBe('pdf');
    expect(await detectDocumentType(minimalDoc())).toBe('doc');
    expect(await detectDocumentType(minimalDocx())).toBe('docx');
    expect(await detectDocumentType(spooled(minimalPdf()))).toBe('pdf');
    expect(await detectDocumentType(spooled(minimalDoc()))).toBe('doc');
    expect(await detectDocumentType(spooled(minimalDocx()))).toBe('docx');
    expect(await verifyDocument(minimalDoc(), 'Will.doc', LIMITS)).toMatchObject({
      type: 'doc',
      mimeType: 'application/msword',
    });
  });

  it('refuses a compound file without a WordDocument stream named .doc', async () => {
    const workbook = compoundFile({ Workbook: Buffer.alloc(4096, 9) });
    const error = await refusal(workbook, 'budget.doc');
    expect(error.statusCode).toBe(422);
    expect(error.message).toMatch(/not a \.doc file/);
    // A WordDocument storage (a folder), or an empty stream, is not a Word file either.
    const empty = await refusal(compoundFile({ WordDocument: Buffer.alloc(0) }), 'empty.doc');
    expect(empty.statusCode).toBe(422);
    const magicOnly = await refusal(minimalDoc().subarray(0, 512), 'cut.doc');
    expect(magicOnly.statusCode).toBe(422);
  });

  it('refuses a PDF whose header and end marker surround garbage', async () => {
    const hollow = Buffer.from('%PDF-1.4\n<html><script>alert(1)</script></html>\n%%EOF\n');
    const error = await refusal(hollow, 'letter.pdf');
    expect(error.statusCode).toBe(422);
    expect(error.message).toMatch(/damaged or has no pages/);
    const noPages = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    expect((await refusal(noPages, 'blank.pdf')).statusCode).toBe(422);
  });

  it('refuses every hostile document of the corpus with a 4xx', async () => {
    for (const file of await hostileDocuments()) {
      const error = await refusal(file.body, file.filename);
      expect(error.statusCode, file.label).toBeGreaterThanOrEqual(400);
      expect(error.statusCode, file.label).toBeLessThan(500);
    }
  }, 60_000);
});
