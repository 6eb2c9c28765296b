import { z } from 'zod';

/** Cursor pagination fields that list endpoints add beside the spec's array. */
export const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(24),
  cursor: z.string().max(200).optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export interface PageInfo {
  nextCursor: string | null;
}
