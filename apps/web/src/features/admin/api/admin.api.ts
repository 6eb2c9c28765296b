import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type {
  AdminMemorial,
  AdminTribute,
  AdminUser,
  Paged,
  TributeKind,
} from '@rips/shared/admin';
import { api, request } from '@/lib/api-client';
import { memorialChange, type MemorialChange } from '@/lib/memorial-changes';
import { notifyFailure, notifyResult } from '../lib/notices';

/** The admin lists by their path (`/admin/users`...), each a page of these. */
export interface AdminLists {
  users: AdminUser;
  memorials: AdminMemorial;
  tributes: AdminTribute;
}
export type AdminList = keyof AdminLists;

export const adminKeys = {
  all: ['admin'] as const,
  list: (list: AdminList, search: string, page: number) => ['admin', list, search, page] as const,
};

/** One page of an admin list; the tributes list takes no search (an empty one is not sent). */
export const adminListQuery = <K extends AdminList>(list: K, search: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.list(list, search, page),
    queryFn: ({ signal }) =>
      api.get<Paged<AdminLists[K]>>(`/admin/${list}`, { query: { search, page }, signal }),
    placeholderData: keepPreviousData,
  });

/**
 * Every admin change answers with its message; every admin list is fetched again after it, and
 * the memorial's own screens when `changes` names what it did to one.
 */
export function useAdminAction<T>(
  send: (input: T) => Promise<{ message: string }>,
  changes?: (input: T) => MemorialChange,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    ...(changes ? { meta: memorialChange(changes) } : {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/**
 * An admin action asked about first (disabling an account, removing a tribute): `ask(item)` opens
 * the question, a ConfirmModal given `modal`; confirming runs the action and closes it once done.
 */
export function useConfirmedAction<T, I>(
  send: (input: I) => Promise<{ message: string }>,
  inputOf: (item: T) => I,
  changes?: (input: I) => MemorialChange,
) {
  const action = useAdminAction(send, changes);
  const [asking, setAsking] = useState<T | null>(null);
  const modal = {
    opened: asking !== null,
    busy: action.isPending,
    onClose: () => setAsking(null),
    onConfirm: () => {
      if (!asking) return;
      action.mutate(inputOf(asking), {
        onSuccess: (result) => {
          notifyResult(result);
          setAsking(null);
        },
        onError: notifyFailure,
      });
    },
  };
  return { action, asking, ask: setAsking, modal };
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
  removeTribute: ({ kind, id }: { kind: TributeKind; id: string; memorialId: string }) =>
    request(`/admin/tributes/${kind}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};
