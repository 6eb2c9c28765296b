import { finished } from 'node:stream/promises';
import { ErrorCode } from '@rips/shared/api';
import { EVENT_KIND_NAMES } from '@rips/shared/events';
import type { PosterSize } from '@rips/shared/memorials';
import { findBouquet } from '@rips/shared/tributes';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { listEvents } from '../events/events.repository.js';
import {
  findVisibleMemorial,
  MEMORIAL_NOT_FOUND,
  memorialAccess,
  type MemorialAccess,
  type MemorialRow,
} from '../memorials/memorials.policy.js';
import {
  longUsDate,
  POSTER_NO_MONEY_NOTE,
  posterDates,
  printedCharityUrl,
} from '../share/poster.js';
import { printPicture } from '../share/print-picture.js';
import { shortUrl } from '../share/short-links.js';
import { listCharities, publishedMoments } from '../timeline/timeline.repository.js';
import { candleKind } from '../tributes/candles.js';
import type { ItemRow } from '../tributes/tribute-kind.js';
import {
  documentKind,
  flowerKind,
  memorabiliaKind,
  photoKind,
  prayerKind,
} from '../tributes/tribute-kinds.js';
import type { UserRow } from '../users/users.repository.js';
import { renderBook, type BookContent, type BookEntry, type BookSection } from './book-pdf.js';
import { publishedItems } from './book.repository.js';

/** The most photos a book prints (each on a third of a page); the rest are named as more. */
export const BOOK_MAX_PHOTOS = 100;
/** The most flowers, prayers or candles, each, a book prints. */
export const BOOK_MAX_TRIBUTES = 300;
/** The most memorabilia or documents, each, a book lists. */
export const BOOK_MAX_LISTED = 200;
/** Photos print at most about 17 cm wide: 1,000 px gives some 150 dpi. */
const PRINT_WIDTH = 1000;

/** A memorial's book, with who asked: the memorial and what they may see of it. */
export interface BookSubject {
  memorial: MemorialRow;
  access: MemorialAccess;
  /** The book is the one anyone may download (public, allowed, and nothing more for this caller). */
  isPublicCopy: boolean;
}

/**
 * The memorial whose book `viewer` may download; otherwise the same "not found" as a memorial that
 * does not exist (decision 0124).
 */
export async function bookSubject(
  ctx: AppContext,
  id: string,
  viewer: UserRow | null,
): Promise<BookSubject> {
  const memorial = await findVisibleMemorial(ctx.db, id, viewer);
  const access = await memorialAccess(ctx.db, memorial, viewer);
  if (!access.canDownloadBook) throw AppError.notFound(MEMORIAL_NOT_FOUND);
  return {
    memorial,
    access,
    isPublicCopy: viewer === null && memorial.visibility === 'public' && memorial.allowPublicBook,
  };
}

/** The books being made, per server (app context): memorial ids. */
const building = new WeakMap<AppContext, Set<string>>();

/**
 * Counts one book asked for by the member (or the address, for a visitor) and takes a place to make
 * it: 429 past the budget or when BOOK_BUILDS_AT_ONCE are being made, 409 when this memorial's
 * book is being made already. The place is given back by `release`.
 */
export async function reserveBuild(
  ctx: AppContext,
  memorialId: string,
  viewer: UserRow | null,
  address: string,
): Promise<{ release: () => void }> {
  const who = viewer ? `user:${viewer.id}` : `ip:${address}`;
  await ctx.limiter.consume(
    `book:${who}`,
    ctx.config.BOOKS_PER_WINDOW,
    'You have asked for many memorial books in a short time. Please try again later.',
  );
  let now = building.get(ctx);
  if (!now) building.set(ctx, (now = new Set()));
  if (now.has(memorialId)) {
    throw AppError.conflict(
      ErrorCode.Conflict,
      "This memorial's book is being made right now. Please try again in a minute.",
    );
  }
  if (now.size >= ctx.config.BOOK_BUILDS_AT_ONCE) {
    throw AppError.rateLimited(
      'Several memorial books are being made right now. Please try again in a minute.',
      30,
    );
  }
  now.add(memorialId);
  let released = false;
  return {
    release: () => {
      if (released) return;
      released = true;
      now.delete(memorialId);
    },
  };
}

