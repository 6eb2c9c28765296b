// Answers of the API as the component tests' fake server gives them (imported by tests only).
import type { Memorablia, MemorialDocument, Photo } from '@rips/shared/galleries';
import type { MemorialDetail, MemorialSummary } from '@rips/shared/memorials';
import type { Flower, Prayer, ResponsiveImage, TributeItem } from '@rips/shared/tributes';
import type { TributeKind } from '@/config/tribute-kinds';

const image: ResponsiveImage = { src: '/media/a.webp', srcSet: '', width: 320, height: 320 };

export function memorialSummary(fields: Partial<MemorialSummary> = {}): MemorialSummary {
  return {
    _id: 'm1',
    owner: 'u1',
    title: 'Ada Lovelace',
    description: '',
    birthPlace: '',
    burial: '',
    plot: '',
    dateOfBirth: null,
    deathDate: null,
    traits: '',
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
    },
    visibility: 'public',
    indexable: true,
    tributeModeration: 'open',
    allowAccessRequests: false,
    myRole: 'owner',
    ...fields,
  } as MemorialDetail;
}

/** One item of each kind, left on memorial m1 by Ben Ode (not the signed-in member). */
export function tributeItem(kind: TributeKind, id = `${kind}-1`) {
  const base: TributeItem = {
    _id: id,
    status: 'published',
    postId: 'm1',
    owner: { _id: 'u2', fullName: 'Ben Ode' },
    importedAuthor: null,
    createdAt: '2026-02-01T10:00:00.000Z',
    abilities: { remove: false },
  } as TributeItem;
  const picture = { name: 'Ben Ode', image, caption: null, date: null };
  const items = {
    flowers: { ...base, flowerImg: image.src, image, bouquet: null } satisfies Flower,
    prayers: { ...base, prayerText: 'Rest gently, Ada.' } satisfies Prayer,
    photos: { ...base, ...picture, photoImg: image.src } as Photo,
    memorablias: { ...base, ...picture, memorabliaImg: image.src } as Memorablia,
    documents: {
      ...base,
      name: 'Ben Ode',
      documentFile: '/media/letter.pdf',
      fileName: 'letter.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 2048,
      title: 'A letter',
    } satisfies MemorialDocument,
  };
  return items[kind];
}
