import type { Legacy, SaveLegacy } from '@rips/shared/legacy';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const legacyKeys = {
  own: (userId: string | undefined) => ['legacy', 'own', userId] as const,
};

/** The signed-in member's legacy, or null before one is written. Nobody else can read it. */
export const ownLegacyQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: legacyKeys.own(userId),
    queryFn: async ({ signal }) => (await api.get<Legacy[]>('/legacies', { signal }))[0] ?? null,
    enabled: Boolean(userId),
  });

export function useOwnLegacy(userId: string | undefined) {
  return useQuery(ownLegacyQuery(userId));
}

/**
 * Creates the legacy or replaces it whole; the saved one is what the legacy page shows next, and
 * the release plan is asked for again.
 */
export function useSaveLegacy(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveLegacy) => api.post<Legacy>('/legacies', input),
    onSuccess: (saved) => {
      queryClient.setQueryData(legacyKeys.own(userId), saved);
      // Marks decide how many stewards must report (an asset marked for release needs two).
      void queryClient.invalidateQueries({ queryKey: ['legacy', 'plan'] });
    },
  });
}
