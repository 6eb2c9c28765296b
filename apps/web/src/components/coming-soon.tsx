import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

interface ComingSoonProps {
  /** The page's own name, shown as its heading and in the tab title. */
  title: string;
  description?: string;
}

/** A finished-looking placeholder for pages that later work will fill. */
export function ComingSoon({ title, description }: ComingSoonProps) {
  useDocumentTitle(title);
  return (
    <Container size="sm" py={{ base: 48, sm: 80 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} shadow="xs">
        <Stack align="center" gap="md" ta="center">
          <LeafIcon />
          <Title order={1}>{title}</Title>
          <Text size="lg" c="dimmed" maw={460}>
            {description ??
              'We are preparing this page with care. It will be here soon; thank you for your patience.'}
          </Text>
          <Button component={Link} to={paths.home.href()} variant="light" mt="sm">
            Back to home
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}

function LeafIcon() {
  return (
    <svg width="56" height="56" viewBox="0 0 56 56" aria-hidden="true" focusable="false">
      <circle cx="28" cy="28" r="28" fill="var(--mantine-color-sage-1)" />
      <path
        d="M18 37c0-11 8-19 21-20-1 13-9 21-20 21m0-1 11-11"
        fill="none"
        stroke="var(--mantine-color-sage-7)"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
