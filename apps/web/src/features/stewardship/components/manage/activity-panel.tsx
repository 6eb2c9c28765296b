import { Paper, Stack, Text } from '@mantine/core';
import type { MemorialDetail } from '@rips/shared/memorials';
import { useQuery } from '@tanstack/react-query';
import { longDateTimeOfMoment } from '@/lib/long-date';
import { activityQuery } from '../../api/stewardship.api';
import { Loaded } from './panel-parts';

/** Manage → Activity: who changed what on the memorial, newest first (decision 0058). */
export function ActivityPanel({ memorial }: { memorial: MemorialDetail }) {
  const activity = useQuery(activityQuery(memorial._id));
  return (
    <Loaded query={activity}>
      {({ items }) => (
        <Paper withBorder radius="md" p="lg">
          {items.length === 0 ? (
            <Text c="dimmed">Nothing has changed yet.</Text>
          ) : (
            <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {items.map((a) => (
                <Text key={a._id} component="li" size="sm">
                  <time dateTime={a.createdAt}>{longDateTimeOfMoment(a.createdAt)}</time>:{' '}
                  <strong>{a.actor}</strong> {a.action}
                  {a.target ? ` (${a.target})` : ''}
                  {a.detail ? ` — ${a.detail}` : ''}
                </Text>
              ))}
            </Stack>
          )}
        </Paper>
      )}
    </Loaded>
  );
}
