import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminMemorial,
  AdminTribute,
  AdminUser,
  Paged,
  TributeKind,
} from '@rips/shared/admin';
import { api, request } from '@/lib/api-client';

export const adminKeys = {
  all: ['admin'] as const,
  users: (search: string, page: number) => ['admin', 'users', search, page] as const,
  memorials: (search: string, page: number) => ['admin', 'memorials', search, page] as const,
  tributes: (page: number) => ['admin', 'tributes', page] as const,
};

export function useAdminUsers(search: string, page: number) {
  return useQuery({
    queryKey: adminKeys.users(search, page),
    queryFn: ({ signal }) =>
      api.get<Paged<AdminUser>>('/admin/users', { query: { search, page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminMemorials(search: string, page: number) {
  return useQuery({
    queryKey: adminKeys.memorials(search, page),
    queryFn: ({ signal }) =>
      api.get<Paged<AdminMemorial>>('/admin/memorials', { query: { search, page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminTributes(page: number) {
  return useQuery({
    queryKey: adminKeys.tributes(page),
    queryFn: ({ signal }) =>
      api.get<Paged<AdminTribute>>('/admin/tributes', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every admin change answers with its message; lists are refetched afterwards. */
export function useAdminAction<T>(send: (input: T) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export const adminCalls = {
  setSponsor: ({ id, sponsor }: { id: string; sponsor: boolean }) =>
    request(`/admin/users/${encodeURIComponent(id)}/sponsor`, {
      method: 'PATCH',
      body: { sponsor },
    }),
  setDisabled: ({ id, disabled }: { id: string; disabled: boolean }) =>
    request(`/admin/users/${encodeURIComponent(id)}/status`, {
      method: 'PATCH',
      body: { disabled },
    }),
  setFeatured: ({ id, featured }: { id: string; featured: boolean }) =>
    request(`/admin/memorials/${encodeURIComponent(id)}/featured`, {
      method: 'PATCH',
      body: { featured },
    }),
  removeTribute: ({ kind, id }: { kind: TributeKind; id: string }) =>
    request(`/admin/tributes/${kind}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};
