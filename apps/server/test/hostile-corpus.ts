import { deflateRawSync, deflateSync } from 'node:zlib';
import CFB from 'cfb';
import sharp from 'sharp';
import type { FilePart } from './multipart.js';

/** A generated hostile upload: what it is, and the bytes a client would send. */
export interface HostileFile extends FilePart {
  label: string;
}

/** Deterministic pseudo-random bytes, so a failure can be reproduced. */
function prng(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

function crc32(buffer: Buffer): number {
  let crc = ~0;
  for (const byte of buffer) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header claims `width`×`height`, with rows of zeros (a decompression bomb when large). */
export function craftedPng(width: number, height: number, rows = height): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(width / 8);
  const raw = Buffer.alloc(Math.min(rows * rowBytes, 64 * 1024 * 1024));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

interface ZipEntry {
  name: string;
  data: Buffer;
  /** Lie about the uncompressed size in the headers. */
  declaredSize?: number;
}

/** A zip entry already deflated, so a large one need never be held inflated in memory. */
export interface DeflatedZipEntry {
  name: string;
  /** Deflated bytes, and the real size and CRC of what they inflate to. */
  deflated: Buffer;
  size: number;
  crc: number;
  /** What the headers claim, when a test wants them to lie. */
  declaredSize?: number;
}

/** The fields a local header and its central directory record share, written from `at` on. */
function writeEntryFields(header: Buffer, at: number, entry: DeflatedZipEntry, name: Buffer) {
  header.writeUInt16LE(20, at); // version needed to extract
  header.writeUInt16LE(8, at + 4); // deflate
  header.writeUInt32LE(entry.crc >>> 0, at + 10);
  header.writeUInt32LE(entry.deflated.length, at + 14);
  header.writeUInt32LE(entry.declaredSize ?? entry.size, at + 18);
  header.writeUInt16LE(name.length, at + 22);
}

/** A zip written header by header (local headers, central directory, end record), deflate only. */
export function zipOf(entries: DeflatedZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, entry, name);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    writeEntryFields(central, 6, entry, name);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.deflated);
    centrals.push(central, name);
    offset += local.length + name.length + entry.deflated.length;
  }
  const centralDir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralDir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralDir, end]);
}

/** A zip written by hand (deflate), so tests can lie in its headers. */
export function craftedZip(entries: ZipEntry[]): Buffer {
  return zipOf(
    entries.map((entry) => ({
      name: entry.name,
      deflated: deflateRawSync(entry.data),
      size: entry.data.length,
      crc: crc32(entry.data),
      declaredSize: entry.declaredSize,
    })),
  );
}

const CONTENT_TYPES =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';
export function minimalDocx(extra: ZipEntry[] = []): Buffer {
  return craftedZip([
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
    {
      name: 'word/document.xml',
      data: Buffer.from(
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
      ),
    },
    ...extra,
  ]);
}

