import type { ContactMessage } from '@rips/shared/contact';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

export function sendContactMessage(input: ContactMessage) {
  return request<Record<string, never>>('/contact', { method: 'POST', body: input });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
