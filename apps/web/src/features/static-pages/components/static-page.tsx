import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';

interface StaticPageProps {
  title: string;
  lead: string;
  /** Shown under the lead, e.g. when a policy last changed. */
  meta?: string;
  children: ReactNode;
}

/** The calm reading frame every information page shares: one heading, a lead, then sections. */
export function StaticPage({ title, lead, meta, children }: StaticPageProps) {
  useDocumentTitle(title);
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

/** One titled part of a static page; its heading is an h2 under the page's h1. */
export function PageSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section">
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
