import PDFDocument from 'pdfkit';
import type { PosterSize } from '@rips/shared/memorials';
import { posterUnprintable } from '@rips/shared/poster';
import { POSTER_FACES, type PosterStyle } from '../share/poster-fonts.js';
import {
  drawLine,
  lineMetrics,
  setterFor,
  type Align,
  type SetBlock,
} from '../share/print-layout.js';

/*
 * The memorial book (docs/decisions/0124-the-memorial-book.md): a PDF/A-2a of the memorial, set in
 * the poster's faces and shaping (every script the poster prints, decision 0100), tagged for
 * screen readers (a document language, headings, paragraphs, figures with their alternative text),
 * and written to its stream as it is drawn: a photo is read, converted, drawn and let go before
 * the next is read.
 */

const PAGE: Record<PosterSize, 'A4' | 'LETTER'> = { a4: 'A4', letter: 'LETTER' };

const INK = '#27313a';
const MUTED = '#5c6770';
const SAGE = '#5b7a66';

/** A photo of the book: drawn when the book reaches it (`load` reads it then). */
export interface BookPhoto {
  load: () => Promise<Buffer | null>;
  /** The caption, or the photo's name: also its alternative text. */
  caption: string;
  date: string | null;
  by: string;
}

/** A line of a list: a title, and what goes under it. */
export interface BookEntry {
  title: string;
  lines: string[];
  /** The entry's own words (a prayer, a moment's story), set as a paragraph. */
  text?: string;
}

/** A part of the book after the life story, with its heading; left out when it has no entries. */
export interface BookSection {
  heading: string;
  intro?: string;
  entries: BookEntry[];
  /** Said after the entries when the memorial holds more than the book prints. */
  more?: string;
}

export interface BookContent {
  name: string;
  dates: string | null;
  posterLine: string;
  portrait: () => Promise<Buffer | null>;
  /** The memorial's facts: born in, resting place... (label, value). */
  facts: [string, string][];
  /** The life story's paragraphs, then the traits'. */
  story: string[];
  traits: string[];
  timeline: BookSection;
  photos: BookPhoto[];
  morePhotos: string | null;
  /** Memorabilia, documents, tributes, events, charities, in that order. */
  sections: BookSection[];
  url: string;
  changedAt: Date;
}

/** Whether to stop drawing (the client went away): checked between photos. */
export type Cancelled = () => boolean;

/** A struct element of pdfkit's (its types do not describe them). */
interface Struct {
  add(child: unknown): Struct;
  end(): void;
}
type Doc = PDFKit.PDFDocument & {
  struct(type: string, options?: Record<string, unknown>): Struct;
  addStructure(element: Struct): void;
  markStructureContent(tag: string, options?: Record<string, unknown>): unknown;
  markContent(tag: string, options?: Record<string, unknown>): void;
  endMarkedContent(): void;
};

/**
 * Starts the book: the returned document is a readable stream of the PDF, drawn as it is read.
 * `done` settles when the last byte is written or drawing failed (the stream is destroyed then).
 */
export function renderBook(
  content: BookContent,
  size: PosterSize,
  cancelled: Cancelled = () => false,
): { pdf: PDFKit.PDFDocument; done: Promise<void> } {
  const doc = new PDFDocument({
    size: PAGE[size],
    margin: 0,
    autoFirstPage: false,
    pdfVersion: '1.7',
    subset: 'PDF/A-2a',
    tagged: true,
    lang: 'en',
    displayTitle: true,
    // No standard font: every face is embedded (PDF/A), so none is set before the book's own.
    font: null as unknown as string,
    info: {
      Title: `In loving memory of ${content.name}`,
      Author: 'Rips Memorial',
      Subject: `The memorial book of ${content.name}`,
      Creator: 'Rips Memorial',
      CreationDate: content.changedAt,
      ModDate: content.changedAt,
    },
  }) as Doc;
  for (const face of POSTER_FACES) doc.registerFont(face.id, face.data);
  const done = draw(doc, content, size, cancelled).then(
    () => {
      doc.end();
    },
    (error: unknown) => {
      doc.destroy(error as Error);
      throw error;
    },
  );
  return { pdf: doc, done };
}

