import { Button, Group, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { AddContributorSchema } from '@rips/shared/memorials';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { MemorialDetail } from '@rips/shared/memorials';
import { ApiError } from '@/lib/api-client';
import { useZodForm } from '@/lib/use-zod-form';
import { membersQuery } from '../api/memorials.api';
import { useAddContributor } from '../api/memorials.mutations';
import { PICKER_LABEL, PICKER_PLACEHOLDER } from './add-contributor';

const ADDED = 'Contributer has been added to this rip successfully!';
const FAILED = 'Failed to update user role.';

interface AddContributorPickerProps {
  memorial: MemorialDetail;
  /** What was typed into the stand-in before this loaded, and whether it had focus. */
  initialSearch: string;
  focused: boolean;
}

/** The owner picks a member (searchable by name) and confirms; the member may then add to the galleries. */
export default function AddContributorPicker({
  memorial,
  initialSearch,
  focused,
}: AddContributorPickerProps) {
  const [search, setSearch] = useState(initialSearch);
  const [debounced] = useDebouncedValue(search, 250);
  const members = useQuery(membersQuery(debounced));
  const options = (members.data ?? [])
    .filter((m) => m._id !== memorial.owner._id && !memorial.contributer.includes(m._id))
    .map((m) => ({
      value: m._id,
      label: m.fullName ? `${m.fullName} (${m.userName})` : m.userName,
    }));

  const form = useZodForm(AddContributorSchema, {
    initialValues: { postId: memorial._id, userId: '' },
  });
  const mutation = useAddContributor(memorial._id);
  const onSubmit = form.handleSubmit(({ userId }) => {
    if (!userId) return;
    mutation.mutate(userId, {
      onSuccess: () => {
        form.setFieldValue('userId', '');
        setSearch('');
        form.notice.success(ADDED);
      },
      onError: (err) => {
        // The notice is the spec's; the reason (already added, unknown member) sits under the field.
        if (err instanceof ApiError && err.status < 500) form.setFieldError('userId', err.message);
        form.notice.error(FAILED);
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={PICKER_LABEL}
          placeholder={PICKER_PLACEHOLDER}
          searchable
          clearable
          data={options}
          {...form.getInputProps('userId')}
          value={form.values.userId || null}
          onChange={(value) => form.setFieldValue('userId', value ?? '')}
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          nothingFoundMessage={members.isFetching ? 'Searching…' : 'No members found'}
          comboboxProps={{ withinPortal: true }}
          // It takes the stand-in's place while someone is typing: keep their focus and open list.
          autoFocus={focused}
          defaultDropdownOpened={focused && initialSearch !== ''}
          style={{ flex: '1 1 240px' }}
        />
        <Button type="submit" disabled={!form.values.userId} loading={mutation.isPending}>
          Confirm
        </Button>
      </Group>
    </form>
  );
}
