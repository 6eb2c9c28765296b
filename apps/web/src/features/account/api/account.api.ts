import type { ChangePassword, UpdateAccount, UpdateAccountResult } from '@rips/shared/account';
import type { Role, SelfUser, Session } from '@rips/shared/users';
import { api, request } from '@/lib/api-client';

export interface UpdateProfileInput {
  fullName: string;
  userName: string;
  /** Null keeps the current avatar (docs/decisions/0004-profile-avatar-optional.md). */
  avatar: File | null;
}

export function updateProfile(input: UpdateProfileInput, onProgress?: (fraction: number) => void) {
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

/**
 * The confirm button of the page the emailed link opens. A browser signed in to the same account
 * gets a fresh session back (the change revokes every token); any other gets null.
 */
export function confirmEmailChange(token: string) {
  return request<{ userId: string; session: Session | null }>('/users/confirm-email', {
    method: 'POST',
    body: { token },
    expireOnUnauthorized: false,
  });
}

/** Answers a fresh session: every other session of the account has just been signed out. */
export function changePassword(input: ChangePassword) {
  return api.post<Session>('/users/change-password', input);
}
