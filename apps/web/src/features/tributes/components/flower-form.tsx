import { Button, FileInput, Group, Progress, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { Flower } from '@rips/shared/tributes';
import { BOUQUETS, BOUQUET_SIZE, bouquetPath, type BouquetId } from '@rips/shared/tributes';
import { notify } from '@/lib/notify';
import { leaveFlower, usePrependTribute } from '../api/tributes.api';
import { failureText, serverReason } from '../lib/format';
import { TEXTS } from '../lib/texts';
import classes from './tributes.module.css';

interface FlowerFormProps {
  postId: string;
  onDone?: (flower: Flower) => void;
  onCancel?: () => void;
}

/** A flower is one of the shipped bouquets, or a picture of the visitor's own. */
export function FlowerForm({ postId, onDone, onCancel }: FlowerFormProps) {
  const prepend = usePrependTribute();
  const [bouquet, setBouquet] = useState<BouquetId | null>(BOUQUETS[0].id);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const preview = useObjectUrl(file);

  const mutation = useMutation({
    mutationFn: () => {
      const form = new FormData();
      form.set('postId', postId);
      if (file) form.set('flowerImg', file);
      else if (bouquet) form.set('bouquet', bouquet);
      return leaveFlower(form, file ? setProgress : undefined);
    },
    onSuccess: (flower) => {
      prepend('flowers', postId, flower);
      notify.success(TEXTS.success.flowers);
      onDone?.(flower);
    },
    onError: (err) => {
      setProgress(0);
      setError(serverReason(err));
      notify.error(failureText(TEXTS.failure.flowers, err));
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file && !bouquet) {
      setError(TEXTS.selectFlower);
      notify.error(TEXTS.selectFlower);
      return;
    }
    setError(null);
    mutation.mutate();
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={mutation.isPending}>
      <Stack gap="md">
        <fieldset className={classes.bouquets}>
          <legend className="visually-hidden">Choose a bouquet</legend>
          {BOUQUETS.map((b) => (
            <label key={b.id} className={classes.bouquet}>
              <input
                type="radio"
                name="bouquet"
                value={b.id}
                className={classes.radio}
                checked={!file && bouquet === b.id}
                onChange={() => {
                  setBouquet(b.id);
                  setFile(null);
                  setError(null);
                }}
              />
              <img
                src={bouquetPath(b.id)}
                alt=""
                width={BOUQUET_SIZE}
                height={BOUQUET_SIZE}
                loading="lazy"
              />
              <span>{b.name}</span>
            </label>
          ))}
        </fieldset>
        <Text size="sm" c="dimmed" aria-hidden="true">
          Choose a bouquet above, or upload a picture of your own.
        </Text>
        <FileInput
          label="Or upload a flower picture"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          clearable
          placeholder="No picture chosen"
          // Mantine's placeholder grey is below 4.5:1 on white; this is real text, so it must pass.
          styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
          clearButtonProps={{ 'aria-label': 'Remove the picture' }}
          value={file}
          onChange={(next) => {
            setFile(next);
            setError(null);
            if (!next && !bouquet) setBouquet(BOUQUETS[0].id);
          }}
          error={error ?? undefined}
        />
        {preview ? (
          <img src={preview} alt="Preview of the picture you chose" className={classes.preview} />
        ) : null}
        {mutation.isPending && file ? (
          <Progress value={Math.round(progress * 100)} aria-label="Upload progress" animated />
        ) : null}
        <Group justify="flex-end">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={mutation.isPending}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={mutation.isPending}>
            Leave Flower
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A temporary URL for previewing a chosen file, released when it changes. */
export function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}