export function minimalPdf(body = 'BT /F1 12 Tf 72 720 Td (In loving memory) Tj ET'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
      `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R>>endobj\n` +
      `4 0 obj<</Length ${body.length}>>stream\n${body}\nendstream endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
}

/** An OLE2 compound file holding the given streams (a real container, written by `cfb`). */
export function compoundFile(streams: Record<string, Buffer>): Buffer {
  const container = CFB.utils.cfb_new();
  for (const [name, data] of Object.entries(streams)) CFB.utils.cfb_add(container, name, data);
  return Buffer.from(CFB.write(container, { type: 'buffer' }) as Uint8Array);
}

/** A minimal legacy Word file: a compound file with a `WordDocument` stream (FIB magic 0xA5EC). */
export function minimalDoc(): Buffer {
  const wordDocument = Buffer.alloc(1024);
  wordDocument.writeUInt16LE(0xa5ec, 0);
  return compoundFile({ WordDocument: wordDocument, '1Table': Buffer.alloc(512) });
}

const SVG_ATTACKS = [
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/></foreignObject></svg>',
  '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&xxe;</text></svg>',
  '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&c;</text></svg>',
];

/** A picture of one colour, encoded as `format`. */
function plainPicture(
  format: 'png' | 'jpeg' | 'gif' | 'webp',
  width: number,
  height: number,
  background: string,
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
}

type AddFile = (label: string, filename: string, contentType: string, body: Buffer) => void;

/** A list of hostile files and the function that adds one to it. */
function collection(): { files: HostileFile[]; add: AddFile } {
  const files: HostileFile[] = [];
  return {
    files,
    add: (label, filename, contentType, body) => files.push({ label, filename, contentType, body }),
  };
}

/** Pseudo-random bytes of each size (from `seed`), named and typed as a `extension` file. */
function addNoise(add: AddFile, seed: number, sizes: number[], extension: string, type: string) {
  const random = prng(seed);
  for (const size of sizes) {
    add(
      `${size} random bytes as ${extension}`,
      `random.${extension}`,
      type,
      Buffer.from(Array.from({ length: size }, () => Math.floor(random() * 256))),
    );
  }
}

/** Files an image field must refuse with a clear 4xx, or accept only after re-encoding. */
export async function hostileImages(): Promise<HostileFile[]> {
  const png = await plainPicture('png', 120, 80, '#7fa99a');
  const jpeg = await plainPicture('jpeg', 120, 80, '#c98f86');
  const gif = await plainPicture('gif', 40, 40, '#8e86b5');
  const webp = await plainPicture('webp', 40, 40, '#a9cfe0');
  const { files, add } = collection();

  for (const [name, real, type] of [
    ['png', png, 'image/png'],
    ['jpeg', jpeg, 'image/jpeg'],
    ['gif', gif, 'image/gif'],
    ['webp', webp, 'image/webp'],
  ] as const) {
    for (const fraction of [0.02, 0.1, 0.25, 0.5, 0.75, 0.9, 0.97]) {
      add(
        `${name} truncated at ${fraction}`,
        `cut.${name}`,
        type,
        real.subarray(0, Math.max(1, Math.floor(real.length * fraction))),
      );
    }
    const random = prng(name.length * 977);
    for (let seed = 0; seed < 8; seed++) {
      const corrupt = Buffer.from(real);
      for (let k = 0; k < 6 + seed * 4; k++) {
        const at = 12 + Math.floor(random() * (corrupt.length - 12));
        corrupt[at] = Math.floor(random() * 256);
      }
      add(`${name} corrupt #${seed}`, `corrupt.${name}`, type, corrupt);
    }
    add(`empty .${name}`, `empty.${name}`, type, Buffer.alloc(0));
  }
  SVG_ATTACKS.forEach((svg, i) => {
    add(`svg attack #${i} as svg`, 'picture.svg', 'image/svg+xml', Buffer.from(svg));
    add(`svg attack #${i} as png`, 'picture.png', 'image/png', Buffer.from(svg));
  });
  add('png claiming 65535×65535', 'huge.png', 'image/png', craftedPng(65535, 65535, 4));
  add('png 10000×10000 bomb', 'bomb.png', 'image/png', craftedPng(10000, 10000));
  add('png 100000×1', 'wide.png', 'image/png', craftedPng(100000, 1));
  add('png 0×0', 'zero.png', 'image/png', craftedPng(0, 0, 0));
  add('text named .png', 'notes.png', 'image/png', Buffer.from('just some words\n'));
  add('text named .jpg', 'notes.jpg', 'image/jpeg', Buffer.from('just some words\n'));
  add(
    'html named .png',
    'page.png',
    'image/png',
    Buffer.from('<!doctype html><script>alert(1)</script>'),
  );
  add('pdf named .png', 'doc.png', 'image/png', minimalPdf());
  add('docx named .jpg', 'doc.jpg', 'image/jpeg', minimalDocx());
  add(
    'zip named .gif',
    'archive.gif',
    'image/gif',
    craftedZip([{ name: 'a.txt', data: Buffer.from('x') }]),
  );
  add(
    'elf named .png',
    'binary.png',
    'image/png',
    Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(200)]),
  );
  add(
    'png + appended html (polyglot)',
    'poly.png',
    'image/png',
    Buffer.concat([png, Buffer.from('<html><script>alert(1)</script></html>')]),
  );
  add(
    'png + appended zip (polyglot)',
    'poly2.png',
    'image/png',
    Buffer.concat([png, minimalDocx()]),
  );
  add(
    'gif header + script (GIFAR-style)',
    'poly.gif',
    'image/gif',
    Buffer.from('GIF89a/*\x00\x00*/=alert(1);//'),
  );
  add(
    'jpeg with php in a comment',
    'shell.jpg',
    'image/jpeg',
    Buffer.concat([
      jpeg.subarray(0, 2),
      Buffer.from([0xff, 0xfe, 0x00, 0x16]),
      Buffer.from('<?php system($_GET[0]);?>'.slice(0, 20)),
      jpeg.subarray(2),
    ]),
  );
  addNoise(add, 4242, [1, 7, 64, 512, 4096, 65536], 'png', 'image/png');
  return files;
}

