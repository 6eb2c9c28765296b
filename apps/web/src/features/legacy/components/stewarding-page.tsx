import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LoginFirst } from '@/lib/use-entry-links';
import { useSession } from '@/lib/use-session';
import { stewardshipsQuery } from '../api/legacy-release.api';
import { LegacyQueryState } from './legacy-query-state';
import { StewardshipCard } from './stewardship-card';

/**
 * /legacy/stewarding, "People who trust you": the members who named the signed-in member as a
 * steward; for each, reporting a death, where a release stands, starting a memorial after it,
 * and stepping down.
 */
export default function StewardingPage() {
  useDocumentTitle('People who trust you');
  const { user } = useSession();
  const stewardships = useQuery(stewardshipsQuery(user?._id));
  if (!user) return <LoginFirst />;
  return (
    <Container size="md" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="xs" mb="xl">
        <Title order={1}>People who trust you</Title>
        <Text c="dimmed">
          These members named you a steward of their Life Legacy. If one of them dies, you can tell
          us here. They are emailed first and can stop it during a waiting period; after it, you can
          read what they marked for their stewards.
        </Text>
      </Stack>
      <LegacyQueryState
        query={stewardships}
        loading="Loading the people who trust you…"
        failed="We could not load this list. Please refresh the page to try again."
      >
        {(list) =>
          list.length === 0 ? (
            <Paper withBorder radius="lg" p="lg" bg="var(--mantine-color-gray-1)">
              <Text c="dimmed">
                Nobody has named you a steward yet. When someone does, we email you a link to
                accept.
              </Text>
            </Paper>
          ) : (
            <Stack gap="lg">
              {list.map((stewardship) => (
                <StewardshipCard
                  key={stewardship._id}
                  stewardship={stewardship}
                  userId={user._id}
                />
              ))}
            </Stack>
          )
        }
      </LegacyQueryState>
    </Container>
  );
}
