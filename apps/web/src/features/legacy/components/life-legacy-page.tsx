import { LoginFirst } from '@/lib/use-entry-links';
import { Button, Container, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MemberAvatar } from '@/components/member-avatar';
import { paths } from '@/config/paths';
import { SECTIONS, type SectionDef, type SectionKey } from '../lib/legacy-sections';
import { useOwnLegacyPage } from '../lib/use-own-legacy-page';
import { LegacyQueryState } from './legacy-query-state';

interface Column {
  header: string;
  cell: (entry: Record<string, string>) => ReactNode;
}

const yearSpan = (e: Record<string, string>) =>
  e['from'] === e['to'] ? e['from'] : `${e['from']}–${e['to']}`;

/**
 * The spec's columns, in its order, by field: each headed by its field's label, and `years` the
 * from–to span. The bucket list's "Place" is the entry's description.
 */
const COLUMN_FIELDS: Record<SectionKey, string[]> = {
  accomplishments: ['years', 'description', 'beneficiaries'],
  assets: ['item', 'description', 'beneficiaries', 'value'],
  relationships: ['name', 'lastName', 'relationship'],
  bucketlists: ['type', 'description', 'status'],
  aspirations: ['name', 'description', 'comment'],
};

function columnsOf(section: SectionDef): Column[] {
  return COLUMN_FIELDS[section.key].map((key) => {
    if (key === 'years') return { header: 'Year', cell: yearSpan };
    const field = section.fields.find((f) => f.key === key);
    return { header: field?.label ?? key, cell: (e) => e[key] };
  });
}

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
                columns={columnsOf(section)}
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
        <>
          {/* On phones each entry reads as a card: a table would be cut off at the edge. */}
          <Stack
            gap="sm"
            hiddenFrom="sm"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {entries.map((entry, index) => (
              <Paper key={index} component="li" withBorder radius="md" p="md">
                <dl style={{ margin: 0 }}>
                  {columns.map((column) => (
                    <div key={column.header} style={{ marginBottom: 6 }}>
                      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
                        {column.header}
                      </Text>
                      <Text
                        component="dd"
                        m={0}
                        style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
                      >
                        {column.cell(entry as Record<string, string>)}
                      </Text>
                    </div>
                  ))}
                </dl>
              </Paper>
            ))}
          </Stack>
          <Paper withBorder radius="md" visibleFrom="sm">
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
        </>
      )}
    </section>
  );
}
