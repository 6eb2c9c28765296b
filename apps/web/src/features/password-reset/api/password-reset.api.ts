import type { ForgotPassword, ResetPasswordConfirm } from '@rips/shared/account';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { clearSession, getSession } from '@/lib/session';

/** The answer's message is shown as it is (docs/product.md §8), so the whole envelope comes back. */
export function requestPasswordReset(input: ForgotPassword) {
  return request<Record<string, never>>('/users/forgot-password', { method: 'POST', body: input });
}

/** The submit of the form the emailed link opens; opening the link alone sends nothing. */
export function confirmPasswordReset(input: ResetPasswordConfirm) {
  return request<{ userId: string }>('/users/reset-password/confirm', {
    method: 'POST',
    body: input,
    expireOnUnauthorized: false,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/** Every session of that account has just been revoked: this browser's ends if it is one. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: confirmPasswordReset,
    onSuccess: ({ data }) => {
      if (getSession()?.user._id === data.userId) clearSession();
    },
  });
}
