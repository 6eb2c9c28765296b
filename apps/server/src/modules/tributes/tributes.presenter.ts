import {
  BOUQUET_SIZE,
  bouquetPath,
  findBouquet,
  type Flower,
  type Prayer,
} from '@rips/shared/tributes';
import { missingImage, singleSizeImage, type MediaUrls } from '../../media/urls.js';
import { presentOwner } from './tribute-items.js';
import type { FlowerRow, PrayerRow } from './tributes.repository.js';

/** Flowers are public: uploaded ones get plain /media URLs, bouquets point at the web app's static file. */
export function presentFlower(urls: MediaUrls, row: FlowerRow, ownerName: string): Flower {
  const bouquet = row.bouquet ? findBouquet(row.bouquet) : undefined;
  const base = {
    _id: row.id,
    postId: row.memorialId,
    owner: presentOwner(row.ownerId, ownerName),
    createdAt: row.createdAt.toISOString(),
  };
  if (bouquet) {
    const src = urls.absolute(bouquetPath(bouquet.id));
    return {
      ...base,
      flowerImg: src,
      image: singleSizeImage(src, BOUQUET_SIZE),
      bouquet: { id: bouquet.id, name: bouquet.name },
    };
  }
  const image = urls.image(row) ?? missingImage(BOUQUET_SIZE);
  return { ...base, flowerImg: image.src, image, bouquet: null };
}

export function presentPrayer(row: PrayerRow, ownerName: string): Prayer {
  return {
    _id: row.id,
    postId: row.memorialId,
    owner: presentOwner(row.ownerId, ownerName),
    createdAt: row.createdAt.toISOString(),
    prayerText: row.text,
  };
}
