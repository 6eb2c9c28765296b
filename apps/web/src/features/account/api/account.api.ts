import type { ChangePassword, UpdateAccount } from '@rips/shared/account';
import type { Role, SelfUser, Session } from '@rips/shared/users';
import { api } from '@/lib/api-client';

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

export function updateAccount(input: UpdateAccount) {
  return api.patch<{ user: SelfUser; roles: Role }>('/users/update-account', input);
}

/** Answers a fresh session: every other session of the account has just been signed out. */
export function changePassword(input: ChangePassword) {
  return api.post<Session>('/users/change-password', input);
}
