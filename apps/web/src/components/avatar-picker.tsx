import { Avatar, Button, Group, Input, Stack, Text } from '@mantine/core';
import { useId, useRef } from 'react';
import { useObjectUrl } from '@/lib/use-object-url';
import classes from './avatar-picker.module.css';

interface AvatarPickerProps {
  label?: string;
  value?: File | null;
  onChange: (file: File | null) => void;
  error?: string | undefined;
  /** An existing avatar to show until a new file is picked. */
  currentSrc?: string | null;
  required?: boolean;
}

/**
 * A native file input (so keyboards, screen readers and tests can use it) dressed as a round
 * preview and a button. The visible button is only a mouse target; the input takes the focus.
 */
export function AvatarPicker({
  label = 'Avatar',
  value,
  onChange,
  error,
  currentSrc = null,
  required,
}: AvatarPickerProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(value);
  const src = preview ?? currentSrc;
  return (
    <Stack gap={6}>
      <Input.Label htmlFor={id} required={required}>
        {label}
      </Input.Label>
      <Group gap="md" wrap="nowrap">
        <Avatar
          src={src}
          alt={src ? 'Preview of the chosen avatar' : undefined}
          size={72}
          radius="50%"
          color="sage"
          className={classes.preview}
        />
        <Stack gap={4} className={classes.controls}>
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept="image/*"
            className={classes.input}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${errorId} ${hintId}` : hintId}
            aria-required={required || undefined}
            onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
          />
          <Button
            component="span"
            aria-hidden="true"
            variant="default"
            size="sm"
            className={classes.button}
            onClick={() => inputRef.current?.click()}
          >
            {value ? 'Change image' : 'Choose image'}
          </Button>
          <Text id={hintId} size="sm" c="dimmed" className={classes.hint}>
            {value ? value.name : 'A clear photo of your face works best (JPEG, PNG or WebP).'}
          </Text>
        </Stack>
      </Group>
      {error ? (
        <Text id={errorId} size="sm" c="var(--mantine-color-error)">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
