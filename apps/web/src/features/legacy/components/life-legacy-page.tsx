import { LoginFirst } from '@/lib/use-entry-links';
import { Badge, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { EntryMark } from '@rips/shared/legacy-release';
import { Link } from 'react-router';
import { MemberAvatar } from '@/components/member-avatar';
import { paths } from '@/config/paths';
import { SECTIONS } from '../lib/legacy-sections';
import { entryMarkText } from '../lib/release-words';
import { useOwnLegacyPage } from '../lib/use-own-legacy-page';
import { LegacyQueryState } from './legacy-query-state';
import { columnsOf, LegacyTable, type Column, type LegacyRow } from './legacy-table';

/** Who an entry is released to after the member's death: a quiet mark beside its fields. */
const RELEASE_COLUMN: Column = {
  header: 'After my death',
  cell: (entry: LegacyRow) => {
    const release = entry['release'] as EntryMark | undefined;
    const releaseTo = Array.isArray(entry['releaseTo']) ? (entry['releaseTo'] as string[]) : [];
    const text = entryMarkText(release, releaseTo);
    return release === 'beneficiaries' ? (
      <Text component="span" size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {`To ${text}`}
      </Text>
    ) : (
      <Badge component="span" variant="light" color="gray" size="sm" tt="none">
        {text}
      </Badge>
    );
  },
};

export default function LifeLegacyPage() {
  const { user, legacy } = useOwnLegacyPage('Your Life Legacy');
  if (!user) return <LoginFirst />;
  return (
    <Container size="lg" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="xl">
        <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 'xl' }}>
          <Group gap="xl" align="flex-start" wrap="wrap">
            <MemberAvatar user={user} />
            <Stack gap="xs" style={{ flex: '1 1 260px', minWidth: 0 }}>
              <Text
                size="sm"
                c="dimmed"
                tt="uppercase"
                fw={600}
                style={{ letterSpacing: '0.06em' }}
              >
                Life Legacy
              </Text>
              <Title order={1}>{user.fullName}</Title>
              {legacy.data ? (
                <>
                  <Text>
                    <Text span fw={600}>
                      Birth place:
                    </Text>{' '}
                    {legacy.data.birthPlace}
                  </Text>
                  <Text style={{ whiteSpace: 'pre-line' }}>{legacy.data.description}</Text>
                </>
              ) : legacy.isSuccess ? (
                <Text c="dimmed">
                  You have not written your legacy yet. It is a quiet place to record your story,
                  your wishes and the people you love. Only you can see it.
                </Text>
              ) : null}
              <Group mt="sm" gap="sm">
                <Button component={Link} to={paths.buildLegacy.href()}>
                  Build Your Legacy
                </Button>
                <Button component={Link} to={paths.legacyRelease.href()} variant="default">
                  After my death
                </Button>
              </Group>
            </Stack>
          </Group>
        </Paper>

        <LegacyQueryState query={legacy}>
          {(saved) =>
            SECTIONS.map((section) => (
              <LegacyTable
                key={section.key}
                title={section.title}
                empty={section.empty}
                columns={[...columnsOf(section), RELEASE_COLUMN]}
                entries={saved?.[section.key] ?? []}
              />
            ))
          }
        </LegacyQueryState>
      </Stack>
    </Container>
  );
}
