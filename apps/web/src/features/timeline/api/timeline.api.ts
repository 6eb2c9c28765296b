import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Charity, CreateMoment, Moment, UpdateCharities } from '@rips/shared/timeline';
import { api } from '@/lib/api-client';

/** A memorial's life timeline and its charities in lieu of flowers: keys, queries, mutations. */
export const timelineKeys = {
  moments: (postId: string) => ['timeline', postId, 'moments'] as const,
  charities: (postId: string) => ['timeline', postId, 'charities'] as const,
};

export const timelineQuery = (postId: string) =>
  queryOptions({
    queryKey: timelineKeys.moments(postId),
    queryFn: ({ signal }) =>
      api.get<Moment[]>(`/timeline/post/${encodeURIComponent(postId)}`, { signal }),
  });

export const charitiesQuery = (postId: string) =>
  queryOptions({
    queryKey: timelineKeys.charities(postId),
    queryFn: ({ signal }) =>
      api.get<Charity[]>(`/charities/post/${encodeURIComponent(postId)}`, { signal }),
  });

/** Adds (or suggests) a moment, or changes one when `id` is given. */
export function useSaveMoment(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: Omit<CreateMoment, 'postId'> }) =>
      id
        ? api.patch<Moment>(`/timeline/${encodeURIComponent(id)}`, body)
        : api.post<Moment>('/timeline', { ...body, postId }),
    onSuccess: () => client.invalidateQueries({ queryKey: timelineKeys.moments(postId) }),
  });
}

/** Approves or declines a suggestion, or removes a moment. */
export function useMomentAction(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'approve' | 'decline' | 'remove' }) =>
      action === 'remove'
        ? api.delete<null>(`/timeline/${encodeURIComponent(id)}`)
        : api.post<unknown>(`/timeline/${encodeURIComponent(id)}/${action}`),
    onSuccess: () => client.invalidateQueries({ queryKey: timelineKeys.moments(postId) }),
  });
}

export function useSaveCharities(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCharities) =>
      api.put<Charity[]>(`/posts/${encodeURIComponent(postId)}/charities`, body),
    onSuccess: (list) => client.setQueryData(timelineKeys.charities(postId), list),
  });
}
