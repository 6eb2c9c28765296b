import { Button } from '@mantine/core';
import { useState } from 'react';
import type { TributeItem } from '@rips/shared/tributes';
import { ConfirmModal } from '@/components/confirm-modal';
import type { TributeKindDescriptor } from '@/config/tribute-kinds';
import { notify } from '@/lib/notify';
import { useReturnFocus } from '@/lib/use-return-focus';
import { useRemoveTribute } from '../api/tributes.mutations';
import { authorOf, failureText } from '../lib/format';

/** "Remove" for the item's author, or for the memorial's owner moderating it; asks once before removing. */
export function RemoveTribute({ kind, item }: { kind: TributeKindDescriptor; item: TributeItem }) {
  const [confirming, setConfirming] = useState(false);
  const rememberOpener = useReturnFocus(confirming);
  const mutation = useRemoveTribute(kind.kind);
  const { noun } = kind;
  // Awaited rather than with mutate's callbacks: the item, and this button with it, leaves the
  // list as soon as the removal succeeds, and the notice must still be shown.
  const remove = async () => {
    try {
      await mutation.mutateAsync(item);
      setConfirming(false);
      notify.success(`The ${noun} has been removed.`);
    } catch (error) {
      notify.error(failureText(`Error removing the ${noun}, please try again.`, error));
    }
  };
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
        aria-label={`Remove the ${noun} left by ${authorOf(item)}`}
      >
        Remove
      </Button>
      {/* Mounted only while asking: a memorial shows one Remove per tribute. */}
      {confirming ? (
        <ConfirmModal
          opened
          title={`Remove this ${noun}?`}
          body={`The ${noun} left by ${authorOf(item)} will be removed from this memorial for everyone. This cannot be undone.`}
          confirmLabel="Remove"
          busy={mutation.isPending}
          onConfirm={() => void remove()}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </>
  );
}
