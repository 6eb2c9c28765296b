import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import CFB from 'cfb';
import { PDFDocument } from 'pdf-lib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { DOCUMENT_TYPES, type DocumentType } from '@rips/shared/galleries';
import { AppError } from '../errors.js';
import type { Semaphore } from '../lib/semaphore.js';
import { formatBytes } from './images.js';

export interface DocumentLimits {
  maxBytes: number;
  /**
   * Bounds how many spooled PDF and DOC files are read whole at once to be parsed (a DOCX is
   * read from its file, entry by entry). Memory then stays flat however many arrive together.
   */
  gate?: Semaphore;
}

/** An uploaded document: bytes in memory, or a spooled file read only as far as needed. */
export type DocumentSource = Buffer | { path: string; size: number };

function sizeOf(source: DocumentSource): number {
  return Buffer.isBuffer(source) ? source.length : source.size;
}

/** `length` bytes from `position` (fewer at the end of the file). */
async function readRange(source: DocumentSource, position: number, length: number) {
  if (Buffer.isBuffer(source)) return source.subarray(position, position + length);
  const handle = await open(source.path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Runs `check` on the whole document, read from its spool file under the gate. */
async function withWhole<T>(
  source: DocumentSource,
  gate: Semaphore | undefined,
  check: (bytes: Buffer) => Promise<T> | T,
): Promise<T> {
  if (Buffer.isBuffer(source)) return check(source);
  const run = async () => check(await readFile(source.path));
  return gate ? gate.run(run) : run();
}

/** Bounds on a DOCX (a zip) so a small upload cannot make us inflate gigabytes. */
export const DOCX_LIMITS = {
  maxEntries: 5000,
  maxTotalUncompressed: 200 * 1024 * 1024,
  /** Whole-archive inflation ratio; real Word files stay far below it. */
  maxRatio: 100,
  /** Below this much inflated data the ratio is not worth judging (tiny XML parts compress hugely). */
  ratioFloor: 1024 * 1024,
};

export interface VerifiedDocument {
  type: DocumentType;
  mimeType: string;
  /** The client's file name made safe to keep and to send back in Content-Disposition. */
  fileName: string;
}

const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** `type` of a compound-file entry that is a stream (not a storage). */
const CFB_STREAM = 2;
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const PDF_HEADER = Buffer.from('%PDF-');
const PDF_EOF = Buffer.from('%%EOF');
/** Writers may append a little after the last %%EOF (newlines, a stray byte); 1 KiB is what readers allow. */
const PDF_EOF_WINDOW = 1024;
const ACCEPTED_TEXT = 'Please choose a PDF, DOC or DOCX file.';

/**
 * Verifies an uploaded document by its bytes: the type comes from its content, and the
 * extension of the client's file name must agree with it. Answers 4xx for anything else.
 */
export async function verifyDocument(
  input: DocumentSource,
  clientFileName: string,
  limits: DocumentLimits,
): Promise<VerifiedDocument> {
  const size = sizeOf(input);
  if (size === 0) throw AppError.invalidFile('The file is empty.');
  if (size > limits.maxBytes) {
    throw AppError.tooLarge(`The document is larger than ${formatBytes(limits.maxBytes)}.`);
  }
  const fileName = sanitizeFileName(clientFileName);
  const extension = path.extname(fileName).slice(1).toLowerCase();
  if (!(extension in DOCUMENT_TYPES)) {
    throw AppError.invalidFile(`Only .pdf, .doc and .docx files can be uploaded. ${ACCEPTED_TEXT}`);
  }
  const type = await detectDocumentType(input, limits.gate);
  if (type !== extension) {
    throw AppError.invalidFile(
      `The file's contents do not match its name: it is not a ${DOCUMENT_TYPES[extension as DocumentType].label} file. ${ACCEPTED_TEXT}`,
    );
  }
  return { type, mimeType: DOCUMENT_TYPES[type].mimeType, fileName };
}

/** The document type the bytes really are; a 4xx AppError when they are none of ours. */
export async function detectDocumentType(
  input: DocumentSource,
  gate?: Semaphore,
): Promise<DocumentType> {
  const size = sizeOf(input);
  const head = await readRange(input, 0, OLE2_MAGIC.length);
  if (startsWith(head, PDF_HEADER)) {
    const tail = await readRange(input, Math.max(0, size - PDF_EOF_WINDOW), PDF_EOF_WINDOW);
    if (!tail.includes(PDF_EOF)) {
      throw AppError.invalidFile(
        'The PDF is incomplete or damaged (it has no end marker). Please upload it again.',
      );
    }
    await withWhole(input, gate, verifyPdf);
    return 'pdf';
  }
  if (startsWith(head, OLE2_MAGIC)) {
    await withWhole(input, gate, verifyDoc);
    return 'doc';
  }
  if (startsWith(head, ZIP_MAGIC)) {
    await verifyDocx(input);
    return 'docx';
  }
  throw AppError.invalidFile(`This file is not a PDF or Word document. ${ACCEPTED_TEXT}`);
}

/**
 * A PDF must parse into a document with at least one page: a `%PDF-` header and a `%%EOF`
 * around anything else (HTML, a script, noise) is not a PDF. pdf-lib reads the cross-reference
 * table and the page tree; encrypted files still have a readable page tree, so they pass.
 * The work is bounded by MAX_DOCUMENT_BYTES, which the caller checks first.
 */
async function verifyPdf(input: Buffer): Promise<void> {
  let pages = 0;
  try {
    const pdf = await PDFDocument.load(input, {
      ignoreEncryption: true,
      updateMetadata: false,
    });
    pages = pdf.getPageCount();
  } catch {
    pages = 0;
  }
  if (pages < 1) {
    throw AppError.invalidFile('The PDF is damaged or has no pages. Please upload it again.');
  }
}

/**
 * A legacy Word file is an OLE2 compound file holding a `WordDocument` stream; other compound
 * files (Excel workbooks, installers, Outlook messages) share its magic number and are refused.
 */
function verifyDoc(input: Buffer): void {
  let isWord = false;
  try {
    const container = CFB.read(input, { type: 'buffer' });
    const root = container.FullPaths[0] ?? '';
    const at = container.FullPaths.indexOf(`${root}WordDocument`);
    const stream = at >= 0 ? container.FileIndex[at] : undefined;
    isWord = stream !== undefined && stream.type === CFB_STREAM && stream.size > 0;
  } catch {
    isWord = false;
  }
  if (!isWord) {
    throw AppError.invalidFile(
      'The Word document is damaged or is not a .doc file. Please upload it again.',
    );
  }
}

function startsWith(input: Buffer, magic: Buffer): boolean {
  return input.length >= magic.length && input.subarray(0, magic.length).equals(magic);
}

function damagedDocx(): AppError {
  return AppError.invalidFile(
    'The Word document is damaged or is not a .docx file. Please upload it again.',
  );
}

function bomb(): AppError {
  return AppError.invalidFile('The Word document expands to too much data to be accepted.');
}

/**
 * A DOCX is a zip holding `[Content_Types].xml` and `word/document.xml`. Every entry is inflated
 * (so a damaged archive is caught now, not when a family opens it) through a byte counter that
 * stops at the declared size and at the archive's total budget: lying headers cannot bomb us.
 */
async function verifyDocx(input: DocumentSource): Promise<void> {
  const size = sizeOf(input);
  const zip = await openZip(input);
  try {
    if (zip.entryCount > DOCX_LIMITS.maxEntries) throw bomb();
    const names = new Set<string>();
    let declared = 0;
    let inflated = 0;
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      if (entry.isEncrypted())
        throw AppError.invalidFile('Password-protected Word documents cannot be uploaded.');
      declared += entry.uncompressedSize;
      if (declared > DOCX_LIMITS.maxTotalUncompressed) throw bomb();
      if (declared > DOCX_LIMITS.ratioFloor && declared > size * DOCX_LIMITS.maxRatio) throw bomb();
      names.add(entry.fileName);
      if (entry.fileName.endsWith('/')) continue;
      inflated += await drainEntry(zip, entry, DOCX_LIMITS.maxTotalUncompressed - inflated);
    }
    if (!names.has('[Content_Types].xml') || !names.has('word/document.xml')) throw damagedDocx();
  } finally {
    zip.close();
  }
}

/** Opens the archive from memory, or from its spool file (entries are then read as needed). */
function openZip(input: DocumentSource): Promise<ZipFile> {
  const options = { lazyEntries: true, validateEntrySizes: true, strictFileNames: false };
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, zip?: ZipFile) => {
      if (error || !zip) reject(damagedDocx());
      else resolve(zip);
    };
    if (Buffer.isBuffer(input)) yauzl.fromBuffer(input, options, done);
    else yauzl.open(input.path, { ...options, autoClose: false }, done);
  });
}

