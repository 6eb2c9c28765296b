import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateEvent,
  GuestRsvp,
  GuestRsvpPreview,
  GuestRsvpReceipt,
  MemberRsvp,
  MemorialEvent,
  RsvpList,
} from '@rips/shared/events';
import { api } from '@/lib/api-client';

/** A memorial's services and events: keys, queries, mutations. */
export const eventKeys = {
  list: (postId: string) => ['events', postId] as const,
  rsvps: (eventId: string) => ['events', 'rsvps', eventId] as const,
};

export const eventsQuery = (postId: string) =>
  queryOptions({
    queryKey: eventKeys.list(postId),
    queryFn: ({ signal }) =>
      api.get<MemorialEvent[]>(`/events/post/${encodeURIComponent(postId)}`, { signal }),
  });

export const rsvpListQuery = (eventId: string) =>
  queryOptions({
    queryKey: eventKeys.rsvps(eventId),
    queryFn: ({ signal }) =>
      api.get<RsvpList>(`/events/${encodeURIComponent(eventId)}/rsvps`, { signal }),
  });

/** Adds an event, or changes one when `id` is given. */
export function useSaveEvent(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: Omit<CreateEvent, 'postId'> }) =>
      id
        ? api.patch<MemorialEvent>(`/events/${encodeURIComponent(id)}`, body)
        : api.post<MemorialEvent>('/events', { ...body, postId }),
    onSuccess: () => client.invalidateQueries({ queryKey: eventKeys.list(postId) }),
  });
}

/** Closes the service, or removes the event. */
export function useEventAction(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'close' | 'remove' }) =>
      action === 'remove'
        ? api.delete<null>(`/events/${encodeURIComponent(id)}`)
        : api.post<MemorialEvent>(`/events/${encodeURIComponent(id)}/close`),
    onSuccess: () => client.invalidateQueries({ queryKey: eventKeys.list(postId) }),
  });
}

/** A member's answer (sending again changes it). */
export function useMemberRsvp(postId: string, eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberRsvp) =>
      api.put<MemorialEvent>(`/events/${encodeURIComponent(eventId)}/rsvp`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: eventKeys.list(postId) }),
  });
}

/** A guest's answer: counted once the emailed link is used. */
export function useGuestRsvp(eventId: string) {
  return useMutation({
    mutationFn: (body: GuestRsvp) =>
      api.post<GuestRsvpReceipt>(`/events/${encodeURIComponent(eventId)}/guest-rsvp`, body),
  });
}

export const previewGuestRsvp = (token: string) =>
  api.post<GuestRsvpPreview>('/event-rsvps/preview', { token });
export const confirmGuestRsvp = (token: string) =>
  api.post<GuestRsvpPreview>('/event-rsvps/confirm', { token });
