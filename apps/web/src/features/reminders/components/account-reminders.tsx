import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Reminder } from '@rips/shared/reminders';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';
import { remindersQuery, useStopReminder } from '../api/reminders.api';
import { formatLongDateText } from '../lib/next-due';

function what(reminder: Reminder): string {
  const days = [
    reminder.birthday ? 'the birthday' : null,
    reminder.death ? 'the anniversary of the passing' : null,
    reminder.yahrzeit ? 'the yahrzeit' : null,
  ].filter(Boolean);
  const when =
    reminder.daysBefore === 0
      ? 'on the day'
      : `${reminder.daysBefore} ${reminder.daysBefore === 1 ? 'day' : 'days'} before`;
  return `${days.join(', ')}; ${when}`;
}

/** The account's anniversary reminders, each with a way to stop it. */
export default function AccountReminders() {
  const query = useQuery(remindersQuery());
  const stop = useStopReminder();
  if (!query.data) return null;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Anniversary reminders
        </Title>
        {query.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            You have no reminders. Choose “Remind me” on a memorial to be emailed before its
            anniversaries.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {query.data.map((reminder) => (
              <Group component="li" key={reminder.memorialId} justify="space-between" wrap="wrap">
                <Stack gap={0} style={{ minWidth: 0, flex: '1 1 220px' }}>
                  <Anchor component={Link} to={paths.post.href(reminder.memorialId)} fw={600}>
                    {reminder.memorialTitle}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {what(reminder)}
                    {reminder.nextDue ? `; next on ${formatLongDateText(reminder.nextDue)}` : ''}
                  </Text>
                </Stack>
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`Stop reminders of ${reminder.memorialTitle}`}
                  loading={stop.isPending && stop.variables === reminder.memorialId}
                  onClick={() =>
                    stop.mutate(reminder.memorialId, {
                      onSuccess: () => notify.success('The reminder was stopped.'),
                      onError: (e) => notify.error(e.message),
                    })
                  }
                >
                  Stop
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