async function draw(doc: Doc, content: BookContent, size: PosterSize, cancelled: Cancelled) {
  doc.addPage({ size: PAGE[size], margin: 0 });
  const width = doc.page.width;
  const height = doc.page.height;
  const margin = 64;
  const column = width - 2 * margin;
  const top = 72;
  const bottom = height - 72;
  const set = setterFor(doc, column);
  /** Characters no face of the book draws (Chinese, Japanese, Korean…): left out, then named. */
  const missing = new Set<string>();
  const root = doc.struct('Document');
  doc.addStructure(root);

  let y = top;
  let pageNumber = 1;
  /** A new page, numbered at its foot as an artifact (not read out). */
  const newPage = () => {
    doc.addPage({ size: PAGE[size], margin: 0 });
    pageNumber++;
    y = top;
    const number = set(String(pageNumber), 'regular', 9, 0, MUTED);
    doc.markContent('Artifact', { type: 'Pagination' });
    drawLine(doc, number, number.lines[0]!, margin, column, height - 48);
    doc.endMarkedContent();
  };
  const room = (needed: number) => {
    if (y + needed > bottom) newPage();
  };
  /** Content tagged `type` under `parent`, drawn on this page by `paint`. */
  const tagged = (parent: Struct, type: string, paint: () => void, options = {}) => {
    const element = doc.struct(type, options);
    parent.add(element);
    const marked = doc.markStructureContent(type);
    paint();
    doc.endMarkedContent();
    element.add(marked);
    element.end();
  };
  /**
   * A block as one element of `type` under `parent`, its lines flowing onto new pages; the
   * lines of each page are one marked run, so a page's number is never inside the paragraph.
   */
  const write = (parent: Struct, type: string, block: SetBlock, keepWith = 0) => {
    if (block.lines.length === 0) return;
    const element = doc.struct(type);
    parent.add(element);
    const first = block.lines[0]!;
    room(lineMetrics(first, block.size).height + keepWith);
    let marked = doc.markStructureContent(type);
    for (const line of block.lines) {
      const lineHeight = lineMetrics(line, block.size).height;
      if (y + lineHeight > bottom) {
        doc.endMarkedContent();
        element.add(marked);
        newPage();
        marked = doc.markStructureContent(type);
      }
      y += drawLine(doc, block, line, margin, column, y);
    }
    doc.endMarkedContent();
    element.add(marked);
    element.end();
    y += block.gap;
  };
  const text = (
    value: string,
    style: PosterStyle,
    fontSize: number,
    gap: number,
    color: string,
    align: Align = 'start',
  ) => {
    for (const char of posterUnprintable(value)) missing.add(char);
    return set(value, style, fontSize, gap, color, align);
  };
  const rule = () => {
    doc.markContent('Artifact', { type: 'Layout' });
    doc
      .moveTo(margin, y)
      .lineTo(margin + 120, y)
      .lineWidth(1)
      .strokeColor(SAGE)
      .stroke();
    doc.endMarkedContent();
  };

  // The cover: portrait, name, dates, the family's line; centred in the page.
  const cover = doc.struct('Sect');
  root.add(cover);
  const blocks = {
    heading: text('In loving memory of', 'regular', 14, 12, MUTED, 'center'),
    name: text(content.name, 'bold', 32, 12, INK, 'center'),
    dates: text(content.dates ?? '', 'regular', 16, 14, INK, 'center'),
    line: text(content.posterLine, 'italic', 15, 0, INK, 'center'),
  };
  const url = text(content.url.replace(/^https:\/\//, ''), 'regular', 10, 0, MUTED, 'center');
  // The link sits at the foot of the cover, clear of the family's line.
  const textHeight =
    Object.values(blocks).reduce((sum, b) => sum + b.height + b.gap, 0) + url.height + 40;
  const portrait = await content.portrait();
  const photoHeight = portrait ? Math.min(420, bottom - top - textHeight - 60) : 0;
  y = top + Math.max(0, (bottom - top - textHeight - (portrait ? photoHeight + 40 : 0)) / 2);
  if (portrait && photoHeight > 120) {
    tagged(
      cover,
      'Figure',
      () =>
        doc.image(portrait, margin, y, {
          fit: [column, photoHeight],
          align: 'center',
          valign: 'center',
        }),
      { alt: `Portrait of ${content.name}` },
    );
    y += photoHeight + 40;
  }
  write(cover, 'P', blocks.heading);
  write(cover, 'H1', blocks.name);
  write(cover, 'P', blocks.dates);
  write(cover, 'P', blocks.line);
  y = bottom - url.height;
  write(cover, 'P', url);
  cover.end();

  /** A part of the book: its heading (kept with what follows), then its paragraphs. */
  const section = (heading: string, fill: (sect: Struct) => Promise<void> | void) => {
    const sect = doc.struct('Sect');
    root.add(sect);
    if (y > top) y += 18;
    write(sect, 'H2', text(heading, 'bold', 20, 6, INK), 60);
    room(4);
    rule();
    y += 14;
    return Promise.resolve(fill(sect)).then(() => sect.end());
  };
  const paragraphs = (sect: Struct, list: string[], style: PosterStyle = 'regular') => {
    for (const paragraph of list) write(sect, 'P', text(paragraph, style, 11.5, 9, INK));
  };
  const entries = async (sect: Struct, list: BookEntry[]) => {
    for (const entry of list) {
      write(sect, 'H3', text(entry.title, 'bold', 12, 2, INK), 16);
      for (const line of entry.lines) write(sect, 'P', text(line, 'regular', 10, 2, MUTED));
      if (entry.text) write(sect, 'P', text(entry.text, 'regular', 11, 2, INK));
      y += 10;
    }
  };

  newPage();
  await section('Life story', (sect) => {
    for (const [label, value] of content.facts) {
      write(sect, 'P', text(`${label}: ${value}`, 'regular', 11, 4, MUTED));
    }
    if (content.facts.length > 0) y += 10;
    paragraphs(sect, content.story);
    if (content.traits.length > 0) {
      write(sect, 'H3', text('Remembered for', 'bold', 13, 4, INK), 16);
      paragraphs(sect, content.traits, 'italic');
    }
  });
  if (content.timeline.entries.length > 0) {
    await section(content.timeline.heading, (sect) => entries(sect, content.timeline.entries));
  }

  if (content.photos.length > 0) {
    await section('Photos', async (sect) => {
      for (const photo of content.photos) {
        if (cancelled()) throw new Error('The book was no longer wanted.');
        const picture = await photo.load();
        const captionBlock = text(photo.caption, 'italic', 10.5, 2, INK, 'center');
        const under = [photo.date, photo.by ? `Shared by ${photo.by}` : '']
          .filter(Boolean)
          .join(' · ');
        const underBlock = text(under, 'regular', 9, 0, MUTED, 'center');
        const words = captionBlock.height + captionBlock.gap + underBlock.height;
        const pictureHeight = picture ? 300 : 0;
        room(pictureHeight + 10 + words);
        const figure = doc.struct('Figure', { alt: photo.caption || 'A photo' });
        sect.add(figure);
        if (picture) {
          const marked = doc.markStructureContent('Figure');
          doc.image(picture, margin, y, {
            fit: [column, pictureHeight],
            align: 'center',
            valign: 'center',
          });
          doc.endMarkedContent();
          figure.add(marked);
          y += pictureHeight + 10;
        }
        write(figure, 'Caption', captionBlock);
        write(figure, 'Caption', underBlock);
        figure.end();
        y += 24;
      }
      if (content.morePhotos) write(sect, 'P', text(content.morePhotos, 'italic', 10, 0, MUTED));
    });
  }

  for (const part of content.sections) {
    if (part.entries.length === 0) continue;
    await section(part.heading, async (sect) => {
      if (part.intro) write(sect, 'P', text(part.intro, 'italic', 11, 12, MUTED));
      await entries(sect, part.entries);
      if (part.more) write(sect, 'P', text(part.more, 'italic', 10, 0, MUTED));
    });
  }

  // Nothing is dropped without a word: the book ends by naming, by code point, what it left out.
  if (missing.size > 0) {
    const note = leftOutNote([...missing]);
    await section('A note on this book', async (sect) => {
      write(sect, 'P', text(note, 'italic', 10.5, 0, MUTED));
    });
  }
}

const NAMED_AT_MOST = 60;

/** The closing note on the characters the book's fonts cannot draw, each named by code point. */
export function leftOutNote(chars: string[]): string {
  const named = chars
    .slice(0, NAMED_AT_MOST)
    .map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
  const more = chars.length > NAMED_AT_MOST ? `, and ${chars.length - NAMED_AT_MOST} more` : '';
  return `This book has no font for ${chars.length === 1 ? 'one character' : `${chars.length} different characters`} of this memorial, so they are left out of its pages: ${named.join(', ')}${more}. They are kept, as written, on the memorial itself and in its archive.`;
}
