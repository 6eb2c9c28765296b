import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { MemberOption, MemorialDetail } from '@rips/shared/memorials';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { contributorsQuery, memorialKeys, removeContributor } from '../api/memorials.api';

const REMOVED = 'The contributor has been removed from this rip.';
const FAILED = 'Failed to remove the contributor.';

/** The owner's list of contributors, each with a Remove button that asks once more. */
export function ContributorList({ memorial }: { memorial: MemorialDetail }) {
  const queryClient = useQueryClient();
  const contributors = useQuery({
    ...contributorsQuery(memorial._id, memorial.contributer),
    placeholderData: keepPreviousData,
  });
  const [removing, setRemoving] = useState<MemberOption | null>(null);

  const mutation = useMutation({
    mutationFn: (member: MemberOption) => removeContributor(memorial._id, member._id),
    onSuccess: (result) => {
      queryClient.setQueryData<MemorialDetail>(memorialKeys.detail(memorial._id), (current) =>
        current ? { ...current, contributer: result.contributer } : current,
      );
      void queryClient.invalidateQueries({ queryKey: memorialKeys.contributors(memorial._id) });
      setRemoving(null);
      notify.success(REMOVED);
    },
    onError: (err) => notify.error(errorMessage(err, FAILED)),
  });

  const members = contributors.data ?? [];
  return (
    <section aria-labelledby="contributors-heading">
      <Title order={3} size="h5" id="contributors-heading" mb={6}>
        Contributors
      </Title>
      {members.length === 0 ? (
        <Text size="sm" c="dimmed">
          {contributors.isPending ? 'Loading contributors…' : 'No contributors yet.'}
        </Text>
      ) : (
        <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
          {members.map((member) => (
            <Group component="li" key={member._id} justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {member.fullName || member.userName}{' '}
                <Text component="span" size="sm" c="dimmed">
                  ({member.userName})
                </Text>
              </Text>
              <Button
                size="xs"
                variant="default"
                onClick={() => setRemoving(member)}
                aria-label={`Remove ${member.fullName || member.userName} as a contributor`}
              >
                Remove
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      <Modal
        opened={removing !== null}
        onClose={() => !mutation.isPending && setRemoving(null)}
        title="Remove this contributor?"
        size="sm"
      >
        <Stack gap="lg">
          <Text>
            {removing?.fullName || removing?.userName} will no longer see or add photos, memorabilia
            and documents on this memorial. What they already added stays.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => setRemoving(null)}
              disabled={mutation.isPending}
            >
              Cancel
            </Button>
            <Button
              color="red"
              loading={mutation.isPending}
              onClick={() => removing && mutation.mutate(removing)}
            >
              Remove
            </Button>
          </Group>
        </Stack>
      </Modal>
    </section>
  );
}
