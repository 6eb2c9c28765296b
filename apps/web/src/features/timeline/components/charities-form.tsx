import { Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import {
  CHARITY_NO_MONEY_NOTE,
  MAX_CHARITIES,
  UpdateCharitiesSchema,
  type Charity,
} from '@rips/shared/timeline';
import { FormModal } from '@/components/form-modal';
import { useSaveCharities } from '../api/timeline.api';

const EMPTY: Charity = { name: '', url: '', registeredNumber: '', reason: '' };

/** Up to three charities the family names in lieu of flowers; a row left empty is dropped. */
export function CharitiesFormModal({
  postId,
  charities,
  onClose,
}: {
  postId: string;
  charities: Charity[];
  onClose: () => void;
}) {
  const [rows, setRows] = useState<Charity[]>(() =>
    Array.from({ length: MAX_CHARITIES }, (_, i) => charities[i] ?? EMPTY),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveCharities(postId);
  const change = (index: number, field: keyof Charity, value: string) =>
    setRows((list) => list.map((row, i) => (i === index ? { ...row, [field]: value } : row)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const kept = rows.filter((row) => Object.values(row).some((v) => v.trim() !== ''));
    const parsed = UpdateCharitiesSchema.safeParse({ charities: kept });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const [, index, field] = issue.path;
        const row = rows.indexOf(kept[Number(index)]!);
        found[`${row}.${String(field)}`] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, { onSuccess: onClose });
  };

  return (
    <FormModal opened onClose={onClose} title="In lieu of flowers" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Name up to {MAX_CHARITIES} charities. {CHARITY_NO_MONEY_NOTE}
          </Text>
          {rows.map((row, i) => (
            <Fieldset key={i} legend={`Charity ${i + 1}`}>
              <Stack gap="xs">
                <TextInput
                  label="Name"
                  maxLength={120}
                  value={row.name}
                  onChange={(e) => change(i, 'name', e.currentTarget.value)}
                  error={errors[`${i}.name`]}
                />
                <TextInput
                  label="Link to its donation page"
                  placeholder="https://"
                  type="url"
                  maxLength={500}
                  value={row.url}
                  onChange={(e) => change(i, 'url', e.currentTarget.value)}
                  error={errors[`${i}.url`]}
                />
                <TextInput
                  label="Registered number (optional)"
                  maxLength={40}
                  value={row.registeredNumber}
                  onChange={(e) => change(i, 'registeredNumber', e.currentTarget.value)}
                  error={errors[`${i}.registeredNumber`]}
                />
                <TextInput
                  label="Why this charity (optional)"
                  maxLength={200}
                  value={row.reason}
                  onChange={(e) => change(i, 'reason', e.currentTarget.value)}
                  error={errors[`${i}.reason`]}
                />
              </Stack>
            </Fieldset>
          ))}
          {save.isError ? (
            <Text c="red" size="sm" role="alert">
              {save.error.message}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save charities
            </Button>
          </Group>
        </Stack>
      </form>
    </FormModal>
  );
}
