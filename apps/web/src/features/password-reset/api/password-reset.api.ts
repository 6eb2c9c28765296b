import type { ForgotPassword } from '@rips/shared/account';
import { request } from '@/lib/api-client';

/** The answer's message is shown as it is (spec section 8), so the whole envelope comes back. */
export function requestPasswordReset(input: ForgotPassword) {
  return request<Record<string, never>>('/users/forgot-password', { method: 'POST', body: input });
}

export function confirmPasswordReset(token: string) {
  return request<{ userId: string }>('/users/reset-password/confirm', {
    method: 'POST',
    body: { token },
    expireOnUnauthorized: false,
  });
}
