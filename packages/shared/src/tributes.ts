import { z } from 'zod';

/**
 * The bouquets the product ships, so a visitor can leave a flower without a picture of their own.
 * The web app serves each as a static file at `/bouquets/<id>.svg`; the server checks ids here.
 */
export const BOUQUETS = [
  { id: 'white-lilies', name: 'White lilies' },
  { id: 'red-roses', name: 'Red roses' },
  { id: 'forget-me-nots', name: 'Forget-me-nots' },
  { id: 'sunflowers', name: 'Sunflowers' },
  { id: 'lavender', name: 'Lavender' },
  { id: 'chrysanthemums', name: 'Chrysanthemums' },
] as const;

export type BouquetId = (typeof BOUQUETS)[number]['id'];
export const BOUQUET_IDS = BOUQUETS.map((b) => b.id) as [BouquetId, ...BouquetId[]];
/** Drawn on a square canvas; width and height let the browser reserve space. */
export const BOUQUET_SIZE = 320;

export function bouquetPath(id: BouquetId): string {
  return `/bouquets/${id}.svg`;
}

export function findBouquet(id: string): (typeof BOUQUETS)[number] | undefined {
  return BOUQUETS.find((b) => b.id === id);
}

export const TRIBUTE_PAGE_SIZE = 24;
export const PRAYER_MAX = 2000;

/** A memorial id as the spec names it. Checked for shape by the server's policy, not here. */
export const PostIdSchema = z.string().trim().min(1, 'Choose a memorial.').max(100);

/** Text fields of POST /flowers; the picture travels beside them as `flowerImg`. */
export const CreateFlowerFieldsSchema = z.object({
  postId: PostIdSchema,
  bouquet: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.enum(BOUQUET_IDS, { error: 'Please choose one of the bouquets shown.' }).optional()),
});
export type CreateFlowerFields = z.infer<typeof CreateFlowerFieldsSchema>;

export const CreatePrayerSchema = z.object({
  postId: PostIdSchema,
  prayerText: z
    .string({ error: 'Please write your prayer.' })
    .trim()
    .min(1, 'Please write your prayer.')
    .max(PRAYER_MAX, `A prayer can be at most ${PRAYER_MAX} characters.`),
});
export type CreatePrayer = z.infer<typeof CreatePrayerSchema>;

/** Who left an item: enough to say "Left By". */
export interface TributeOwner {
  _id: string;
  fullName: string;
}

export interface ResponsiveImage {
  /** A mid-size variant, for clients that ignore srcset. */
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

/** Fields every item left on a memorial carries. */
export interface TributeItem {
  _id: string;
  postId: string;
  owner: TributeOwner;
  /** ISO 8601. */
  createdAt: string;
}

export interface Flower extends TributeItem {
  /** The picture's URL: an uploaded image, or a bouquet's static file. */
  flowerImg: string;
  image: ResponsiveImage;
  bouquet: { id: BouquetId; name: string } | null;
}

export interface Prayer extends TributeItem {
  prayerText: string;
}

/** Lists answer `data.data` (the spec's place) with the cursor of the next page beside it. */
export interface TributePage<T> {
  data: T[];
  nextCursor: string | null;
}

/** The new item is `data.data`, as the spec reads it. */
export interface CreatedTribute<T> {
  data: T;
}
