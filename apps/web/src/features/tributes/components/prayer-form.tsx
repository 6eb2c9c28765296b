import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PRAYER_MAX, type Prayer } from '@rips/shared/tributes';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { sayPrayer, usePrependTribute } from '../api/tributes.api';
import { failureText } from '../lib/format';
import { TEXTS } from '../lib/texts';

interface PrayerFormProps {
  postId: string;
  onDone?: (prayer: Prayer) => void;
  onCancel?: () => void;
}

export function PrayerForm({ postId, onDone, onCancel }: PrayerFormProps) {
  const prepend = usePrependTribute();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: () => sayPrayer(postId, text),
    onSuccess: (prayer) => {
      prepend('prayers', postId, prayer);
      notify.success(TEXTS.success.prayers);
      onDone?.(prayer);
    },
    onError: (err) => {
      if (err instanceof ApiError) setError(err.fieldError('prayerText') ?? null);
      notify.error(failureText(TEXTS.failure.prayers, err));
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setError(TEXTS.writePrayer);
      return;
    }
    setError(null);
    mutation.mutate();
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={mutation.isPending}>
      <Stack gap="md">
        <Textarea
          label="Your prayer"
          description={`Up to ${PRAYER_MAX} characters.`}
          placeholder="Write a few words of prayer or remembrance"
          autosize
          minRows={4}
          maxRows={10}
          maxLength={PRAYER_MAX}
          required
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            if (error) setError(null);
          }}
          error={error ?? undefined}
          data-autofocus
        />
        <Group justify="flex-end">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={mutation.isPending}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={mutation.isPending}>
            Say Prayer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
