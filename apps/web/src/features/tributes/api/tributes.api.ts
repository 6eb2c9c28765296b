import type { MemorialDocument, UploadLimits } from '@rips/shared/galleries';
import type { KindItem } from '@rips/shared/kind-schemas';
import type { MemorialAbilities } from '@rips/shared/memorials';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { TributeKind } from '@/config/tribute-kinds';
import { api, request, type ListPage } from '@/lib/api-client';
import { tributeKeys } from './tribute-keys';
import type { PageInfo } from '@rips/shared/pagination';
import type { CandleTally } from '@rips/shared/tributes';
import type {
  GuestClaimed,
  GuestTributeConfirmed,
  GuestTributePreview,
  GuestTributeReceipt,
} from '@rips/shared/guest-tributes';

/*
 * The calls of the things left on a memorial, their cache keys and query options (route loaders
 * use the options too). Every kind has the same paths: GET /{kind}/post/{id}, POST /{kind},
 * DELETE /{kind}/{id}. The mutations, and the cache they change, are in tributes.mutations.ts.
 */

/** The item each kind's list holds: its shared item schema's (packages/shared/src/kind-schemas.ts). */
export type TributeItems = { [K in TributeKind]: KindItem<K> };
export type AnyTributeItem = TributeItems[TributeKind];

const PAGE_SIZE = 24;

export { tributeKeys };

/** What an upload may be (size and types), stated before a file is chosen; set at start-up. */
export const uploadLimitsQuery = () =>
  queryOptions({
    queryKey: tributeKeys.uploadLimits(),
    queryFn: ({ signal }) => api.get<UploadLimits>('/uploads/limits', { signal }),
    staleTime: Infinity,
  });

/**
 * A page of a kind's list; the candles' carries their tally beside the items (how many burn now,
 * how many were ever lit), null for the other kinds.
 */
export type TributePage<T> = ListPage<T> & { tally?: CandleTally | null };

/** One kind of tribute on a memorial, newest first (photos: in the family's order), a page at a time. */
export const tributeListQuery = <K extends TributeKind>(kind: K, postId: string) =>
  infiniteQueryOptions({
    queryKey: tributeKeys.list(kind, postId),
    queryFn: async ({ pageParam, signal }): Promise<TributePage<TributeItems[K]>> => {
      const body = await request<TributeItems[K][], PageInfo & Partial<CandleTally>>(
        `/${kind}/post/${encodeURIComponent(postId)}`,
        { method: 'GET', query: { limit: PAGE_SIZE, cursor: pageParam }, signal },
      );
      const tally =
        typeof body.burning === 'number' && typeof body.litCount === 'number'
          ? { burning: body.burning, litCount: body.litCount }
          : null;
      return { items: body.data, nextCursor: body.nextCursor ?? null, tally };
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Leaves an item: a FormData for kinds with a file (multipart), a plain object otherwise (JSON). */
export function createTribute<K extends TributeKind>(
  kind: K,
  body: FormData | object,
  onProgress?: (fraction: number) => void,
) {
  // The new item is the body's `data`.
  return api.post<TributeItems[K]>(`/${kind}`, body, onProgress ? { onProgress } : {});
}

export function removeTribute(kind: TributeKind, id: string) {
  return api.delete<Record<string, never>>(`/${kind}/${encodeURIComponent(id)}`);
}

/** Puts the memorial's photos in the family's order: every photo's id, first to last. */
export function orderPhotos(postId: string, ids: string[]) {
  return api.put<{ ids: string[] }>(`/photos/post/${encodeURIComponent(postId)}/order`, { ids });
}

/** Memorials to choose from on /add-flower when no postId is given. */
export interface MemorialChoice {
  _id: string;
  title: string;
}

export const memorialChoicesQuery = () =>
  queryOptions({
    queryKey: tributeKeys.memorialChoices(),
    queryFn: ({ signal }) => api.get<MemorialChoice[]>('/posts', { query: { limit: 48 }, signal }),
  });

/** The memorial a flower is for: its title, and whether the viewer may leave one. */
export const memorialTitleQuery = (postId: string) =>
  queryOptions({
    queryKey: tributeKeys.memorialTitle(postId),
    queryFn: ({ signal }) =>
      api.get<MemorialChoice & { abilities?: MemorialAbilities }>(
        `/posts/post/${encodeURIComponent(postId)}`,
        { signal },
      ),
  });

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

/** A guest's tribute (decision 0103): sent without a token; it waits for the emailed link. */
export function leaveAsGuest(kind: TributeKind, body: object) {
  return api.post<GuestTributeReceipt>(`/${kind}`, body);
}

/** What an emailed guest link confirms; asking changes nothing. */
export function previewGuestTribute(token: string) {
  return api.post<GuestTributePreview>('/guest-tributes/preview', { token });
}

/** The emailed guest link's button: the tribute goes live, or to the family's approval. */
export function confirmGuestTribute(token: string) {
  return api.post<GuestTributeConfirmed>('/guest-tributes/confirm', { token });
}

/** The link mailed to a new account's address (decision 0110), used signed in: answers how many. */
export function claimGuestTributes(token: string) {
  return api.post<GuestClaimed>('/guest-tributes/claim', { token });
}
