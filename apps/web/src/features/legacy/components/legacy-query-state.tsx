import { Center, Loader, Paper, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Legacy } from '@rips/shared/legacy';

/** The member's legacy once loaded (null before one is written), or its loading and failure. */
export function LegacyQueryState({
  query,
  children,
}: {
  query: UseQueryResult<Legacy | null>;
  children: (legacy: Legacy | null) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <Center py="xl" role="status">
        <Loader aria-hidden="true" />
        <span className="visually-hidden">Loading your legacy…</span>
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Paper withBorder p="lg" radius="lg" role="alert">
        <Text>We could not load your legacy. Please refresh the page to try again.</Text>
      </Paper>
    );
  }
  return children(query.data);
}
