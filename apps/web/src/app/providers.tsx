import { MantineProvider } from '@mantine/core';
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';
import { memorialChangeOf } from '@/lib/memorial-changes';
import { refreshAfter } from './memorial-changes';
import { NotificationsHost } from './notifications-host';
import { theme } from './theme';

export function createQueryClient() {
  return new QueryClient({
    // A mutation that names a memorial change refreshes every feature's answers showing it.
    mutationCache: new MutationCache({
      onSuccess: (data, variables, _result, mutation, { client }) => {
        const change = memorialChangeOf(mutation.meta, variables, data);
        return change ? refreshAfter(client, change) : undefined;
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Client errors (401, 403, 404...) will not change on retry; network blips might.
        retry: (failures, error) =>
          failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}

export function AppProviders({
  children,
  client,
}: {
  children: ReactNode;
  /** A client already holding the answers the server rendered with; a new one otherwise. */
  client?: QueryClient;
}) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    // The theme's CSS variables come with the stylesheet (styles/theme-variables.css), not from
    // a <style> the provider would work out in the browser on every page load.
    <MantineProvider theme={theme} withCssVariables={false} forceColorScheme="light">
      <NotificationsHost />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
