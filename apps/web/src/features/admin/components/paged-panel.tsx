import { Alert, Center, Loader, Paper, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '@/lib/api-client';
import { adminListQuery, type AdminList, type AdminLists } from '../api/admin.api';
import { Pager } from './pager';

interface PagedPanelProps<K extends AdminList> {
  list: K;
  /** The panel's name for screen readers. */
  label: string;
  /** What the list is of, in a sentence ("Loading members…", "1–20 of 45 members"). */
  noun: string;
  /** Lists that can be searched get a search box with this label. */
  searchLabel?: string;
  /** Above the list: what the panel is for. */
  intro?: ReactNode;
  children: (items: AdminLists[K][]) => ReactNode;
}

/** One admin list: its search, loading, failure, the page of items, and the pages. */
export function PagedPanel<K extends AdminList>({
  list,
  label,
  noun,
  searchLabel,
  intro,
  children,
}: PagedPanelProps<K>) {
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
          {children(query.data.data)}
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
export function ScrollTable({
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
