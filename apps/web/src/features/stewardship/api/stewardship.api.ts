import type { MemorialSettings } from '@rips/shared/memorials';
import type {
  AccessRequest,
  AccessSummary,
  ActivityEntry,
  CreateInvitation,
  GrantableRole,
  InvitationAccepted,
  ModerationAction,
  ModerationQueue,
  MyStewardship,
  PendingInvitation,
  PendingTributes,
  People,
  UpdateSettings,
} from '@rips/shared/stewardship';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, request } from '@/lib/api-client';
import { memorialChange } from '@/lib/memorial-changes';
import { clearSession } from '@/lib/session';

/*
 * A memorial's stewardship calls: settings, people, invitations, moderation, activity, ownership,
 * and the member's own part in them. Type-only imports keep zod out of the pages' bundles.
 */

const post = (id: string) => `/posts/${encodeURIComponent(id)}`;

/** Keyed under `memorials`, so a change of viewer refetches them with the memorial answers. */
export const stewardshipKeys = {
  all: ['memorials', 'stewardship'] as const,
  people: (id: string) => ['memorials', 'stewardship', 'people', id] as const,
  moderation: (id: string) => ['memorials', 'stewardship', 'moderation', id] as const,
  activity: (id: string) => ['memorials', 'stewardship', 'activity', id] as const,
  accessRequests: (id: string) => ['memorials', 'stewardship', 'access', id] as const,
  accessSummary: (id: string) => ['memorials', 'stewardship', 'access-summary', id] as const,
  mine: () => ['memorials', 'stewardship', 'mine'] as const,
  pending: () => ['memorials', 'stewardship', 'pending'] as const,
};

export const peopleQuery = (id: string) =>
  queryOptions({
    queryKey: stewardshipKeys.people(id),
    queryFn: ({ signal }) => api.get<People>(`${post(id)}/people`, { signal }),
  });

export const moderationQuery = (id: string) =>
  queryOptions({
    queryKey: stewardshipKeys.moderation(id),
    queryFn: ({ signal }) => api.get<ModerationQueue>(`${post(id)}/moderation`, { signal }),
  });

export const activityQuery = (id: string) =>
  queryOptions({
    queryKey: stewardshipKeys.activity(id),
    queryFn: ({ signal }) =>
      api.page<ActivityEntry>(`${post(id)}/activity`, { query: { limit: 100 }, signal }),
  });

export const accessRequestsQuery = (id: string) =>
  queryOptions({
    queryKey: stewardshipKeys.accessRequests(id),
    queryFn: ({ signal }) => api.get<AccessRequest[]>(`${post(id)}/access-requests`, { signal }),
  });

/** What an outsider of a private memorial that takes requests may know: its name. */
export const accessSummaryQuery = (id: string) =>
  queryOptions({
    queryKey: stewardshipKeys.accessSummary(id),
    queryFn: ({ signal }) => api.get<AccessSummary>(`${post(id)}/access`, { signal }),
  });

/** The tributes waiting for the member's approval (the menu's count); moderating refreshes it. */
export const pendingTributesQuery = queryOptions({
  queryKey: stewardshipKeys.pending(),
  queryFn: ({ signal }) => api.get<PendingTributes>('/users/me/pending-tributes', { signal }),
  staleTime: 60_000,
});

export const myStewardshipQuery = queryOptions({
  queryKey: stewardshipKeys.mine(),
  queryFn: ({ signal }) => api.get<MyStewardship>('/users/me/stewardship', { signal }),
});

/** Every change refreshes the memorial (its settings and abilities) and the stewardship lists. */
function useStewardshipMutation<I, O>(
  run: (input: I) => Promise<O>,
  meta?: Record<string, unknown>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    ...(meta ? { meta } : {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['memorials'] }),
  });
}

export const useUpdateSettings = (id: string) =>
  useStewardshipMutation((body: UpdateSettings) =>
    api.patch<MemorialSettings>(`${post(id)}/settings`, body),
  );