/** A text's paragraphs: lines with words in them, trimmed. */
function paragraphsOf(value: string): string[] {
  return value
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean);
}

const MONTH_YEAR = (year: number, month: number) =>
  `${new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} ${year}`;

/** A moment's date as the timeline shows it: "June 9, 1962", "June 1962" or "1962". */
function momentDate(year: number, month: number | null, day: number | null): string {
  if (month && day) {
    return (
      longUsDate(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`) ??
      String(year)
    );
  }
  if (month) return MONTH_YEAR(year, month);
  return String(year);
}

/** "June 9, 2024, 14:00 (Europe/London)": an event's wall-clock start in its own zone. */
function eventWhen(startsLocal: string, timeZone: string): string {
  const day = longUsDate(startsLocal.slice(0, 10)) ?? startsLocal.slice(0, 10);
  return `${day}, ${startsLocal.slice(11, 16)} (${timeZone.replace(/_/g, ' ')})`;
}

const more = (shown: number, what: string) =>
  `The memorial holds more ${what}; the first ${shown} are printed here.`;

/** Everything the book prints, read with caps; photos are read only when the book reaches them. */
export async function bookContent(ctx: AppContext, subject: BookSubject): Promise<BookContent> {
  const { memorial, access } = subject;
  const id = memorial.id;
  const galleries = access.canSeeGalleries;
  const [photos, memorabilia, documents, flowers, prayers, candles] = await Promise.all([
    galleries
      ? publishedItems<PhotoLike>(ctx.db, photoKind, id, BOOK_MAX_PHOTOS)
      : { items: [], more: false },
    galleries
      ? publishedItems<PhotoLike>(ctx.db, memorabiliaKind, id, BOOK_MAX_LISTED)
      : { items: [], more: false },
    galleries
      ? publishedItems<DocumentLike>(ctx.db, documentKind, id, BOOK_MAX_LISTED)
      : { items: [], more: false },
    publishedItems<FlowerLike>(ctx.db, flowerKind, id, BOOK_MAX_TRIBUTES),
    publishedItems<TextLike>(ctx.db, prayerKind, id, BOOK_MAX_TRIBUTES),
    publishedItems<CandleLike>(ctx.db, candleKind, id, BOOK_MAX_TRIBUTES),
  ]);
  const [moments, events, charities] = await Promise.all([
    publishedMoments(ctx.db, id),
    listEvents(ctx.db, id),
    listCharities(ctx.db, id),
  ]);
  const on = (date: Date) => longUsDate(date.toISOString()) ?? '';
  const by = (name: string) => name || 'someone';

  const facts: [string, string][] = [];
  if (memorial.birthPlace) facts.push(['Born in', memorial.birthPlace]);
  if (memorial.burial) facts.push(['Resting place', memorial.burial]);
  if (memorial.plot) facts.push(['Plot', memorial.plot]);

  const sections: BookSection[] = [
    {
      heading: 'Memorabilia',
      entries: memorabilia.items.map(({ row, authorName }) => ({
        title: row.name || row.caption || 'Memorabilia',
        lines: [
          row.name && row.caption ? row.caption : '',
          longUsDate(row.pictureDate) ?? '',
          `Shared by ${by(authorName)}`,
        ].filter(Boolean),
      })),
      more: memorabilia.more ? more(BOOK_MAX_LISTED, 'memorabilia') : undefined,
    },
    {
      heading: 'Documents',
      entries: documents.items.map(({ row, authorName }) => ({
        title: row.title || row.name || row.fileName,
        lines: [row.fileName, `Shared by ${by(authorName)}`],
      })),
      more: documents.more ? more(BOOK_MAX_LISTED, 'documents') : undefined,
    },
    {
      heading: 'Flowers',
      entries: flowers.items.map(({ row, authorName }) => ({
        title: `${findBouquet(row.bouquet ?? '')?.name ?? 'Flowers'} from ${by(authorName)}`,
        lines: [on(row.createdAt)],
      })),
      more: flowers.more ? more(BOOK_MAX_TRIBUTES, 'flowers') : undefined,
    },
    {
      heading: 'Prayers',
      entries: prayers.items.map(({ row, authorName }) => ({
        title: `A prayer from ${by(authorName)}`,
        lines: [on(row.createdAt)],
        text: row.text,
      })),
      more: prayers.more ? more(BOOK_MAX_TRIBUTES, 'prayers') : undefined,
    },
    {
      heading: 'Candles',
      entries: candles.items.map(({ row, authorName }) => ({
        title: `A candle lit by ${by(authorName)}`,
        lines: [on(row.createdAt)],
        text: row.message ?? '',
      })),
      more: candles.more ? more(BOOK_MAX_TRIBUTES, 'candles') : undefined,
    },
    {
      heading: 'Services and events',
      entries: events.map((event): BookEntry => ({
        title: `${EVENT_KIND_NAMES[event.kind]}: ${event.title}`,
        lines: [
          eventWhen(event.startsLocal, event.timeZone),
          [event.placeName, event.placeAddress].filter(Boolean).join(', '),
        ].filter(Boolean),
        text: event.notes,
      })),
    },
    {
      heading: 'In lieu of flowers',
      intro: `The family of ${memorial.title} asks that gifts go to`,
      entries: charities.map((charity) => ({
        title: charity.name,
        lines: [
          charity.registeredNumber ? `Registered charity ${charity.registeredNumber}` : '',
          printedCharityUrl(charity.url),
        ].filter(Boolean),
        text: charity.reason,
      })),
      more: POSTER_NO_MONEY_NOTE,
    },
  ];

  return {
    name: memorial.title,
    dates: posterDates(memorial.dateOfBirth, memorial.deathDate),
    posterLine: memorial.posterLine,
    portrait: () => printPicture(ctx, memorial, PRINT_WIDTH),
    facts,
    story: paragraphsOf(memorial.description),
    traits: paragraphsOf(memorial.traits),
    timeline: {
      heading: 'Timeline',
      entries: moments.map((moment) => ({
        title: `${momentDate(moment.year, moment.month, moment.day)}: ${moment.title}`,
        lines: moment.place ? [moment.place] : [],
        text: moment.text,
      })),
    },
    photos: photos.items.map(({ row, authorName }) => ({
      load: () => printPicture(ctx, row, PRINT_WIDTH),
      caption: row.caption || row.name || '',
      date: longUsDate(row.pictureDate),
      by: authorName,
    })),
    morePhotos: photos.more ? more(BOOK_MAX_PHOTOS, 'photos') : null,
    sections,
    url: shortUrl(ctx.config.publicUrl, memorial.shortCode),
    changedAt: memorial.updatedAt,
  };
}

type Base = ItemRow;
type PhotoLike = Base & {
  name: string;
  caption: string | null;
  pictureDate: string | null;
  imageKey: string | null;
  imageWidths: number[] | null;
};
type DocumentLike = Base & { name: string; title: string | null; fileName: string };
type FlowerLike = Base & { bouquet: string | null };
type TextLike = Base & { text: string };
type CandleLike = Base & { message: string | null };

/**
 * The book of `subject`, drawn into its stream as the stream is read; `release` runs once the
 * stream has ended or was given up, whichever comes first.
 */
export async function startBook(
  ctx: AppContext,
  subject: BookSubject,
  size: PosterSize,
  release: () => void,
  onError: (error: unknown) => void,
): Promise<PDFKit.PDFDocument> {
  let content: BookContent;
  try {
    content = await bookContent(ctx, subject);
  } catch (error) {
    release();
    throw error;
  }
  const { pdf, done } = renderBook(content, size, () => pdf.destroyed);
  void Promise.allSettled([done, finished(pdf)]).then(([drawn]) => {
    release();
    if (drawn.status === 'rejected' && !pdf.readableAborted) onError(drawn.reason);
  });
  return pdf;
}
