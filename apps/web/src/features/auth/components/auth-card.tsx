import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  intro: string;
  children: ReactNode;
  footer: ReactNode;
}

/** The frame shared by the sign-up and login pages. */
export function AuthCard({ title, intro, children, footer }: AuthCardProps) {
  return (
    <Container size={480} py={{ base: 32, sm: 64 }} px={{ base: 'md', sm: 'lg' }}>
      <Stack gap="xs" mb="lg" ta="center">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{intro}</Text>
      </Stack>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        {children}
      </Paper>
      <Text ta="center" mt="lg" size="sm">
        {footer}
      </Text>
    </Container>
  );
}
