import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { MemberOption, MemorialDetail } from '@rips/shared/memorials';
import { ConfirmModal } from '@/components/confirm-modal';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { contributorsQuery } from '../api/memorials.api';
import { useRemoveContributor } from '../api/memorials.mutations';

const REMOVED = 'The contributor has been removed from this rip.';
const FAILED = 'Failed to remove the contributor.';

const nameOf = (member: MemberOption) => member.fullName || member.userName;

/** The owner's list of contributors, each with a Remove button that asks once more. */
export function ContributorList({ memorial }: { memorial: MemorialDetail }) {
  const contributors = useQuery({
    ...contributorsQuery(memorial._id, memorial.contributer),
    placeholderData: keepPreviousData,
  });
  const [removing, setRemoving] = useState<MemberOption | null>(null);
  const mutation = useRemoveContributor(memorial._id);

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
                {nameOf(member)}{' '}
                <Text component="span" size="sm" c="dimmed">
                  ({member.userName})
                </Text>
              </Text>
              <Button
                size="xs"
                variant="default"
                onClick={() => setRemoving(member)}
                aria-label={`Remove ${nameOf(member)} as a contributor`}
              >
                Remove
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      <ConfirmModal
        opened={removing !== null}
        title="Remove this contributor?"
        body={`${removing ? nameOf(removing) : ''} will no longer see or add photos, memorabilia and documents on this memorial. What they already added stays.`}
        confirmLabel="Remove"
        busy={mutation.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          mutation.mutate(removing._id, {
            onSuccess: () => {
              setRemoving(null);
              notify.success(REMOVED);
            },
            onError: (err) => notify.error(errorMessage(err, FAILED)),
          })
        }
      />
    </section>
  );
}
