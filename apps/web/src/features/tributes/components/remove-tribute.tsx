import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { TributeItem } from '@rips/shared/tributes';
import { notify } from '@/lib/notify';
import { useReturnFocus } from '@/lib/use-return-focus';
import { removeTribute, useForgetTribute, type TributeKind } from '../api/tributes.api';
import { failureText } from '../lib/format';

const NOUN: Record<TributeKind, string> = {
  flowers: 'flower',
  prayers: 'prayer',
  photos: 'photo',
  memorablias: 'memorablia',
  documents: 'document',
};

/** "Remove" for the item's author, or for the memorial's owner moderating it; asks once before removing. */
export function RemoveTribute({ kind, item }: { kind: TributeKind; item: TributeItem }) {
  const [confirming, setConfirming] = useState(false);
  const rememberOpener = useReturnFocus(confirming);
  const forget = useForgetTribute();
  const noun = NOUN[kind];
  const mutation = useMutation({
    mutationFn: () => removeTribute(kind, item._id),
    onSuccess: () => {
      setConfirming(false);
      forget(kind, item.postId, item._id);
      notify.success(`The ${noun} has been removed.`);
    },
    onError: (error) =>
      notify.error(failureText(`Error removing the ${noun}, please try again.`, error)),
  });
  return (
    <>
      <Button
        variant="subtle"
        color="red"
        size="compact-sm"
        onClick={() => {
          rememberOpener();
          setConfirming(true);
        }}
        aria-label={`Remove the ${noun} left by ${item.owner.fullName}`}
      >
        Remove
      </Button>
      {/* Mounted only while asking: a memorial shows one Remove per tribute. */}
      {confirming ? (
        <Modal
          opened
          onClose={() => setConfirming(false)}
          title={`Remove this ${noun}?`}
          size="sm"
          radius="lg"
        >
          <Stack gap="md">
            <Text>
              The {noun} left by {item.owner.fullName} will be removed from this memorial for
              everyone. This cannot be undone.
            </Text>
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => setConfirming(false)}
                disabled={mutation.isPending}
              >
                Cancel
              </Button>
              <Button color="red" onClick={() => mutation.mutate()} loading={mutation.isPending}>
                Remove
              </Button>
            </Group>
          </Stack>
        </Modal>
      ) : null}
    </>
  );
}
