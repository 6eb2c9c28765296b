import { Group, Pagination, Text } from '@mantine/core';

interface PagerProps {
  page: number;
  limit: number;
  total: number;
  label: string;
  onChange: (page: number) => void;
}

/** Page links with names a screen reader can read, and the range shown. */
export function Pager({ page, limit, total, label, onChange }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / limit));
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  return (
    <Group justify="space-between" gap="sm" mt="md">
      <Text size="sm" c="dimmed" aria-live="polite">
        {total === 0 ? `No ${label}` : `${first}–${last} of ${total} ${label}`}
      </Text>
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={page}
          onChange={onChange}
          size="sm"
          aria-label={`Pages of ${label}`}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          getControlProps={(control) => ({
            'aria-label': {
              first: 'First page',
              previous: 'Previous page',
              next: 'Next page',
              last: 'Last page',
            }[control],
          })}
        />
      ) : null}
    </Group>
  );
}