/** Files a document field must refuse (documents are PDF, DOC or DOCX, checked by their bytes). */
export async function hostileDocuments(): Promise<HostileFile[]> {
  const png = await plainPicture('png', 20, 20, '#000');
  const { files, add } = collection();
  const pdf = minimalPdf();
  const docx = minimalDocx();
  for (const fraction of [0.05, 0.3, 0.6, 0.9]) {
    add(
      `pdf truncated at ${fraction}`,
      'cut.pdf',
      'application/pdf',
      pdf.subarray(0, Math.floor(pdf.length * fraction)),
    );
    add(
      `docx truncated at ${fraction}`,
      'cut.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      docx.subarray(0, Math.floor(docx.length * fraction)),
    );
  }
  const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  add('empty .pdf', 'empty.pdf', 'application/pdf', Buffer.alloc(0));
  add('empty .docx', 'empty.docx', docxType, Buffer.alloc(0));
  add('empty .doc', 'empty.doc', 'application/msword', Buffer.alloc(0));
  add(
    'html named .pdf',
    'letter.pdf',
    'application/pdf',
    Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>'),
  );
  add(
    'html named .doc',
    'letter.doc',
    'application/msword',
    Buffer.from('<html><body onload="alert(1)"></body></html>'),
  );
  add(
    'html named .docx',
    'letter.docx',
    docxType,
    Buffer.from('<html><body onload="alert(1)"></body></html>'),
  );
  add('png named .pdf', 'photo.pdf', 'application/pdf', png);
  add('pdf named .docx', 'mixed.docx', docxType, pdf);
  add('docx named .pdf', 'mixed.pdf', 'application/pdf', docx);
  add('svg named .pdf', 'vector.pdf', 'application/pdf', Buffer.from(SVG_ATTACKS[0]!));
  add(
    'pdf magic then html',
    'poly.pdf',
    'application/pdf',
    Buffer.from('%PDF-1.4\n<html><script>alert(1)</script></html>'),
  );
  add(
    'zip bomb named .docx (deflated 300 MB of zeros)',
    'bomb.docx',
    docxType,
    minimalDocx([{ name: 'word/media/zeros.bin', data: Buffer.alloc(300 * 1024 * 1024) }]),
  );
  add(
    'zip lying about sizes',
    'liar.docx',
    docxType,
    minimalDocx([{ name: 'word/big.bin', data: Buffer.alloc(50 * 1024 * 1024), declaredSize: 10 }]),
  );
  add(
    'zip with 20,000 entries',
    'many.docx',
    docxType,
    minimalDocx(
      Array.from({ length: 20_000 }, (_, i) => ({
        name: `word/e${i}.xml`,
        data: Buffer.from('x'),
      })),
    ),
  );
  add(
    'zip with path traversal names',
    'escape.docx',
    docxType,
    minimalDocx([{ name: '../../../../tmp/evil.sh', data: Buffer.from('rm -rf /') }]),
  );
  add(
    'zip without word/document.xml',
    'plain.docx',
    docxType,
    craftedZip([{ name: 'hello.txt', data: Buffer.from('hello') }]),
  );
  add(
    'ole2 magic only named .doc',
    'magic.doc',
    'application/msword',
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  );
  add(
    'compound file without WordDocument (a workbook) named .doc',
    'budget.doc',
    'application/msword',
    compoundFile({ Workbook: Buffer.alloc(4096, 9), SummaryInformation: Buffer.alloc(256) }),
  );
  add(
    'pdf header and end marker around garbage',
    'hollow.pdf',
    'application/pdf',
    Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 37 + 11) % 256)),
      Buffer.from('\n<html><script>alert(1)</script></html>\ntrailer<</Root 9 0 R>>\n%%EOF\n'),
    ]),
  );
  add(
    'exe named .pdf',
    'setup.pdf',
    'application/pdf',
    Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300)]),
  );
  addNoise(add, 99, [3, 100, 2048], 'pdf', 'application/pdf');
  return files;
}

