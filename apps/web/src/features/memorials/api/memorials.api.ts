import type { ImportJob, ImportStarted } from '@rips/shared/archives';
import { downloadFromApi } from '@/lib/download';
import type {
  ContributorAdded,
  ContributorRemoved,
  LikeState,
  MemberOption,
  MemorialDetail,
  MemorialPage,
  MemorialSummary,
  PosterSize,
  ShortLinkTarget,
} from '@rips/shared/memorials';
import type { Role, SelfUser } from '@rips/shared/users';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, request, requestFile, type ListPage } from '@/lib/api-client';
import { memorialKeys } from './memorial-keys';

/*
 * The memorial calls, their cache keys and query options (route loaders use the options too).
 * Type-only imports from the shared package keep zod out of the page bundles; the server
 * validates every field again anyway. The mutations, and the cache they refresh, are in
 * memorials.mutations.ts.
 */

/** A page of the memorial list; a search that found nothing also names the nearest memorials. */
export type MemorialListPage = ListPage<MemorialSummary> & { suggestions: string[] };

/**
 * Small pages: `limit` is always sent, since GET /posts without paging parameters answers up to
 * 500 memorials at once (for the spec's client, which searches in the browser).
 */
const PAGE_SIZE = 12;

/**
 * Every memorial answer is keyed under `memorials`: a member's own view of them (likes, rights)
 * differs from a visitor's, so they are refetched together when the viewer changes.
 */
export { memorialKeys };

export async function listMemorials(
  q: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<MemorialListPage> {
  const body = await request<MemorialSummary[], Pick<MemorialPage, 'nextCursor' | 'suggestions'>>(
    '/posts',
    { method: 'GET', query: { q: q.trim(), cursor, limit: PAGE_SIZE }, signal },
  );
  return {
    items: body.data,
    nextCursor: body.nextCursor ?? null,
    suggestions: body.suggestions ?? [],
  };
}

export function getMemorial(id: string, signal?: AbortSignal) {
  return api.get<MemorialDetail>(`/posts/post/${encodeURIComponent(id)}`, { signal });
}

type Progress = (fraction: number) => void;

/** Saves the memorial's whole archive (its owner's): a ZIP that opens without this site. */
export function downloadMemorialArchive(id: string) {
  return downloadFromApi(`/posts/${encodeURIComponent(id)}/export`, 'memorial.zip');
}

/** A memorial too large to download at once: its archive is built and its link emailed. */
export async function requestMemorialArchive(id: string): Promise<string> {
  const answer = await request<{ queued: true }>(`/posts/${encodeURIComponent(id)}/export`, {
    method: 'POST',
  });
  return answer.message;
}

/** Starts recreating a memorial from an archive, owned by the caller (a sponsor): a job. */
export function importMemorial(body: FormData, onProgress?: Progress) {
  return api.post<ImportStarted>('/imports', body, { onProgress });
}

/** How often an import's progress is asked for while it is queued or running. */
export const IMPORT_POLL_MS = 1000;

/** Where the caller's import stands; asked again every second until it is done or failed. */
export function importJobQuery(jobId: string) {
  return queryOptions({
    queryKey: memorialKeys.importJob(jobId),
    queryFn: () => api.get<ImportJob>(`/imports/${encodeURIComponent(jobId)}`),
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'done' || state === 'failed' ? false : IMPORT_POLL_MS;
    },
  });
}

export function createMemorial(body: FormData, onProgress?: Progress) {
  return api.post<MemorialDetail>('/posts', body, { onProgress });
}

/** The Edit Rip modal and the profile's inline form (PATCH, multipart). */
export function updateMemorial(id: string, body: FormData, onProgress?: Progress) {
  return api.patch<MemorialDetail>(`/posts/${encodeURIComponent(id)}`, body, { onProgress });
}

/** The alternate update form's call (PUT, form data). */
export function replaceMemorial(id: string, body: FormData) {
  return api.put<MemorialDetail>(`/posts/${encodeURIComponent(id)}`, body);
}

