import type { MemorialDetail, MemorialSummary } from '@rips/shared/memorials';
import { api } from '@/lib/api-client';

/* The profile's memorial calls: the member's own Rips and the ones they contribute to. */

export function listOwnMemorials(signal?: AbortSignal) {
  return api.get<MemorialSummary[]>('/posts/get-sponsor-post', { signal });
}

export function listContributedMemorials(signal?: AbortSignal) {
  return api.get<MemorialSummary[]>('/posts/get-contributer-post', { signal });
}

/** The inline form's update (PATCH, multipart: title, description, optional postImg). */
export function patchMemorial(id: string, form: FormData) {
  return api.patch<MemorialDetail>(`/posts/${encodeURIComponent(id)}`, form);
}

/** The alternate update form's call (PUT, form data). */
export function putMemorial(id: string, form: FormData) {
  return api.put<MemorialDetail>(`/posts/${encodeURIComponent(id)}`, form);
}

export function deleteMemorial(id: string) {
  return api.delete<{ _id: string }>(`/posts/${encodeURIComponent(id)}`);
}

export const profileMemorialKeys = {
  own: (userId: string) => ['memorials', 'own', userId] as const,
  contributed: (userId: string) => ['memorials', 'contributed', userId] as const,
};

export function likedByText(count: number): string {
  return `this post has been liked by ${count} people!`;
}
