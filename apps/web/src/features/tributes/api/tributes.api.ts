import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Memorablia, MemorialDocument, Photo } from '@rips/shared/galleries';
import type { Flower, Prayer } from '@rips/shared/tributes';
import { api, type ListPage } from '@/lib/api-client';

/** The five kinds of things left on a memorial, by their API path segment. */
export type TributeKind = 'flowers' | 'prayers' | 'photos' | 'memorablias' | 'documents';

export interface TributeItems {
  flowers: Flower;
  prayers: Prayer;
  photos: Photo;
  memorablias: Memorablia;
  documents: MemorialDocument;
}

const PAGE_SIZE = 24;

export const tributeKeys = {
  all: (postId: string) => ['tributes', postId] as const,
  list: (kind: TributeKind, postId: string) => ['tributes', postId, kind] as const,
};

/** One kind of tribute on a memorial, newest first, a page at a time. */
export const tributeListQuery = <K extends TributeKind>(kind: K, postId: string) =>
  infiniteQueryOptions({
    queryKey: tributeKeys.list(kind, postId),
    queryFn: ({ pageParam, signal }) =>
      api.page<TributeItems[K]>(`/${kind}/post/${encodeURIComponent(postId)}`, {
        query: { limit: PAGE_SIZE, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useTributeList<K extends TributeKind>(kind: K, postId: string, enabled = true) {
  return useInfiniteQuery({ ...tributeListQuery(kind, postId), enabled });
}

/** Puts a new item at the top of its list at once (the spec: adding prepends). */
export function usePrependTribute() {
  const queryClient = useQueryClient();
  return useCallback(
    <K extends TributeKind>(kind: K, postId: string, item: TributeItems[K]) => {
      queryClient.setQueryData<InfiniteData<ListPage<TributeItems[K]>, string | undefined>>(
        tributeKeys.list(kind, postId),
        (current) => {
          if (!current || current.pages.length === 0) {
            return { pages: [{ items: [item], nextCursor: null }], pageParams: [undefined] };
          }
          const [first, ...rest] = current.pages;
          return { ...current, pages: [{ ...first!, items: [item, ...first!.items] }, ...rest] };
        },
      );
    },
    [queryClient],
  );
}

type Progress = (fraction: number) => void;

async function create<K extends TributeKind>(
  kind: K,
  body: FormData | object,
  onProgress?: Progress,
) {
  // The new item is the body's `data`.
  return api.post<TributeItems[K]>(`/${kind}`, body, onProgress ? { onProgress } : {});
}

export const leaveFlower = (form: FormData, onProgress?: Progress) =>
  create('flowers', form, onProgress);
export const sayPrayer = (postId: string, prayerText: string) =>
  create('prayers', { postId, prayerText });
export const addPhoto = (form: FormData, onProgress: Progress) =>
  create('photos', form, onProgress);
export const addMemorablia = (form: FormData, onProgress: Progress) =>
  create('memorablias', form, onProgress);
export const addDocument = (form: FormData, onProgress: Progress) =>
  create('documents', form, onProgress);

/** Memorials to choose from on /add-flower when no postId is given. */
export interface MemorialChoice {
  _id: string;
  title: string;
}

export function listMemorialChoices(signal?: AbortSignal) {
  return api.get<MemorialChoice[]>('/posts', { query: { limit: 48 }, signal });
}

export function getMemorialTitle(postId: string, signal?: AbortSignal) {
  return api.get<MemorialChoice>(`/posts/post/${encodeURIComponent(postId)}`, { signal });
}

/**
 * Fetches a document through its signed link and saves it under its real name and type.
 * Throws on any failure so the caller can say so.
 */
export async function downloadDocument(document: MemorialDocument): Promise<void> {
  const response = await fetch(document.documentFile, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Download failed with ${response.status}`);
  const blob = await response.blob();
  const url = URL.createObjectURL(new Blob([blob], { type: document.mimeType }));
  try {
    const link = window.document.createElement('a');
    link.href = url;
    link.download = document.fileName;
    link.rel = 'noopener';
    window.document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the save before the blob goes away.
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

export function removeTribute(kind: TributeKind, id: string) {
  return api.delete<Record<string, never>>(`/${kind}/${encodeURIComponent(id)}`);
}

/** Takes a removed item out of its list at once. */
export function useForgetTribute() {
  const queryClient = useQueryClient();
  return useCallback(
    (kind: TributeKind, postId: string, id: string) => {
      queryClient.setQueryData<InfiniteData<ListPage<{ _id: string }>, string | undefined>>(
        tributeKeys.list(kind, postId),
        (current) =>
          current && {
            ...current,
            pages: current.pages.map((page) => ({
              ...page,
              items: page.items.filter((item) => item._id !== id),
            })),
          },
      );
    },
    [queryClient],
  );
}
