import type { ContactMessage } from '@rips/shared/contact';
import { request } from '@/lib/api-client';

export function sendContactMessage(input: ContactMessage) {
  return request<Record<string, never>>('/contact', { method: 'POST', body: input });
}