export const useInvite = (id: string) =>
  useStewardshipMutation((body: CreateInvitation) => api.post(`${post(id)}/invitations`, body));

/** Withdraws a pending invitation: its link stops working. */
export const useWithdrawInvitation = (id: string) =>
  useStewardshipMutation((invitationId: string) =>
    api.delete(`${post(id)}/invitations/${encodeURIComponent(invitationId)}`),
  );

/** Sends a pending invitation again, with a new link; the old one stops working. */
export const useResendInvitation = (id: string) =>
  useStewardshipMutation((invitationId: string) =>
    api.post<PendingInvitation>(
      `${post(id)}/invitations/${encodeURIComponent(invitationId)}/resend`,
    ),
  );

export const useChangeRole = (id: string) =>
  useStewardshipMutation(({ userId, role }: { userId: string; role: GrantableRole }) =>
    api.patch<People>(`${post(id)}/people/${encodeURIComponent(userId)}`, { role }),
  );

export const useRemovePerson = (id: string) =>
  useStewardshipMutation((userId: string) =>
    api.delete(`${post(id)}/people/${encodeURIComponent(userId)}`),
  );

/** A hidden, shown, approved or deleted item leaves or joins the memorial page's lists at once. */
export const useModerate = (id: string) =>
  useStewardshipMutation(
    (body: ModerationAction) => api.post(`${post(id)}/moderation`, body),
    memorialChange(() => ({ change: 'tributes', memorialId: id })),
  );

export const useDecideAccess = (id: string) =>
  useStewardshipMutation(({ requestId, action }: { requestId: string; action: string }) =>
    api.post(`${post(id)}/access-requests/${encodeURIComponent(requestId)}`, { action }),
  );

/**
 * Asking to see a private memorial. The answer is the memorial's new summary (the memorial itself
 * is not fetched again: its page would go back to loading). A conflict (asked already, or already
 * one of its people) fetches both again, so the page says which.
 */
export function useRequestAccess(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { message: string }) =>
      api.post<AccessSummary>(`${post(id)}/access-requests`, body),
    onSuccess: (summary) => queryClient.setQueryData(stewardshipKeys.accessSummary(id), summary),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: ['memorials'] });
      }
    },
  });
}

export const useOfferTransfer = (id: string) =>
  useStewardshipMutation((userId: string) => api.post(`${post(id)}/transfer`, { userId }));

export const useSetSuccessor = (id: string) =>
  useStewardshipMutation((userId: string | null) => api.put(`${post(id)}/successor`, { userId }));

/** The owner withdraws the ownership offer waiting on the memorial. */
export const useWithdrawTransfer = (id: string) =>
  useStewardshipMutation(() => api.delete(`${post(id)}/transfer`));

export const useAcceptTransfer = (id: string) =>
  useStewardshipMutation(() =>
    api.post<{ postId: string; title: string }>(`${post(id)}/transfer/accept`),
  );

/** The offered member declines the offer; its owner is told. */
export const useDeclineTransfer = (id: string) =>
  useStewardshipMutation(() => api.post(`${post(id)}/transfer/decline`));

/** The token travels in the body, never in a path a log or a proxy keeps. */
export const useAcceptInvitation = () =>
  useStewardshipMutation((token: string) =>
    api.post<InvitationAccepted>('/invitations/accept', { token }),
  );

export interface AccountDeleted {
  passedOn: { postId: string; title: string; to: string }[];
}

/**
 * `onDeleted` runs (and its navigation ends) before the session is cleared, so the page leaves first (the profile would
 * otherwise send the signed-out visitor to the login page); the session is cleared even when the
 * page is gone by the time the answer comes.
 */
export function useDeleteAccount(onDeleted: (result: AccountDeleted) => Promise<void> | void) {
  return useMutation({
    mutationFn: (currentPassword: string) =>
      request<AccountDeleted>('/users/me', {
        method: 'DELETE',
        body: { currentPassword },
      }).then((r) => r.data),
    onSuccess: async (result) => {
      try {
        await onDeleted(result);
      } finally {
        clearSession();
      }
    },
  });
}
