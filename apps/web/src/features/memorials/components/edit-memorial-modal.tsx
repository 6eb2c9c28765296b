import { Stack, Text } from '@mantine/core';
import { useId } from 'react';
import type { MemorialDetail } from '@rips/shared/memorials';
import { FormModal, type ModalControl } from '@/components/form-modal';
import { FormActions } from '@/components/form-actions';
import { ApiError } from '@/lib/api-client';
import { useZodForm } from '@/lib/use-zod-form';
import { useUpdateMemorial } from '../api/memorials.mutations';
import {
  MemorialFormSchema,
  memorialFormValues,
  memorialUpdateFormData,
} from '../lib/memorial-form';
import { MemorialFields } from './memorial-fields';

const UPDATED = 'Post updated successfully!';
const UPDATE_FAILED = 'An error occurred';

interface EditMemorialModalProps extends ModalControl {
  memorial: MemorialDetail;
}

/** The Edit Rip modal. The picture may stay as it is (docs/decisions: edit without a new image). */
export function EditMemorialModal({ memorial, opened, onClose }: EditMemorialModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Edit Rip" size="lg">
      <EditMemorialForm memorial={memorial} onClose={onClose} />
    </FormModal>
  );
}

function EditMemorialForm({
  memorial,
  onClose,
}: {
  memorial: MemorialDetail;
  onClose: () => void;
}) {
  const errorId = useId();
  const form = useZodForm(MemorialFormSchema, {
    initialValues: memorialFormValues(memorial),
    draftKey: `memorial:${memorial._id}`,
  });
  const mutation = useUpdateMemorial(memorial._id);
  // The spec's inline error: the server's words, or its fallback.
  const formError = mutation.error
    ? mutation.error instanceof ApiError && mutation.error.status < 500 && mutation.error.message
      ? mutation.error.message
      : UPDATE_FAILED
    : null;

  const onSubmit = form.handleSubmit(
    (input) => {
      mutation.mutate(memorialUpdateFormData(input), {
        onSuccess: () => {
          form.settled();
          form.notice.success(UPDATED);
          onClose();
        },
        onError: (error) => form.showServerErrors(error, { fileField: 'image' }),
      });
    },
    // A new attempt: the last answer's error no longer applies.
    () => mutation.reset(),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-describedby={formError ? errorId : undefined}>
      <Stack gap="md">
        <MemorialFields
          form={form}
          variant="edit"
          currentImageNote={memorial.image ? 'Leave empty to keep the current picture' : undefined}
        />
        {formError ? (
          <Text id={errorId} c="red.7" size="sm" role="alert">
            {formError}
          </Text>
        ) : null}
        <FormActions
          submitLabel="Update Rip"
          busyLabel="Updating..."
          busy={mutation.isPending}
          cancel={onClose}
        />
      </Stack>
    </form>
  );
}
