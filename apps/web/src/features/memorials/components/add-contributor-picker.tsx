import { Button, Group, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { MemorialDetail } from '@rips/shared/memorials';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { addContributor, memorialKeys, searchMembers } from '../api/memorials.api';
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
  const queryClient = useQueryClient();
  const [search, setSearch] = useState(initialSearch);
  const [debounced] = useDebouncedValue(search, 250);
  const [userId, setUserId] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();

  const members = useQuery({
    queryKey: memorialKeys.members(debounced.trim()),
    queryFn: ({ signal }) => searchMembers(debounced, signal),
    staleTime: 60_000,
  });
  const options = (members.data ?? [])
    .filter((m) => m._id !== memorial.owner._id && !memorial.contributer.includes(m._id))
    .map((m) => ({
      value: m._id,
      label: m.fullName ? `${m.fullName} (${m.userName})` : m.userName,
    }));

  const mutation = useMutation({
    mutationFn: (id: string) => addContributor(id, memorial._id),
    onSuccess: (result) => {
      queryClient.setQueryData<MemorialDetail>(memorialKeys.detail(memorial._id), (current) =>
        current ? { ...current, contributer: result.contributer } : current,
      );
      void queryClient.invalidateQueries({ queryKey: memorialKeys.contributors(memorial._id) });
      setUserId(null);
      setSearch('');
      setError(undefined);
      notify.success(ADDED);
    },
    onError: (err) => {
      // The notice is the spec's; the reason (already added, unknown member) sits under the field.
      setError(err instanceof ApiError && err.status < 500 ? err.message : undefined);
      notify.error(FAILED);
    },
  });

  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label={PICKER_LABEL}
        placeholder={PICKER_PLACEHOLDER}
        searchable
        clearable
        data={options}
        value={userId}
        onChange={(value) => {
          setUserId(value);
          setError(undefined);
        }}
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        nothingFoundMessage={members.isFetching ? 'Searching…' : 'No members found'}
        error={error}
        comboboxProps={{ withinPortal: true }}
        // It takes the stand-in's place while someone is typing: keep their focus and open list.
        autoFocus={focused}
        defaultDropdownOpened={focused && initialSearch !== ''}
        style={{ flex: '1 1 240px' }}
      />
      <Button
        onClick={() => userId && mutation.mutate(userId)}
        disabled={!userId}
        loading={mutation.isPending}
      >
        Confirm
      </Button>
    </Group>
  );
}
