import { z } from 'zod';
import { KIND_LIST, KINDS, type ModeratedNoun, type TextKindPath } from './kinds.js';
import { blockText } from './text.js';

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

/**
 * The moderated kinds, as moderation names them (`/admin/tributes/{kind}/{id}`): drawn from the
 * list of kinds (./kinds.ts). Gallery items are the owner's and contributors' alone.
 */
export type TributeKindName = ModeratedNoun;
export const TRIBUTE_KIND_NAMES = KIND_LIST.filter((kind) => kind.moderated).map(
  (kind) => kind.noun,
) as [TributeKindName, ...TributeKindName[]];

export const TRIBUTE_PAGE_SIZE = 24;
export const PRAYER_MAX = KINDS.prayers.text.max;

export const FLOWER_REQUIRED = 'Please choose a bouquet or a picture of a flower.';

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
    .pipe(z.enum(BOUQUET_IDS, { error: 'Please choose one of the bouquets shown.' }).optional())
    .meta({
      enum: [...BOUQUET_IDS],
      description: 'One of the shipped bouquets; leave it out to send a picture as `flowerImg`.',
    }),
});
export type CreateFlowerFields = z.infer<typeof CreateFlowerFieldsSchema>;

/** The longest note a tribute may be returned to its author with. */
export const RETURN_NOTE_MAX = 1000;

/** The note a manager returns a tribute with: required, words only, bounded. */
export const ReturnNoteSchema = blockText('The note', {
  error: 'Please write a note to say what the author could change.',
})
  .min(3, 'Please write a note to say what the author could change.')
  .max(RETURN_NOTE_MAX, `A note can be at most ${RETURN_NOTE_MAX} characters.`);

/** The words of a text kind's item, under the kind's own field name. */
type TextShape<P extends TextKindPath, T> = { [K in (typeof KINDS)[P]['text']['field']]: T };

/**
 * The create call of a kind whose item is words alone (kinds.ts `text`): the memorial and the
 * words, with the kind's own field, length and messages.
 */
export function createTextSchema<P extends TextKindPath>(path: P) {
  const { noun, text } = KINDS[path];
  const words = blockText(text.label, { error: text.missing })
    .min(1, text.missing)
    .max(text.max, `A ${noun} can be at most ${text.max} characters.`);
  return z.object({ postId: PostIdSchema, [text.field]: words }) as unknown as z.ZodObject<
    { postId: typeof PostIdSchema } & TextShape<P, typeof words>
  >;
}

export const CreatePrayerSchema = createTextSchema('prayers');
export type CreatePrayer = z.infer<typeof CreatePrayerSchema>;

/**
 * Who left an item: enough to say "Left By". A guest (no account) has no id: `_id` is null and
 * `fullName` is the name they gave; the item's `guest` is true.
 */
export const TributeOwnerSchema = z.object({ _id: z.string().nullable(), fullName: z.string() });
export type TributeOwner = z.infer<typeof TributeOwnerSchema>;

