import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HomeLegends } from '@rips/shared/home';
import { api } from '@/lib/api-client';

export const legendsQueryKey = ['home', 'legends'] as const;

/** The honored legends: the same for every visitor, so the server lets the browser revalidate by ETag. */
export const legendsQuery = queryOptions({
  queryKey: legendsQueryKey,
  queryFn: ({ signal }) => api.get<HomeLegends>('/home/legends', { signal }),
  staleTime: 60_000,
});

export function useHonoredLegends() {
  return useQuery(legendsQuery);
}
