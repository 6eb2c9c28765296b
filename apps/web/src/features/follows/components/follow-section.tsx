import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  FOLLOW_FREQUENCIES,
  FREQUENCY_LABELS,
  type FollowFrequency,
} from '@rips/shared/follows-words';
import { GUEST_HONEYPOT_FIELD, GUEST_LINK_DAYS } from '@rips/shared/guest-words';
import type { MemorialDetail } from '@rips/shared/memorials';
import { HoneypotField } from '@/components/honeypot-field';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/use-session';
import { follow, followAsGuest, followsQueryKey, myFollows, unfollow } from '../api/follows.api';

const FREQUENCY_DATA = FOLLOW_FREQUENCIES.map((value) => ({
  value,
  label: FREQUENCY_LABELS[value],
}));

function FrequencyChoice({
  value,
  onChange,
  disabled,
}: {
  value: FollowFrequency;
  onChange: (value: FollowFrequency) => void;
  disabled?: boolean;
}) {
  return (
    <SegmentedControl
      aria-label="How often to email you"
      data={FREQUENCY_DATA}
      value={value}
      onChange={(v) => onChange(v as FollowFrequency)}
      disabled={disabled ?? false}
      size="xs"
    />
  );
}

/** A member's Follow button, with the digest's frequency once they follow. */
function MemberFollow({ memorial }: { memorial: MemorialDetail }) {
  const client = useQueryClient();
  const follows = useQuery({ queryKey: followsQueryKey, queryFn: myFollows });
  const mine = follows.data?.find((f) => f.postId === memorial._id) ?? null;
  const refresh = () => client.invalidateQueries({ queryKey: followsQueryKey });
  const set = useMutation({
    mutationFn: (frequency: FollowFrequency) => follow(memorial._id, frequency),
    onSuccess: refresh,
  });
  const stop = useMutation({ mutationFn: () => unfollow(memorial._id), onSuccess: refresh });
  const error = set.error ?? stop.error;
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        {mine ? (
          <>
            <Text size="sm">{`You follow this memorial: an email ${mine.frequency === 'daily' ? 'each day' : 'each week'} when something is shared.`}</Text>
            <FrequencyChoice
              value={mine.frequency}
              onChange={(frequency) => set.mutate(frequency)}
              disabled={set.isPending}
            />
            <Button
              variant="subtle"
              size="xs"
              onClick={() => stop.mutate()}
              loading={stop.isPending}
            >
              Stop following
            </Button>
          </>
        ) : (
          <Button
            variant="light"
            onClick={() => set.mutate('weekly')}
            loading={set.isPending || follows.isPending}
          >
            Follow this memorial
          </Button>
        )}
      </Group>
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(error, 'We could not change this just now. Please try again.')}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** A visitor without an account follows by email; the emailed link confirms it. */
function GuestFollow({ memorial }: { memorial: MemorialDetail }) {
  const [open, setOpen] = useState(false);
  const [startedAt, setStartedAt] = useState(0);
  const [guestName, setGuestName] = useState('');
  const [guestEmail, setGuestEmail] = useState('');
  const [honeypot, setHoneypot] = useState('');
  const [frequency, setFrequency] = useState<FollowFrequency>('weekly');
  const send = useMutation({
    mutationFn: () =>
      followAsGuest({
        postId: memorial._id,
        guestName: guestName.trim() || undefined,
        guestEmail,
        frequency,
        startedAt,
        [GUEST_HONEYPOT_FIELD]: honeypot,
      }),
  });
  if (!open) {
    return (
      <Button
        variant="light"
        onClick={() => {
          setStartedAt(Date.now());
          setOpen(true);
        }}
      >
        Follow by email
      </Button>
    );
  }
  if (send.isSuccess) {
    return (
      <Alert color="sage" variant="light" role="status">
        {`Check your email: we sent a link to confirm that you follow this memorial (it works for ${GUEST_LINK_DAYS} days).`}
      </Alert>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };
  return (
    <form onSubmit={onSubmit} aria-label="Follow this memorial by email">
      <Stack gap="sm" maw={420}>
        <Text size="sm">
          {`Get an email when something is shared in memory of ${memorial.title}. You can stop it from any of them in one click.`}
        </Text>
        <TextInput
          label="Your name (optional)"
          autoComplete="name"
          value={guestName}
          onChange={(e) => setGuestName(e.currentTarget.value)}
        />
        <TextInput
          label="Your email"
          type="email"
          autoComplete="email"
          required
          value={guestEmail}
          onChange={(e) => setGuestEmail(e.currentTarget.value)}
        />
        <HoneypotField value={honeypot} onChange={setHoneypot} />
        <FrequencyChoice value={frequency} onChange={setFrequency} />
        {send.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(send.error, 'We could not send the link just now. Please try again.')}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={send.isPending}>
            Send me the link
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Following the memorial (decision 0114): a member's button and frequency, or a guest's form when
 * the memorial is open to visitors without an account.
 */
export function FollowSection({ memorial }: { memorial: MemorialDetail }) {
  const { user } = useSession();
  const guestsMay = memorial.visibility === 'public' || memorial.visibility === 'unlisted';
  if (!user && !guestsMay) return null;
  return (
    <Paper component="section" aria-label="Follow this memorial" p="md" my="md" withBorder>
      {user ? <MemberFollow memorial={memorial} /> : <GuestFollow memorial={memorial} />}
    </Paper>
  );
}