export const ResponsiveImageSchema = z.object({
  /** A mid-size variant, for clients that ignore srcset. */
  src: z.string(),
  srcSet: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ResponsiveImage = z.infer<typeof ResponsiveImageSchema>;

/** What the caller may do with one item, decided by the server so clients never recompute rights. */
export const ItemAbilitiesSchema = z.object({
  /** The item's author, the memorial's owner or an administrator may remove it. */
  remove: z.boolean(),
});
export type ItemAbilities = z.infer<typeof ItemAbilitiesSchema>;

/**
 * `published` shows to everyone; `pending` waits for a manager; `hidden` was taken down;
 * `returned` was sent back to its author with a note (decision 0117): only its author sees it,
 * edits it and sends it again, when it waits (`pending`) once more.
 */
export const ITEM_STATUSES = ['published', 'pending', 'hidden', 'returned'] as const;
export const ItemStatusSchema = z.enum(ITEM_STATUSES);
export type ItemStatus = z.infer<typeof ItemStatusSchema>;

/** Fields every item left on a memorial carries. */
export const TributeItemSchema = z.object({
  _id: z.string(),
  status: ItemStatusSchema,
  postId: z.string(),
  /** The member who holds it: its author, or the member who imported it from an archive. */
  owner: TributeOwnerSchema,
  /**
   * The author's name as a memorial archive gave it, for an item brought in by an import (shown
   * as "originally left by …"); null for an item left on this site.
   */
  importedAuthor: z.string().nullable(),
  /** Left by a guest without an account (decision 0103): `owner.fullName` is the name they gave. */
  guest: z.boolean(),
  /** ISO 8601. */
  createdAt: z.string(),
  /**
   * The family's note when they returned the item to its author (status `returned`): shown to its
   * author alone, beside the form to edit and send it again; null otherwise.
   */
  returnNote: z.string().nullable(),
  abilities: ItemAbilitiesSchema,
});
export type TributeItem = z.infer<typeof TributeItemSchema>;

export const FlowerSchema = TributeItemSchema.extend({
  /** The picture's URL: an uploaded image, or a bouquet's static file. */
  flowerImg: z.string(),
  image: ResponsiveImageSchema,
  bouquet: z.object({ id: z.enum(BOUQUET_IDS), name: z.string() }).nullable(),
});
export type Flower = z.infer<typeof FlowerSchema>;

/** An item of a text kind as the API answers it: every item's fields and the words. */
export function textItemSchema<P extends TextKindPath>(path: P) {
  const { field } = KINDS[path].text;
  return TributeItemSchema.extend({ [field]: z.string() }) as unknown as z.ZodObject<
    (typeof TributeItemSchema)['shape'] & TextShape<P, z.ZodString>
  >;
}

export const PrayerSchema = textItemSchema('prayers');
export type Prayer = z.infer<typeof PrayerSchema>;

/**
 * What a list service hands its route: the items and the cursor of the next page. The route puts
 * the items in the body's `data` and the cursor beside it (see `pageEnvelope`).
 */
export interface TributePage<T> {
  data: T[];
  nextCursor: string | null;
}

/** How long a candle burns from the moment it is lit (or, for a guest's, confirmed). */
export const CANDLE_BURN_HOURS = 24;
/** The longest a candle's message may be, in characters. */
export const CANDLE_MESSAGE_MAX = 280;

/**
 * The create call of `POST /candles`: the memorial and an optional short message. An empty or
 * blank message is no message.
 */
export const CreateCandleSchema = z.object({
  postId: PostIdSchema,
  message: blockText('The message')
    .max(CANDLE_MESSAGE_MAX, `A candle's message can be at most ${CANDLE_MESSAGE_MAX} characters.`)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type CreateCandle = z.infer<typeof CreateCandleSchema>;

export const CandleSchema = TributeItemSchema.extend({
  /** The words left with it; null when none were. */
  message: z.string().nullable(),
  /** ISO 8601: when it was lit (for a guest's, when the emailed link was used). */
  litAt: z.string(),
  /** ISO 8601: when it stops burning, `CANDLE_BURN_HOURS` after it was lit. */
  burnsUntil: z.string(),
  /** Whether it burns now; once burned, it stays on the memorial. */
  burning: z.boolean(),
});
export type Candle = z.infer<typeof CandleSchema>;

/** What the list of candles carries beside its items: the memorial's candles, counted. */
export const CandleTallySchema = z.object({
  burning: z
    .number()
    .int()
    .describe('How many of the candles the caller may see burn now (lit in the last 24 hours).'),
  litCount: z
    .number()
    .int()
    .describe('How many candles the caller may see were ever lit on the memorial.'),
});
export type CandleTally = z.infer<typeof CandleTallySchema>;

/** The answer when a person already lit a candle on the memorial within a day. */
export function candleTodayMessage(memorialTitle: string): string {
  return `You lit a candle for ${memorialTitle} today. You can light another tomorrow.`;
}