/** The next entry, or null at the end of the central directory. */
function nextEntry(zip: ZipFile): Promise<Entry | null> {
  return new Promise((resolve, reject) => {
    // Whichever comes first settles the promise; all three listeners go with it.
    const settle = (outcome: () => void) => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
      outcome();
    };
    const onEntry = (entry: Entry) => settle(() => resolve(entry));
    const onEnd = () => settle(() => resolve(null));
    const onError = () => settle(() => reject(damagedDocx()));
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}

/** Inflates one entry into nothing, counting bytes; rejects past `budget` or on any zip error. */
function drainEntry(zip: ZipFile, entry: Entry, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream: Readable) => {
      if (error || !stream) {
        reject(damagedDocx());
        return;
      }
      let count = 0;
      let settled = false;
      const fail = (reason: AppError) => {
        if (settled) return;
        settled = true;
        stream.destroy();
        reject(reason);
      };
      stream.on('data', (chunk: Buffer) => {
        count += chunk.length;
        if (count > budget || count > entry.uncompressedSize) fail(bomb());
      });
      stream.on('error', () => fail(damagedDocx()));
      stream.on('end', () => {
        if (settled) return;
        settled = true;
        resolve(count);
      });
    });
  });
}

const FALLBACK_NAME = 'document';

/**
 * The client's file name without any path, control or reserved characters, at most 120 characters,
 * keeping its extension. Never used as a storage key: only shown and sent back on download.
 */
export function sanitizeFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[\p{Cc}"*:<>?|\u202a-\u202e\u2066-\u2069]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  const dot = cleaned.lastIndexOf('.');
  const extension = dot >= 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  // No hidden files: leading dots go, and a name that was only an extension becomes "document.ext".
  const stem =
    cleaned
      .slice(0, cleaned.length - extension.length)
      .replace(/^[.\s]+/, '')
      .trim() || FALLBACK_NAME;
  return Array.from(stem).slice(0, 110).join('') + extension.toLowerCase();
}

/** `attachment` with an ASCII fallback name and the real one in RFC 5987 form. */
export function attachmentDisposition(fileName: string): string {
  let ascii = fileName
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\%;]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (ascii === '' || ascii.startsWith('.'))
    ascii = FALLBACK_NAME + path.extname(fileName).replace(/[^\x20-\x7e]/g, '');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
