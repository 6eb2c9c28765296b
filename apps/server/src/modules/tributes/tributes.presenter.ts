import {
  BOUQUET_SIZE,
  bouquetPath,
  findBouquet,
  type Flower,
  type ItemAbilities,
  type TributeItem,
} from '@rips/shared/tributes';
import { missingImage, singleSizeImage, type MediaUrls } from '../../media/urls.js';
import type { flowers } from '../../db/schema/index.js';
import { PRIVATE_URL_TTL_SECONDS } from '../memorials/memorials.presenter.js';
import type { ItemRow, TributeKind } from './tribute-kind.js';

export type FlowerRow = typeof flowers.$inferSelect;

/**
 * The URLs of an item's files: a pending or hidden item's picture is never on a public address,
 * so whoever may see it (its author, the memorial's managers) gets signed, expiring links.
 */
export function itemUrls(urls: MediaUrls, row: Pick<ItemRow, 'status'>): MediaUrls {
  return row.status === 'published' ? urls : urls.signedOnly(PRIVATE_URL_TTL_SECONDS);
}

/** A guest's name as the family's and administrators' lists show it: "Ann Lee (guest)". */
export function guestLabel(name: string | null): string {
  return `${name ?? ''} (guest)`;
}

/** Any item as the API answers it: what every kind carries, then the kind's own fields. */
export function presentItem(
  urls: MediaUrls,
  kind: TributeKind,
  row: ItemRow,
  ownerName: string | null,
  abilities: ItemAbilities,
  now: Date,
): TributeItem {
  // A guest's item has no owner: the name the guest gave is its author's, never their address.
  const guest = row.ownerId === null;
  return {
    _id: row.id,
    status: row.status,
    postId: row.memorialId,
    // An imported item is the importer's; the archive's name for its author is shown as such.
    owner: { _id: row.ownerId, fullName: guest ? (row.authorName ?? '') : (ownerName ?? '') },
    importedAuthor: guest ? null : row.authorName,
    guest,
    createdAt: row.createdAt.toISOString(),
    // Only its author is answered a returned item (the lists show it to them alone).
    returnNote: row.status === 'returned' ? row.returnNote : null,
    abilities,
    ...kind.present(itemUrls(urls, row), row, now),
  };
}

/** Flowers are public: uploaded ones get plain /media URLs, bouquets point at the web app's static file. */
export function flowerFields(urls: MediaUrls, row: FlowerRow): Omit<Flower, keyof TributeItem> {
  const bouquet = row.bouquet ? findBouquet(row.bouquet) : undefined;
  if (bouquet) {
    const src = urls.absolute(bouquetPath(bouquet.id));
    return {
      flowerImg: src,
      image: singleSizeImage(src, BOUQUET_SIZE),
      bouquet: { id: bouquet.id, name: bouquet.name },
    };
  }
  const image = urls.image(row) ?? missingImage(BOUQUET_SIZE);
  return { flowerImg: image.src, image, bouquet: null };
}
