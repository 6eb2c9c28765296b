import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Reminder, SaveReminder } from '@rips/shared/reminders';
import { api } from '@/lib/api-client';

/** A member's own anniversary reminders (decision 0116): keys, queries, mutations. */
export const reminderKeys = {
  all: ['reminders'] as const,
  one: (postId: string) => ['reminders', postId] as const,
};

export const reminderQuery = (postId: string) =>
  queryOptions({
    queryKey: reminderKeys.one(postId),
    queryFn: ({ signal }) =>
      api.get<Reminder>(`/reminders/post/${encodeURIComponent(postId)}`, { signal }),
  });

export const remindersQuery = () =>
  queryOptions({
    queryKey: reminderKeys.all,
    queryFn: ({ signal }) => api.get<Reminder[]>('/reminders', { signal }),
  });

export function useSaveReminder(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveReminder) =>
      api.put<Reminder>(`/reminders/post/${encodeURIComponent(postId)}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: reminderKeys.all }),
  });
}

export function useStopReminder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) =>
      api.delete<null>(`/reminders/post/${encodeURIComponent(postId)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: reminderKeys.all }),
  });
}
