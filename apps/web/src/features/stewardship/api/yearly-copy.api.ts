import type { CopySettings } from '@rips/shared/yearly-copies';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A memorial's yearly copy (decision 0126): the caller's own switch and the family's addresses. */
const path = (id: string) => `/posts/${encodeURIComponent(id)}/yearly-copy`;
const key = (id: string) => ['yearly-copy', id] as const;

export const yearlyCopyQuery = (id: string) =>
  queryOptions({
    queryKey: key(id),
    queryFn: ({ signal }) => api.get<CopySettings>(path(id), { signal }),
  });

function useCopyMutation<V>(id: string, call: (v: V) => Promise<CopySettings>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (data) => client.setQueryData(key(id), data),
  });
}

export const useSendToMe = (id: string) =>
  useCopyMutation(id, (sendToMe: boolean) => api.put<CopySettings>(path(id), { sendToMe }));

export const useAddCopyAddress = (id: string) =>
  useCopyMutation(id, (email: string) =>
    api.post<CopySettings>(`${path(id)}/addresses`, { email }),
  );

export const useRemoveCopyAddress = (id: string) =>
  useCopyMutation(id, (addressId: string) =>
    api.delete<CopySettings>(`${path(id)}/addresses/${encodeURIComponent(addressId)}`),
  );

/** The emailed link's page confirms the address (no sign-in). */
export const useConfirmCopyAddress = () =>
  useMutation({
    mutationFn: (token: string) => api.post<{ title: string }>('/yearly-copy/confirm', { token }),
  });
