import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle, usePageDescription } from '@/lib/use-document-title';

interface StaticPageProps {
  title: string;
  lead: string;
  /** The page's own line for search engines (meta description); else the site's. */
  description?: string;
  /** Shown under the lead, e.g. when a policy last changed. */
  meta?: string;
  children: ReactNode;
}

/** The calm reading frame every information page shares: one heading, a lead, then sections. */
export function StaticPage({ title, lead, description, meta, children }: StaticPageProps) {
  useDocumentTitle(title);
  usePageDescription(description);
  return (
    <Container size={760} py={{ base: 32, sm: 64 }} px={{ base: 'md', sm: 'lg' }}>
      <Stack gap="xs" mb="xl">
        <Title order={1}>{title}</Title>
        <Text size="lg" c="dimmed">
          {lead}
        </Text>
        {meta ? (
          <Text size="sm" c="dimmed">
            {meta}
          </Text>
        ) : null}
      </Stack>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} shadow="xs">
        <Stack gap="xl">{children}</Stack>
      </Paper>
    </Container>
  );
}

/**
 * One titled part of a static page; its heading is an h2 under the page's h1. With `id`, a link
 * elsewhere on the page can lead to it (`#id`).
 */
export function PageSection({
  title,
  id,
  children,
}: {
  title: string;
  id?: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" id={id}>
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function Para({ children }: { children: ReactNode }) {
  return <Text lh={1.7}>{children}</Text>;
}

export function Steps({ children }: { children: ReactNode }) {
  return (
    <Text component="ol" lh={1.7} pl="lg" m={0} style={{ display: 'grid', gap: 6 }}>
      {children}
    </Text>
  );
}

export function Bullets({ children }: { children: ReactNode }) {
  return (
    <Text component="ul" lh={1.7} pl="lg" m={0} style={{ display: 'grid', gap: 6 }}>
      {children}
    </Text>
  );
}
