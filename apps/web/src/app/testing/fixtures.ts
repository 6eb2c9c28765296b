// Answers of the API as the component tests' fake server gives them (imported by tests only).
import { GALLERY_FILE_FIELDS, type MemorialDocument } from '@rips/shared/galleries';
import {
  EMPTY_MEMORIAL_STORY,
  type MemorialDetail,
  type MemorialSummary,
} from '@rips/shared/memorials';
import type { Flower, ResponsiveImage, TributeItem } from '@rips/shared/tributes';
import {
  TRIBUTE_KINDS,
  type TributeKind,
  type TributeKindDescriptor,
} from '@/config/tribute-kinds';
import type { TributeItems } from '@/features/tributes/api/tributes.api';

const image: ResponsiveImage = { src: '/media/a.webp', srcSet: '', width: 320, height: 320 };

// The summary has every story field but the poster line, which only the memorial's page shows.
const { posterLine: _posterLine, ...SUMMARY_STORY } = EMPTY_MEMORIAL_STORY;

export function memorialSummary(fields: Partial<MemorialSummary> = {}): MemorialSummary {
  return {
    _id: 'm1',
    owner: 'u1',
    ...SUMMARY_STORY,
    title: 'Ada Lovelace',
    tags: [],
    postImg: null,
    image: null,
    reactions: 0,
    likedByMe: false,
    contributer: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

/** A memorial its owner (Rose, u1) reads: every ability. */
export function memorialDetail(fields: Partial<MemorialDetail> = {}): MemorialDetail {
  return {
    ...memorialSummary(),
    owner: { _id: 'u1', fullName: 'Rose Ames' },
    posterLine: '',
    shortUrl: 'http://localhost/m/abc',
    calendarUrl: 'http://localhost/m/abc/calendar.ics',
    access: { canManage: true, canContribute: true },
    abilities: {
      update: true,
      delete: true,
      addContributor: true,
      viewGalleries: true,
      addToGalleries: true,
      leaveTribute: true,
      manage: true,
      transfer: true,
      export: true,
      book: true,
    },
    visibility: 'public',
    indexable: true,
    tributeModeration: 'open',
    allowAccessRequests: false,
    allowGuestTributes: true,
    allowPublicBook: false,
    allowCandles: true,
    observeYahrzeit: false,
    diedAfterSunset: false,
    myRole: 'owner',
    ...fields,
  } as MemorialDetail;
}

/**
 * An item of `kind`, left on memorial m1 by Ben Ode (not the signed-in member), shaped by how the
 * kind shows (its registry entry): a kind of words holds its text in its own `textField`, so a
 * new one needs nothing here.
 */
export function tributeItem<K extends TributeKind>(kind: K, id = `${kind}-1`): TributeItems[K] {
  const base: TributeItem = {
    _id: id,
    status: 'published',
    postId: 'm1',
    owner: { _id: 'u2', fullName: 'Ben Ode' },
    importedAuthor: null,
    guest: false,
    createdAt: '2026-02-01T10:00:00.000Z',
    returnNote: null,
    abilities: { remove: false },
  };
  const descriptor: TributeKindDescriptor = TRIBUTE_KINDS[kind];
  switch (descriptor.display) {
    case 'flower':
      return { ...base, flowerImg: image.src, image, bouquet: null } as Flower as TributeItems[K];
    case 'text':
      return { ...base, [descriptor.textField]: 'Rest gently, Ada.' } as TributeItems[K];
    case 'candle':
      return {
        ...base,
        message: 'Rest gently, Ada.',
        litAt: base.createdAt,
        burnsUntil: '2026-02-02T10:00:00.000Z',
        burning: false,
      } as TributeItems[K];
    case 'picture':
      return {
        ...base,
        name: 'Ben Ode',
        image,
        caption: null,
        date: null,
        [GALLERY_FILE_FIELDS[descriptor.kind]]: image.src,
      } as TributeItems[K];
    case 'document':
      return {
        ...base,
        name: 'Ben Ode',
        documentFile: '/media/letter.pdf',
        fileName: 'letter.pdf',
        mimeType: 'application/pdf',
        sizeBytes: 2048,
        title: 'A letter',
      } satisfies MemorialDocument as TributeItems[K];
  }
}
