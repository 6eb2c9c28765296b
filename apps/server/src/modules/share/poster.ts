import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { PosterSize } from '@rips/shared/memorials';
import { printedShortCode } from './short-links.js';

/**
 * The fonts the poster is set in ship with the product (the `dejavu-fonts-ttf` package: Bitstream
 * Vera licence, DejaVu changes public domain): DejaVu Serif covers Latin, Greek and Cyrillic
 * names, and nothing is fetched at run time.
 */
const FONT_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
const FONTS = {
  regular: path.join(FONT_DIR, 'DejaVuSerif.ttf'),
  bold: path.join(FONT_DIR, 'DejaVuSerif-Bold.ttf'),
  italic: path.join(FONT_DIR, 'DejaVuSerif-Italic.ttf'),
};

const PAGE: Record<PosterSize, 'A4' | 'LETTER'> = { a4: 'A4', letter: 'LETTER' };

/** The site's calm colours: slate text, a muted grey, a sage rule. */
const INK = '#27313a';
const MUTED = '#5c6770';
const SAGE = '#5b7a66';

export interface PosterContent {
  name: string;
  /** The dates as the memorial page shows them, e.g. "March 3, 1941 – June 9, 2024". */
  dates: string | null;
  posterLine: string;
  shortUrl: string;
  /** The memorial's picture as JPEG or PNG bytes, when it has one. */
  photo: Buffer | null;
  /** When the memorial last changed: the PDF's creation date, so one version gives one file. */
  changedAt: Date;
}

/** "June 9, 2024" from "2024-06-09", in UTC, as the web app prints dates (lib/long-date.ts). */
export function longUsDate(value: string | null): string | null {
  if (!value) return null;
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return null;
  const month = date.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  return `${month} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** Birth and death dates as one line; a memorial may know only one of them, or neither. */
export function posterDates(dateOfBirth: string | null, deathDate: string | null): string | null {
  const born = longUsDate(dateOfBirth);
  const died = longUsDate(deathDate);
  if (born && died) return `${born} – ${died}`;
  if (born) return `Born ${born}`;
  if (died) return `Died ${died}`;
  return null;
}

/**
 * The short URL as printed: `https://` goes (browsers add it); any other scheme stays; a long
 * code (an unlisted memorial's) is grouped by six, which the link still accepts as typed.
 */
export function printedUrl(url: string): string {
  return url
    .replace(/^https:\/\//, '')
    .replace(/\/m\/([^/]+)$/, (_match, code: string) => `/m/${printedShortCode(code)}`);
}

/**
 * Draws the QR code as vector squares (sharp at any print size), one rectangle per run of dark
 * modules in a row so that no seams show between neighbours.
 */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = size / modules.size;
  for (let row = 0; row < modules.size; row++) {
    let start = -1;
    for (let col = 0; col <= modules.size; col++) {
      const dark = col < modules.size && modules.get(row, col);
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        doc.rect(x + start * cell, y + row * cell, (col - start) * cell, cell + 0.01);
        start = -1;
      }
    }
  }
  doc.fillColor('#000000').fill();
}

/**
 * A printable poster: the photo, the name, the dates, the family's line, the QR code and the short
 * URL in text for a phone that cannot scan. Everything is measured first; the photo takes the
 * height that is left, so a long name never pushes the QR code off the page.
 */
export async function renderPoster(content: PosterContent, size: PosterSize): Promise<Buffer> {
  const doc = new PDFDocument({
    size: PAGE[size],
    margin: 0,
    info: {
      Title: `In loving memory of ${content.name}`,
      Creator: 'Rips Memorial',
      CreationDate: content.changedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  doc.registerFont('italic', FONTS.italic);

  const width = doc.page.width;
  const height = doc.page.height;
  const margin = 56;
  const column = width - 2 * margin;
  const centred = { width: column, align: 'center' as const };
  const qrSize = 150;

  const blocks = {
    heading: { font: 'regular', size: 13, text: 'In loving memory of', gap: 10, color: MUTED },
    name: { font: 'bold', size: 30, text: content.name, gap: 10, color: INK },
    dates: { font: 'regular', size: 15, text: content.dates ?? '', gap: 14, color: INK },
    line: { font: 'italic', size: 15, text: content.posterLine, gap: 0, color: INK },
    caption: {
      font: 'regular',
      size: 11,
      text: 'Scan to visit the memorial, leave a flower or say a prayer, or open',
      gap: 4,
      color: MUTED,
    },
    url: { font: 'bold', size: 14, text: printedUrl(content.shortUrl), gap: 0, color: INK },
  };
  const measure = (block: (typeof blocks)[keyof typeof blocks]) =>
    block.text ? doc.font(block.font).fontSize(block.size).heightOfString(block.text, centred) : 0;
  const textTop =
    measure(blocks.heading) +
    blocks.heading.gap +
    measure(blocks.name) +
    blocks.name.gap +
    measure(blocks.dates) +
    (content.dates ? blocks.dates.gap : 0) +
    measure(blocks.line);
  const bottom =
    24 + qrSize + 12 + measure(blocks.caption) + blocks.caption.gap + measure(blocks.url);
  const photoGap = 28;
  const room = height - 2 * margin - textTop - bottom - 28; /* rule and spacing */
  const photoHeight = content.photo ? Math.min(room - photoGap, column * 0.8, 360) : 0;
  const showPhoto = content.photo !== null && photoHeight >= 120;

  // What is drawn is centred vertically in the page's spare space.
  const used = textTop + bottom + 28 + (showPhoto ? photoHeight + photoGap : 0);
  let y = margin + Math.max(0, (height - 2 * margin - used) / 2);

  if (showPhoto) {
    doc.image(content.photo!, margin, y, {
      fit: [column, photoHeight],
      align: 'center',
      valign: 'center',
    });
    y += photoHeight + photoGap;
  }
  const write = (block: (typeof blocks)[keyof typeof blocks]) => {
    if (!block.text) return;
    doc.font(block.font).fontSize(block.size).fillColor(block.color);
    doc.text(block.text, margin, y, centred);
    y += measure(block) + block.gap;
  };
  write(blocks.heading);
  write(blocks.name);
  write(blocks.dates);
  write(blocks.line);

  y += 14;
  doc
    .moveTo(width / 2 - 60, y)
    .lineTo(width / 2 + 60, y)
    .lineWidth(1)
    .strokeColor(SAGE)
    .stroke();
  y += 14 + 24;

  drawQr(doc, content.shortUrl, (width - qrSize) / 2, y, qrSize);
  y += qrSize + 12;
  write(blocks.caption);
  write(blocks.url);

  doc.end();
  return done;
}