/** Multipart bodies whose framing is broken, each with the content type it claims. */
export function brokenMultipartBodies(): { label: string; contentType: string; body: Buffer }[] {
  const b = 'XyZb0undary';
  const ct = `multipart/form-data; boundary=${b}`;
  const part = (headers: string, content: string) => `--${b}\r\n${headers}\r\n\r\n${content}\r\n`;
  return [
    {
      label: 'no boundary parameter',
      contentType: 'multipart/form-data',
      body: Buffer.from(part('Content-Disposition: form-data; name="a"', 'x') + `--${b}--\r\n`),
    },
    {
      label: 'wrong boundary',
      contentType: 'multipart/form-data; boundary=other',
      body: Buffer.from(part('Content-Disposition: form-data; name="a"', 'x') + `--${b}--\r\n`),
    },
    {
      label: 'no closing boundary',
      contentType: ct,
      body: Buffer.from(part('Content-Disposition: form-data; name="a"', 'x')),
    },
    {
      label: 'body cut inside a file',
      contentType: ct,
      body: Buffer.from(
        `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n`,
      ),
    },
    {
      label: 'part without Content-Disposition',
      contentType: ct,
      body: Buffer.from(part('Content-Type: text/plain', 'x') + `--${b}--\r\n`),
    },
    {
      label: 'header line without a colon',
      contentType: ct,
      body: Buffer.from(part('this is not a header', 'x') + `--${b}--\r\n`),
    },
    {
      label: 'header of 100 KB',
      contentType: ct,
      body: Buffer.from(
        part(`Content-Disposition: form-data; name="${'a'.repeat(100_000)}"`, 'x') + `--${b}--\r\n`,
      ),
    },
    {
      label: 'field name with quotes and CRLF',
      contentType: ct,
      body: Buffer.from(
        part('Content-Disposition: form-data; name="a\\"\r\nX-Injected: 1"', 'x') + `--${b}--\r\n`,
      ),
    },
    {
      label: 'LF line endings only',
      contentType: ct,
      body: Buffer.from(`--${b}\nContent-Disposition: form-data; name="a"\n\nx\n--${b}--\n`),
    },
    { label: 'empty body', contentType: ct, body: Buffer.alloc(0) },
    { label: 'only the closing boundary', contentType: ct, body: Buffer.from(`--${b}--\r\n`) },
    {
      label: 'garbage before the first boundary only',
      contentType: ct,
      body: Buffer.from('garbage garbage garbage'),
    },
    { label: 'JSON sent as multipart', contentType: ct, body: Buffer.from('{"title":"x"}') },
    {
      label: 'two files in one request',
      contentType: ct,
      body: Buffer.from(
        part(
          'Content-Disposition: form-data; name="f1"; filename="a.png"\r\nContent-Type: image/png',
          'x',
        ) +
          part(
            'Content-Disposition: form-data; name="f2"; filename="b.png"\r\nContent-Type: image/png',
            'y',
          ) +
          `--${b}--\r\n`,
      ),
    },
    {
      label: '2,000 fields',
      contentType: ct,
      body: Buffer.from(
        Array.from({ length: 2000 }, (_, i) =>
          part(`Content-Disposition: form-data; name="f${i}"`, 'x'),
        ).join('') + `--${b}--\r\n`,
      ),
    },
    {
      label: 'a field of 1 MB',
      contentType: ct,
      body: Buffer.from(
        part('Content-Disposition: form-data; name="title"', 'x'.repeat(1024 * 1024)) +
          `--${b}--\r\n`,
      ),
    },
    {
      label: 'nested multipart/mixed',
      contentType: ct,
      body: Buffer.from(
        part(
          'Content-Disposition: form-data; name="a"\r\nContent-Type: multipart/mixed; boundary=inner',
          '--inner\r\nContent-Type: text/plain\r\n\r\nx\r\n--inner--',
        ) + `--${b}--\r\n`,
      ),
    },
    {
      label: 'boundary of 200 characters',
      contentType: `multipart/form-data; boundary=${'q'.repeat(200)}`,
      body: Buffer.from(
        `--${'q'.repeat(200)}\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--${'q'.repeat(200)}--\r\n`,
      ),
    },
    {
      label: 'NUL in a field value',
      contentType: ct,
      body: Buffer.from(
        part('Content-Disposition: form-data; name="title"', 'a\u0000b') + `--${b}--\r\n`,
      ),
    },
    {
      label: 'invalid UTF-8 in a field',
      contentType: ct,
      body: Buffer.concat([
        Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="title"\r\n\r\n`),
        Buffer.from([0xc3, 0x28, 0xff, 0xfe]),
        Buffer.from(`\r\n--${b}--\r\n`),
      ]),
    },
  ];
}

/** Bodies a JSON endpoint must refuse with 4xx (or accept only when they are valid JSON). */
export const MALFORMED_JSON: string[] = [
  '{',
  '}',
  '{"a":}',
  '{"a":1,}',
  "{'a':1}",
  '[',
  'nul',
  'NaN',
  '{"a":NaN}',
  '{"a":1e99999}',
  '{"a":"\\ud800"}',
  '\ufeff{"a":1}',
  '{"a":1} trailing',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":' + '{"a":'.repeat(2000) + '1' + '}'.repeat(2001),
  '"just a string"',
  '12345',
  'null',
  'true',
  '[]',
  '{"a":"\\u0000"}',
  '{"a":"' + 'x'.repeat(2 * 1024 * 1024) + '"}',
];

/** Strings to put in every text field: long, odd unicode, and injection attempts. */
export const HOSTILE_STRINGS: string[] = [
  '',
  ' ',
  'x'.repeat(100_000),
  '\u202eevil\u202c',
  'a\u200b\u200c\u200d\ufeffb',
  '👨‍👩‍👧‍👦🕯️🌹',
  'e' + '\u0301'.repeat(500),
  '\ud800',
  '\u0000',
  'line1\r\nline2\r\nX-Injected: 1',
  "' OR '1'='1' --",
  "'); DROP TABLE users; --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '{{7*7}}${7*7}<%= 7*7 %>',
  '../../../../etc/passwd',
  '%00%0d%0a%25',
  '\\',
  '%',
  '_',
  'ﷺ𒐫𝕳𝖊𝖑𝖑𝖔 مرحبا שלום',
  '1e309',
  '-1',
  '9999-99-99',
  'null',
];
