import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { fieldText, type SectionDef, type SectionKey } from '../lib/legacy-sections';

/** A section's row as a table shows it: its text fields, and any other values it carries. */
export type LegacyRow = Record<string, unknown>;

export interface Column {
  header: string;
  cell: (entry: LegacyRow) => ReactNode;
}

const yearSpan = (e: LegacyRow) => {
  const from = fieldText(e, 'from');
  const to = fieldText(e, 'to');
  return from === to ? from : `${from}–${to}`;
};

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

export function columnsOf(section: SectionDef): Column[] {
  return COLUMN_FIELDS[section.key].map((key) => {
    if (key === 'years') return { header: 'Year', cell: yearSpan };
    const field = section.fields.find((f) => f.key === key);
    return { header: field?.label ?? key, cell: (e) => fieldText(e, key) };
  });
}

/** A section's entries: a table on wide screens, a card per entry on phones. */
export function LegacyTable({
  title,
  empty,
  columns,
  entries,
  headingOrder = 2,
}: {
  title: string;
  empty: string;
  columns: Column[];
  entries: LegacyRow[];
  headingOrder?: 2 | 3;
}) {
  const id = `legacy-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section aria-labelledby={id}>
      <Title order={headingOrder} id={id} mb="sm">
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
                        {column.cell(entry)}
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
                          {column.cell(entry)}
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