export function deleteMemorial(id: string) {
  return api.delete<{ _id: string }>(`/posts/${encodeURIComponent(id)}`);
}

export function setLike(id: string, liked: boolean) {
  const path = `/posts/${encodeURIComponent(id)}/like`;
  return liked ? api.put<LikeState>(path) : api.delete<LikeState>(path);
}

export function searchMembers(q: string, signal?: AbortSignal) {
  return api.get<MemberOption[]>('/users/normal', { query: { q: q.trim(), limit: 20 }, signal });
}

export function addContributor(userId: string, postId: string) {
  return api.patch<ContributorAdded>(`/users/${encodeURIComponent(userId)}/roles`, {
    postId,
    userId,
  });
}

/** The contributors of a memorial with their names (its owner or an admin only). */
export function listContributors(postId: string, signal?: AbortSignal) {
  return api.get<MemberOption[]>(`/posts/${encodeURIComponent(postId)}/contributors`, { signal });
}

export function removeContributor(postId: string, userId: string) {
  return api.delete<ContributorRemoved>(
    `/posts/${encodeURIComponent(postId)}/contributors/${encodeURIComponent(userId)}`,
  );
}

export function becomeSponsor() {
  return api.patch<{ user: SelfUser; roles: Role }>('/users/become-sponsor');
}

/** The memorial list for a search (empty for all), newest first, a page at a time. */
export const memorialListQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: memorialKeys.list(q),
    queryFn: ({ pageParam, signal }) => listMemorials(q, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const memorialQuery = (id: string) =>
  queryOptions({
    queryKey: memorialKeys.detail(id),
    queryFn: ({ signal }) => getMemorial(id, signal),
  });

/** Keyed by the contributor ids too, so the names follow the memorial's list when it changes. */
export const contributorsQuery = (postId: string, ids: string[]) =>
  queryOptions({
    queryKey: [...memorialKeys.contributors(postId), ids.join(',')] as const,
    queryFn: ({ signal }) => listContributors(postId, signal),
  });

export const membersQuery = (q: string) =>
  queryOptions({
    queryKey: memorialKeys.members(q.trim()),
    queryFn: ({ signal }) => searchMembers(q, signal),
    staleTime: 60_000,
  });

/** The member's own Rips ('Your Rips'). */
export const ownMemorialsQuery = (userId: string) =>
  queryOptions({
    queryKey: memorialKeys.own(userId),
    queryFn: ({ signal }) => api.get<MemorialSummary[]>('/posts/get-sponsor-post', { signal }),
  });

/** The Rips the member contributes to ('Your Contributor'). */
export const contributedMemorialsQuery = (userId: string) =>
  queryOptions({
    queryKey: memorialKeys.contributed(userId),
    queryFn: ({ signal }) => api.get<MemorialSummary[]>('/posts/get-contributer-post', { signal }),
  });

/** The memorial's QR code (SVG to show, PNG to save) and its printable poster. */
export const qrCodeQuery = (id: string, shortUrl: string) =>
  queryOptions({
    queryKey: memorialKeys.qrCode(id, shortUrl),
    queryFn: () => getQrCode(id, 'svg'),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function getQrCode(id: string, format: 'svg' | 'png'): Promise<Blob> {
  return requestFile(`/posts/${encodeURIComponent(id)}/qr.${format}`);
}

export function getPoster(id: string, size: PosterSize): Promise<Blob> {
  return requestFile(`/posts/${encodeURIComponent(id)}/poster.pdf`, { size });
}

/** The printable memorial book (PDF/A), for those its `book` ability allows (decision 0124). */
export function getMemorialBook(id: string, size: PosterSize): Promise<Blob> {
  return requestFile(`/posts/${encodeURIComponent(id)}/book.pdf`, { size });
}

export const shortLinkQuery = (code: string) =>
  queryOptions({
    queryKey: memorialKeys.shortLink(code),
    queryFn: ({ signal }) =>
      api.get<ShortLinkTarget>(`/posts/short/${encodeURIComponent(code)}`, { signal }),
    retry: false,
  });
