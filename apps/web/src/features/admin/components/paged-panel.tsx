import { Alert, Center, Loader, Paper, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '@/lib/api-client';
import { adminListQuery, type AdminList, type AdminLists } from '../api/admin.api';
import { Pager } from './pager';

interface ListWords {
  /** The panel's name for screen readers. */
  label: string;
  /** What the list is of, in a sentence ("Loading members…", "1–20 of 45 members"). */
  noun: string;
  /** Lists that can be searched get a search box with this label. */
  searchLabel?: string;
  /** Lists shown as a table: its columns, and the width below which it scrolls. */
  table?: { head: string[]; minWidth: number };
}

const LISTS: Record<AdminList, ListWords> = {
  users: {
    label: 'Members',
    noun: 'members',
    searchLabel: 'Search members by name, username or email',
    table: { head: ['Member', 'Email', 'Role', 'Status', 'Actions'], minWidth: 820 },
  },
  memorials: {
    label: 'Memorials',
    noun: 'memorials',
    searchLabel: 'Search memorials by title',
    table: { head: ['Memorial', 'Sponsored by', 'Created', 'Featured', 'Actions'], minWidth: 700 },
  },
  tributes: { label: 'Recent tributes', noun: 'tributes' },
};

interface PagedPanelProps<K extends AdminList> {
  list: K;
  /** Above the list: what the panel is for. */
  intro?: ReactNode;
  /** The page of items: a table's rows where the list is a table. */
  children: (items: AdminLists[K][]) => ReactNode;
}

/** One admin list: its search, loading, failure, the page of items, and the pages. */
export function PagedPanel<K extends AdminList>({ list, intro, children }: PagedPanelProps<K>) {
  const { label, noun, searchLabel, table } = LISTS[list];
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const query = useQuery(adminListQuery(list, debounced, page));
  return (
    <section aria-label={label}>
      {intro}
      {searchLabel ? (
        <TextInput
          type="search"
          label={searchLabel}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          maw={420}
          mb="md"
        />
      ) : null}
      {query.isPending ? (
        <Center py="xl" role="status">
          <Loader aria-hidden="true" />
          <span className="visually-hidden">{`Loading ${noun}…`}</span>
        </Center>
      ) : query.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(query.error)}
        </Alert>
      ) : (
        <>
          {table ? (
            <ScrollTable label={`${label} table`} minWidth={table.minWidth} head={table.head}>
              {children(query.data.data)}
            </ScrollTable>
          ) : (
            children(query.data.data)
          )}
          <Pager
            page={page}
            limit={query.data.limit}
            total={query.data.total}
            label={noun}
            onChange={setPage}
          />
        </>
      )}
    </section>
  );
}

/** A table wider than a phone scrolls inside its frame, which keyboards can focus. */
function ScrollTable({
  label,
  minWidth,
  head,
  children,
}: {
  label: string;
  minWidth: number;
  head: string[];
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer
        minWidth={minWidth}
        type="native"
        tabIndex={0}
        role="region"
        aria-label={label}
      >
        <Table verticalSpacing="sm" horizontalSpacing="md" striped>
          <Table.Thead>
            <Table.Tr>
              {head.map((column) => (
                <Table.Th key={column} scope="col">
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
