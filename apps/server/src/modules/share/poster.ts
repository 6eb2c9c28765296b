import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { PosterSize } from '@rips/shared/memorials';
import { POSTER_FACES } from './poster-fonts.js';
import { drawBlock, setterFor, type SetBlock } from './print-layout.js';
import { printedShortCode } from './short-links.js';

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
  /** The charities named in lieu of flowers: when there are any, the poster's back lists them. */
  charities?: { name: string; url: string; registeredNumber: string; reason: string }[];
}

/** What the poster's back says under the charities: the money never passes through the site. */
export const POSTER_NO_MONEY_NOTE =
  'Gifts go straight to the charity; nothing passes through Rips Memorial.';

/** "June 9, 2024" from "2024-06-09", in UTC, as the web app prints dates (lib/long-date.ts). */
export function longUsDate(value: string | null): string | null {
  if (!value) return null;
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return null;
  const month = date.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  return `${month} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** A charity's link as printed: without `https://`; its site's name alone when too long to type. */
export function printedCharityUrl(url: string): string {
  const printed = url.replace(/^https:\/\//, '').replace(/\/$/, '');
  if (printed.length <= 60) return printed;
  try {
    return new URL(url).hostname;
  } catch {
    return printed.slice(0, 60);
  }
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
 * height that is left, so a long name never pushes the QR code off the page. The name and the line
 * are set in the scripts they were typed in (docs/decisions/0100-the-poster-prints-what-was-typed.md).
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
  // Registered by name only: pdfkit embeds (a subset of) the faces a poster draws with.
  for (const face of POSTER_FACES) doc.registerFont(face.id, face.data);

  const width = doc.page.width;
  const height = doc.page.height;
  const margin = 56;
  const column = width - 2 * margin;
  const qrSize = 150;

  const set = setterFor(doc, column);
  const blocks = {
    heading: set('In loving memory of', 'regular', 13, 10, MUTED),
    name: set(content.name, 'bold', 30, 10, INK),
    dates: set(content.dates ?? '', 'regular', 15, 14, INK),
    line: set(content.posterLine, 'italic', 15, 0, INK),
    caption: set(
      'Scan to visit the memorial, leave a flower or say a prayer, or open',
      'regular',
      11,
      4,
      MUTED,
    ),
    url: set(printedUrl(content.shortUrl), 'bold', 14, 0, INK),
  };
  const textTop =
    blocks.heading.height +
    blocks.heading.gap +
    blocks.name.height +
    blocks.name.gap +
    blocks.dates.height +
    blocks.dates.gap +
    blocks.line.height;
  const bottom = 24 + qrSize + 12 + blocks.caption.height + blocks.caption.gap + blocks.url.height;
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
  const write = (block: SetBlock) => {
    drawBlock(doc, block, margin, column, y);
    y += block.height + block.gap;
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

  const charities = content.charities ?? [];
  if (charities.length > 0) {
    // The back: the charities, in the family's order, each with the address to give at.
    doc.addPage({ size: PAGE[size], margin: 0 });
    y = margin + 40;
    write(set('In lieu of flowers', 'bold', 22, 10, INK));
    write(set(`the family of ${content.name} asks that gifts go to`, 'italic', 13, 28, MUTED));
    for (const charity of charities) {
      write(set(charity.name, 'bold', 17, 4, INK));
      if (charity.registeredNumber) {
        write(set(`Registered charity ${charity.registeredNumber}`, 'regular', 11, 4, MUTED));
      }
      if (charity.reason) write(set(charity.reason, 'italic', 13, 4, INK));
      write(set(printedCharityUrl(charity.url), 'regular', 12, 26, SAGE));
    }
    write(set(POSTER_NO_MONEY_NOTE, 'regular', 11, 0, MUTED));
  }

  doc.end();
  return done;
}
