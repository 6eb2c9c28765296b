import type { MemorialDetail } from '@rips/shared/memorials';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { memorialChange } from '@/lib/memorial-changes';
import { updateSession } from '@/lib/session';
import {
  addContributor,
  becomeSponsor,
  createMemorial,
  deleteMemorial,
  importMemorial,
  memorialKeys,
  removeContributor,
  replaceMemorial,
  setLike,
  updateMemorial,
} from './memorials.api';

/*
 * Every change to a memorial, each with the cache work that keeps the screens true afterwards.
 * Components add what the person sees (a notice, a new page) through `mutate`'s own callbacks.
 * Only type imports from the shared package: the memorial page imports this module.
 */

type Progress = (fraction: number) => void;

const LIST_KEYS = new Set<unknown>(['list', 'own', 'contributed']);

/** The lists a memorial shows up in: Memoriams (every search), Your Rips, Your Contributor. */
function refreshMemorialLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    queryKey: memorialKeys.all,
    predicate: (query) => LIST_KEYS.has(query.queryKey[1]),
  });
}

/** The memorial's own page shows the answer at once; the lists it is in are fetched again. */
function storeMemorial(queryClient: QueryClient, memorial: MemorialDetail) {
  queryClient.setQueryData(memorialKeys.detail(memorial._id), memorial);
  return refreshMemorialLists(queryClient);
}

/** An upload that makes a memorial (new, or from an archive); it joins the lists it belongs in. */
function useMemorialUpload<T>(send: (body: FormData, onProgress?: Progress) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, onProgress }: { body: FormData; onProgress?: Progress }) =>
      send(body, onProgress),
    onSuccess: () => refreshMemorialLists(queryClient),
  });
}

export function useCreateMemorial() {
  return useMemorialUpload(createMemorial);
}

/** A memorial recreated from its archive joins the importer's lists. */
export function useImportMemorial() {
  return useMemorialUpload(importMemorial);
}

/** Edit Rip and the profile's inline form (PATCH). */
export function useUpdateMemorial(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FormData) => updateMemorial(id, body),
    onSuccess: (memorial) => storeMemorial(queryClient, memorial),
  });
}

/** The alternate update form (PUT) of /profile/update-post. */
export function useReplaceMemorial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: FormData }) => replaceMemorial(id, body),
    onSuccess: (memorial) => storeMemorial(queryClient, memorial),
  });
}

export function useDeleteMemorial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteMemorial(id),
    // The stewardship list and the memorial's other answers: the app's query client.
    meta: memorialChange((id: string) => ({ change: 'deleted', memorialId: id })),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: memorialKeys.detail(id) });
      return refreshMemorialLists(queryClient);
    },
  });
}

/** Like or unlike: shown at once, put back if the server refuses, confirmed by its answer. */
export function useLike(id: string) {
  const queryClient = useQueryClient();
  const key = memorialKeys.detail(id);
  return useMutation({
    mutationFn: (liked: boolean) => setLike(id, liked),
    onMutate: async (liked) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<MemorialDetail>(key);
      if (before && before.likedByMe !== liked) {
        queryClient.setQueryData<MemorialDetail>(key, {
          ...before,
          likedByMe: liked,
          reactions: Math.max(0, before.reactions + (liked ? 1 : -1)),
        });
      }
      return { before };
    },
    onError: (_error, _liked, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (state) => {
      queryClient.setQueryData<MemorialDetail>(key, (current) =>
        current ? { ...current, ...state } : current,
      );
      return queryClient.invalidateQueries({ queryKey: memorialKeys.lists() });
    },
  });
}

/** The memorial's contributor ids change at once; the named list is fetched again. */
function storeContributors(queryClient: QueryClient, id: string, contributer: string[]) {
  queryClient.setQueryData<MemorialDetail>(memorialKeys.detail(id), (current) =>
    current ? { ...current, contributer } : current,
  );
  return queryClient.invalidateQueries({ queryKey: memorialKeys.contributors(id) });
}

export function useAddContributor(memorialId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => addContributor(userId, memorialId),
    onSuccess: (result) => storeContributors(queryClient, memorialId, result.contributer),
  });
}

export function useRemoveContributor(memorialId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeContributor(memorialId, userId),
    onSuccess: (result) => storeContributors(queryClient, memorialId, result.contributer),
  });
}

/** The member's session carries the new role, so "Add a Rip" shows at once. */
export function useBecomeSponsor() {
  return useMutation({
    mutationFn: becomeSponsor,
    onSuccess: (result) => updateSession({ user: result.user, roles: result.roles }),
  });
}
