import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { TributeKind } from '@/config/tribute-kinds';
import type { ListPage } from '@/lib/api-client';
import { createTribute, removeTribute, tributeKeys, type TributeItems } from './tributes.api';

/*
 * Leaving and removing items, each with the change to its list: the spec has a new item
 * prepended to the list on screen, and a removed one leaves it at once.
 */

type Pages<T> = InfiniteData<ListPage<T>, string | undefined>;

export interface LeaveTribute {
  postId: string;
  body: FormData | object;
  onProgress?: (fraction: number) => void;
}

export function useLeaveTribute<K extends TributeKind>(kind: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, onProgress }: LeaveTribute) => createTribute(kind, body, onProgress),
    onSuccess: (item, { postId }) => {
      queryClient.setQueryData<Pages<TributeItems[K]>>(
        tributeKeys.list(kind, postId),
        (current) => {
          if (!current || current.pages.length === 0) {
            return { pages: [{ items: [item], nextCursor: null }], pageParams: [undefined] };
          }
          const [first, ...rest] = current.pages;
          return { ...current, pages: [{ ...first!, items: [item, ...first!.items] }, ...rest] };
        },
      );
      // A list with a tally (candles: burning now, ever lit) is counted again by the server.
      if (kind === 'candles') {
        void queryClient.invalidateQueries({ queryKey: tributeKeys.list(kind, postId) });
      }
    },
  });
}

export function useRemoveTribute(kind: TributeKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: { _id: string; postId: string }) => removeTribute(kind, item._id),
    onSuccess: (_result, item) => {
      queryClient.setQueryData<Pages<{ _id: string }>>(
        tributeKeys.list(kind, item.postId),
        (current) =>
          current && {
            ...current,
            pages: current.pages.map((page) => ({
              ...page,
              items: page.items.filter((entry) => entry._id !== item._id),
            })),
          },
      );
    },
  });
}
