import { Center, Loader, Paper, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * A query's answer once loaded (the member's legacy: null before one is written), or its loading
 * and failure, in words of what is loading.
 */
export function LegacyQueryState<T>({
  query,
  children,
  loading = 'Loading your legacy…',
  failed = 'We could not load your legacy. Please refresh the page to try again.',
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  loading?: string;
  failed?: string;
}) {
  if (query.isPending) {
    return (
      <Center py="xl" role="status">
        <Loader aria-hidden="true" />
        <span className="visually-hidden">{loading}</span>
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Paper withBorder p="lg" radius="lg" role="alert">
        <Text>{failed}</Text>
      </Paper>
    );
  }
  return children(query.data);
}
