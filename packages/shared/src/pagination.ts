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

/** Paged list answers: the items are the body's `data`, the paging fields sit beside it. */
export type PagedBody<T> = {
  statusCode: number;
  data: T[];
  message: string;
  success: true;
} & PageInfo;
