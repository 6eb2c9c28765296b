import { Button, Container, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { MemberAvatar } from '@/components/member-avatar';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '@/lib/use-session';
import { useOwnLegacy } from '../api/legacy.api';
import { SECTIONS, type SectionKey } from '../lib/legacy-sections';
import { LegacyQueryState } from './legacy-query-state';

interface Column {
  header: string;
  cell: (entry: Record<string, string>) => ReactNode;
}

const yearSpan = (e: Record<string, string>) =>
  e['from'] === e['to'] ? e['from'] : `${e['from']}–${e['to']}`;
const text = (key: string) => (e: Record<string, string>) => e[key];

/** The spec's columns, in its order. The bucket list's "Place" is the entry's description. */
const COLUMNS: Record<SectionKey, Column[]> = {
  accomplishments: [
    { header: 'Year', cell: yearSpan },
    { header: 'Description', cell: text('description') },
    { header: 'Beneficiaries', cell: text('beneficiaries') },
  ],
  assets: [
    { header: 'Item', cell: text('item') },
    { header: 'Description', cell: text('description') },
    { header: 'Beneficiaries', cell: text('beneficiaries') },
    { header: 'Value', cell: text('value') },
  ],
  relationships: [
    { header: 'Name', cell: text('name') },
    { header: 'Last Name', cell: text('lastName') },
    { header: 'Relationship', cell: text('relationship') },
  ],
  bucketlists: [
    { header: 'Type', cell: text('type') },
    { header: 'Place', cell: text('description') },
    { header: 'Status', cell: text('status') },
  ],
  aspirations: [
    { header: 'Name', cell: text('name') },
    { header: 'Description', cell: text('description') },
    { header: 'Comment', cell: text('comment') },
  ],
};

export default function LifeLegacyPage() {
  useDocumentTitle('Your Life Legacy');
  const { user } = useSession();
  const legacy = useOwnLegacy(user?._id);
  if (!user) return <Navigate to={paths.login.href()} replace />;
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
              <Group mt="sm">
                <Button component={Link} to={paths.buildLegacy.href()}>
                  Build Your Legacy
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
                columns={COLUMNS[section.key]}
                entries={saved?.[section.key] ?? []}
              />
            ))
          }
        </LegacyQueryState>
      </Stack>
    </Container>
  );
}

function LegacyTable({
  title,
  empty,
  columns,
  entries,
}: {
  title: string;
  empty: string;
  columns: Column[];
  entries: object[];
}) {
  const id = `legacy-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section aria-labelledby={id}>
      <Title order={2} id={id} mb="sm">
        {title}
      </Title>
      {entries.length === 0 ? (
        <Paper withBorder radius="md" p="lg" bg="var(--mantine-color-gray-1)">
          <Text c="dimmed">{empty}</Text>
        </Paper>
      ) : (
        <Paper withBorder radius="md">
          {/* Focusable, so keyboard users can scroll a table wider than a phone. */}
          <Table.ScrollContainer
            minWidth={560}
            type="native"
            tabIndex={0}
            role="region"
            aria-label={`${title} table`}
          >
            <Table striped verticalSpacing="sm" horizontalSpacing="md" aria-labelledby={id}>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Th key={column.header} scope="col">
                      {column.header}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((entry, index) => (
                  <Table.Tr key={index}>
                    {columns.map((column) => (
                      <Table.Td key={column.header} style={{ whiteSpace: 'pre-line' }}>
                        {column.cell(entry as Record<string, string>)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </section>
  );
}
