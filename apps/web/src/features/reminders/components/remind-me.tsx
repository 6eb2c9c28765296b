import { Button, Checkbox, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { MemorialDetail } from '@rips/shared/memorials';
import { MAX_DAYS_BEFORE } from '@rips/shared/reminder-limits';
import type { Reminder } from '@rips/shared/reminders';
import { formatLongDateText } from '../lib/next-due';
import { reminderQuery, useSaveReminder, useStopReminder } from '../api/reminders.api';
import { notify } from '@/lib/notify';

/**
 * "Remind me": a signed-in member chooses to be emailed before the memorial's anniversaries, and
 * how many days before. Nothing is chosen until they choose it.
 */
export function RemindMe({ memorial }: { memorial: MemorialDetail }) {
  const query = useQuery(reminderQuery(memorial._id));
  const [open, setOpen] = useState(false);
  if (!query.data) return null;
  const reminder = query.data;
  const { offers } = reminder;
  if (!offers.birthday && !offers.death && !offers.yahrzeit) return null;
  return (
    <Paper withBorder radius="md" p="md" className="no-print">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h5">
            Anniversary reminders
          </Title>
          {!open ? (
            <Button variant="default" size="xs" onClick={() => setOpen(true)}>
              {reminder.active ? 'Change reminder' : 'Remind me'}
            </Button>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {reminder.active && reminder.nextDue
            ? `You will be emailed next on ${formatLongDateText(reminder.nextDue)}.`
            : reminder.active
              ? 'You chose to be reminded by email.'
              : `Be reminded by email before the days you remember ${memorial.title} by.`}
        </Text>
        {open ? <ReminderForm reminder={reminder} onDone={() => setOpen(false)} /> : null}
      </Stack>
    </Paper>
  );
}

function ReminderForm({ reminder, onDone }: { reminder: Reminder; onDone: () => void }) {
  const save = useSaveReminder(reminder.memorialId);
  const stop = useStopReminder();
  const { offers } = reminder;
  const [birthday, setBirthday] = useState(reminder.active ? reminder.birthday : offers.birthday);
  const [death, setDeath] = useState(reminder.active ? reminder.death : offers.death);
  const [yahrzeit, setYahrzeit] = useState(reminder.active && reminder.yahrzeit);
  const [days, setDays] = useState<number | string>(reminder.active ? reminder.daysBefore : 3);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setError(null), [birthday, death, yahrzeit, days]);

  const submit = () => {
    const daysBefore = typeof days === 'number' ? days : Number.NaN;
    if (!birthday && !death && !yahrzeit) {
      setError('Choose at least one day to be reminded of.');
      return;
    }
    if (!Number.isInteger(daysBefore) || daysBefore < 0 || daysBefore > MAX_DAYS_BEFORE) {
      setError(`Choose how many days before to be reminded, from 0 to ${MAX_DAYS_BEFORE}.`);
      return;
    }
    save.mutate(
      { birthday, death, yahrzeit, daysBefore },
      {
        onSuccess: () => {
          notify.success('You will be reminded by email.');
          onDone();
        },
        onError: (e) => setError(e.message),
      },
    );
  };

  return (
    <Stack gap="xs">
      {offers.birthday ? (
        <Checkbox
          label="The birthday"
          checked={birthday}
          onChange={(e) => setBirthday(e.currentTarget.checked)}
        />
      ) : null}
      {offers.death ? (
        <Checkbox
          label="The anniversary of the passing"
          checked={death}
          onChange={(e) => setDeath(e.currentTarget.checked)}
        />
      ) : null}
      {offers.yahrzeit ? (
        <Checkbox
          label="The yahrzeit"
          checked={yahrzeit}
          onChange={(e) => setYahrzeit(e.currentTarget.checked)}
        />
      ) : null}
      <NumberInput
        label="Days before"
        description="0 sends the email on the day itself."
        min={0}
        max={MAX_DAYS_BEFORE}
        allowDecimal={false}
        value={days}
        onChange={setDays}
        w={160}
        error={error}
      />
      <Group gap="xs">
        <Button size="xs" loading={save.isPending} onClick={submit}>
          Save reminder
        </Button>
        {reminder.active ? (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            loading={stop.isPending}
            onClick={() =>
              stop.mutate(reminder.memorialId, {
                onSuccess: () => {
                  notify.success('You will no longer be reminded of this memorial.');
                  onDone();
                },
                onError: (e) => setError(e.message),
              })
            }
          >
            Stop reminders
          </Button>
        ) : null}
        <Button size="xs" variant="default" onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
