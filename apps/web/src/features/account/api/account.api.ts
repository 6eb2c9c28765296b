import { downloadFromApi } from '@/lib/download';
import type {
  AccountState,
  CancelEmailChange,
  ChangePassword,
  ConfirmEmailChange,
  UpdateAccount,
  UpdateAccountResult,
} from '@rips/shared/account';
import type { Role, SelfUser, Session } from '@rips/shared/users';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';
import { clearSession, getSession, startSession, updateSession } from '@/lib/session';

/*
 * The member's own account. Each change keeps the stored session true: the account as it now
 * is, or a fresh session where the change signed every other one out.
 */

export interface UpdateProfileInput {
  fullName: string;
  userName: string;
  /** Null keeps the current avatar (docs/decisions/0004-profile-avatar-optional.md). */
  avatar: File | null;
  onProgress?: (fraction: number) => void;
}

export function updateProfile({ onProgress, ...input }: UpdateProfileInput) {
  const form = new FormData();
  form.set('fullName', input.fullName);
  form.set('userName', input.userName);
  if (input.avatar) form.set('avatar', input.avatar, input.avatar.name);
  return api.post<{ user: SelfUser; roles: Role }>('/users/update-profile', form, { onProgress });
}

/** The whole envelope: its message says plainly whether a confirmation link was sent. */
export function updateAccount(input: UpdateAccount) {
  return request<UpdateAccountResult>('/users/update-account', { method: 'PATCH', body: input });
}

export const accountKeys = {
  state: (userId: string) => ['account', 'state', userId] as const,
};

/** The account as it is now, with the new email that waits for its link (decision 0088). */
export const accountStateQuery = (userId: string) =>
  queryOptions({
    queryKey: accountKeys.state(userId),
    queryFn: ({ signal }) => api.get<AccountState>('/users/me', { signal }),
  });

/**
 * The confirm button of the page the emailed link opens, with the account's current password. A
 * browser signed in to the same account gets a fresh session back (the change revokes every
 * token); any other gets null.
 */
export function confirmEmailChange(input: ConfirmEmailChange) {
  return request<{ userId: string; session: Session | null }>('/users/confirm-email', {
    method: 'POST',
    body: input,
    expireOnUnauthorized: false,
  });
}

/** "This was not me": cancels the pending change and signs out every session of the account. */
export function cancelEmailChange(input: CancelEmailChange) {
  return request<{ userId: string }>('/users/cancel-email-change', {
    method: 'POST',
    body: input,
    expireOnUnauthorized: false,
  });
}

/** Answers a fresh session: every other session of the account has just been signed out. */
export function changePassword(input: ChangePassword) {
  return api.post<Session>('/users/change-password', input);
}

export function useUpdateProfile() {
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user, roles }) => updateSession({ user, roles }),
  });
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: ({ data }) => {
      updateSession({ user: data.user, roles: data.roles });
      queryClient.setQueryData(accountKeys.state(data.user._id), data);
    },
  });
}

/** The old token was just revoked: this tab stays signed in with the fresh one. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, onSuccess: startSession });
}

/**
 * Every token of the account was revoked: this browser keeps its session with the fresh one when
 * it is the same account, and otherwise ends its session if it was one of them.
 */
export function useConfirmEmailChange() {
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: ({ data: { userId, session } }) => {
      if (session) startSession(session);
      else if (getSession()?.user._id === userId) clearSession();
    },
  });
}

/** Every session of the account ended: this browser's too, when it was signed in to it. */
export function useCancelEmailChange() {
  return useMutation({
    mutationFn: cancelEmailChange,
    onSuccess: ({ data: { userId } }) => {
      if (getSession()?.user._id === userId) clearSession();
    },
  });
}

/** Saves everything the member gave the site: profile, Life Legacy, tributes, their memorials. */
export function downloadMyData() {
  return downloadFromApi('/users/me/export', 'my-data.zip');
}

/** Data too large to download at once: the server builds it and emails a link; answers what it says. */
export async function requestMyData(): Promise<string> {
  const answer = await request<{ queued: true }>('/users/me/export', { method: 'POST' });
  return answer.message;
}
