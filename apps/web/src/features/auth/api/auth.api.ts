import type { Login, Role, SelfUser, Session } from '@rips/shared/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';
import { startSession } from '@/lib/session';

/** Text fields of the sign-up form; the avatar travels beside them as a file. */
export interface RegisterInput {
  fullName: string;
  email: string;
  userName: string;
  password: string;
  avatar: File;
}

export const authKeys = {
  me: (userId: string | undefined) => ['auth', 'me', userId] as const,
};

export function register(input: RegisterInput, onProgress?: (fraction: number) => void) {
  const form = new FormData();
  form.set('fullName', input.fullName);
  form.set('email', input.email);
  form.set('userName', input.userName);
  form.set('password', input.password);
  form.set('avatar', input.avatar, input.avatar.name);
  return api.post<{ user: SelfUser }>('/users/register', form, { onProgress });
}

/** The login box takes a username or an email; the server looks it up as either. */
export function login({ userName, password }: Login) {
  return api.post<Session>('/users/login', { userName, password });
}

export function logout() {
  return request<unknown>('/users/logout', { method: 'POST', expireOnUnauthorized: false });
}

export function getMe(signal?: AbortSignal) {
  return api.get<{ user: SelfUser; roles: Role }>('/users/me', { signal });
}

export function useRegister() {
  return useMutation({
    mutationFn: ({ onProgress, ...input }: RegisterInput & { onProgress?: (f: number) => void }) =>
      register(input, onProgress),
  });
}

/** Signs in: the session is stored, and who the member is needs no second call. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => {
      startSession(session);
      queryClient.setQueryData(authKeys.me(session.user._id), {
        user: session.user,
        roles: session.roles,
      });
    },
  });
}
