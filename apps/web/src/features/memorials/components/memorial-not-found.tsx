import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/**
 * What a memorial's address shows when there is nothing to show: the memorial does not exist or
 * the viewer may not see it (alike, and never indexed), or it could not be loaded. Its short
 * link shows the same page (decision 0086). The page around it sets the document's title.
 */
export function MemorialNotFound({
  missing,
  message,
}: {
  missing: boolean;
  /** Why it could not be loaded, when the server said (too many links tried, say). */
  message?: string;
}) {
  const title = missing ? 'Memorial not found' : 'We could not load this memorial';
  return (
    <Container size="sm" py={80}>
      {missing ? <meta name="robots" content="noindex" /> : null}
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">
          {missing
            ? 'This memorial does not exist, or it has been removed by its family.'
            : (message ?? 'Please check your connection and try again in a moment.')}
        </Text>
        <Button component={Link} to={paths.memoriams.href()} variant="light">
          Back to Memoriams
        </Button>
      </Stack>
    </Container>
  );
}
