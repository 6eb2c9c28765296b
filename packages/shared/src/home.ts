import { z } from 'zod';
import { MemorialSummarySchema } from './memorials.js';

/** How many honored legends the home page shows. */
export const HOME_LEGENDS_LIMIT = 6;

/**
 * Without a memorial an admin featured, a memorial is honored only once visitors showed it
 * love: at least this many likes, and older than a day, so a page made a minute ago is never
 * promoted as "loved the most".
 */
export const LEGEND_MIN_LIKES = 3;
export const LEGEND_MIN_AGE_HOURS = 24;

/**
 * A memorial as the home page's "honored legends" shows it. The answer is the same for every
 * visitor (no `likedByMe`, no contributor ids), so browsers and proxies may cache it.
 */
export const LegendSummarySchema = MemorialSummarySchema.pick({
  _id: true,
  title: true,
  description: true,
  birthPlace: true,
  dateOfBirth: true,
  deathDate: true,
  tags: true,
  postImg: true,
  image: true,
  reactions: true,
});
export type LegendSummary = z.infer<typeof LegendSummarySchema>;

/** Why these legends were chosen: featured by an admin, or the most loved when none is. */
export const LegendSelectionSchema = z.enum(['featured', 'most-loved']);
export type LegendSelection = z.infer<typeof LegendSelectionSchema>;

export const HomeLegendsSchema = z.object({
  selection: LegendSelectionSchema,
  legends: z.array(LegendSummarySchema),
});
export type HomeLegends = z.infer<typeof HomeLegendsSchema>;
