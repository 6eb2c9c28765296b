import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface CardPageProps {
  title: string;
  /** A line under the title; pages that say more put it in the card. */
  intro?: string;
  children: ReactNode;
  /** A line under the card (a link to the next step). */
  footer?: ReactNode;
  size?: number;
}

/** A narrow page of one card under its title: login, sign-up and the account links' pages. */
export function CardPage({ title, intro, children, footer, size = 480 }: CardPageProps) {
  return (
    <Container size={size} py={{ base: 32, sm: 64 }} px={{ base: 'md', sm: 'lg' }}>
      <Stack gap="xs" mb="lg" ta="center">
        <Title order={1}>{title}</Title>
        {intro ? <Text c="dimmed">{intro}</Text> : null}
      </Stack>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        {children}
      </Paper>
      {footer ? (
        <Text ta="center" mt="lg" size="sm">
          {footer}
        </Text>
      ) : null}
    </Container>
  );
}
