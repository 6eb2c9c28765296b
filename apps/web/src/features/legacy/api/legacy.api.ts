import { useQuery } from '@tanstack/react-query';
import type { Legacy, SaveLegacy } from '@rips/shared/legacy';
import { api } from '@/lib/api-client';

export const legacyKeys = {
  own: (userId: string | undefined) => ['legacy', 'own', userId] as const,
};

/** The signed-in member's legacy, or null before one is written. Nobody else can read it. */
export function useOwnLegacy(userId: string | undefined) {
  return useQuery({
    queryKey: legacyKeys.own(userId),
    queryFn: async ({ signal }) => (await api.get<Legacy[]>('/legacies', { signal }))[0] ?? null,
    enabled: Boolean(userId),
  });
}

/** Creates the legacy or replaces it whole. */
export function saveLegacy(input: SaveLegacy) {
  return api.post<Legacy>('/legacies', input);
}
