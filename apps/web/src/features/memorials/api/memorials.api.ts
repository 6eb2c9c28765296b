import type {
  ContributorAdded,
  ContributorRemoved,
  LikeState,
  MemberOption,
  MemorialDetail,
  MemorialSummary,
} from '@rips/shared/memorials';
import type { Role, SelfUser } from '@rips/shared/users';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, type ListPage } from '@/lib/api-client';

/*
 * Calls of the memorial screens. Type-only imports from the shared package keep zod out of the
 * page bundles; the server validates every field again anyway.
 */

export type MemorialListPage = ListPage<MemorialSummary>;

/**
 * Small pages: `limit` is always sent, since GET /posts without paging parameters answers up to
 * 500 memorials at once (for the spec's client, which searches in the browser).
 */
const PAGE_SIZE = 12;

export function listMemorials(
  q: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<MemorialListPage> {
  return api.page<MemorialSummary>('/posts', {
    query: { q: q.trim(), cursor, limit: PAGE_SIZE },
    signal,
  });
}

export function getMemorial(id: string, signal?: AbortSignal) {
  return api.get<MemorialDetail>(`/posts/post/${encodeURIComponent(id)}`, { signal });
}

export function createMemorial(form: FormData, onProgress?: (fraction: number) => void) {
  return api.post<MemorialDetail>('/posts', form, { onProgress });
}

export function updateMemorial(
  id: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
) {
  return api.patch<MemorialDetail>(`/posts/${encodeURIComponent(id)}`, form, { onProgress });
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

export const memorialKeys = {
  all: ['memorials'] as const,
  list: (q: string) => ['memorials', 'list', q] as const,
  detail: (id: string) => ['memorials', 'detail', id] as const,
  members: (q: string) => ['members', q] as const,
  contributors: (id: string) => ['memorials', 'contributors', id] as const,
};

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
