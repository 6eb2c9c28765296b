import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { MemorialDetail } from '@rips/shared/memorials';
import { ApiError } from '@/lib/api-client';
import { focusFirstInvalid, hasErrors, toFormErrors, type FormErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { memorialKeys, updateMemorial } from '../api/memorials.api';
import { validateMemorial } from '../lib/validate';
import {
  MEMORIAL_FIELDS,
  MemorialFields,
  toFormData,
  type MemorialField,
  type MemorialFormValues,
} from './memorial-fields';

const UPDATED = 'Post updated successfully!';

function valuesOf(memorial: MemorialDetail): MemorialFormValues {
  return {
    title: memorial.title,
    description: memorial.description,
    birthPlace: memorial.birthPlace,
    burial: memorial.burial,
    plot: memorial.plot,
    dateOfBirth: memorial.dateOfBirth,
    deathDate: memorial.deathDate,
    traits: memorial.traits,
    image: null,
  };
}

interface EditMemorialModalProps {
  memorial: MemorialDetail;
  opened: boolean;
  onClose: () => void;
}

/** The Edit Rip modal. The picture may stay as it is (docs/decisions: edit without a new image). */
export function EditMemorialModal({ memorial, opened, onClose }: EditMemorialModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Edit Rip" size="lg" radius="lg">
      {/* Mounted only while open, so each opening starts from the saved memorial. */}
      {opened ? <EditMemorialForm memorial={memorial} onClose={onClose} /> : null}
    </Modal>
  );
}

function EditMemorialForm({
  memorial,
  onClose,
}: {
  memorial: MemorialDetail;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const errorId = useId();
  const [values, setValues] = useState<MemorialFormValues>(() => valuesOf(memorial));
  const [errors, setErrors] = useState<FormErrors<MemorialField>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: () => updateMemorial(memorial._id, toFormData(values)),
    onSuccess: (updated) => {
      queryClient.setQueryData(memorialKeys.detail(memorial._id), updated);
      void queryClient.invalidateQueries({ queryKey: ['memorials', 'list'] });
      notify.success(UPDATED);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(toFormErrors(error.errors, MEMORIAL_FIELDS));
      setFormError(
        error instanceof ApiError && error.status < 500 && error.message
          ? error.message
          : 'An error occurred',
      );
    },
  });

  function onChange<K extends MemorialField>(field: K, value: MemorialFormValues[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const next = validateMemorial(values);
    setErrors(next);
    if (hasErrors(next)) {
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    mutation.mutate();
  }

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      aria-describedby={formError ? errorId : undefined}
    >
      <Stack gap="md">
        <MemorialFields
          values={values}
          errors={errors}
          onChange={onChange}
          variant="edit"
          currentImageNote={memorial.image ? 'Leave empty to keep the current picture' : undefined}
        />
        {formError ? (
          <Text id={errorId} c="red.7" size="sm" role="alert">
            {formError}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Updating...' : 'Update Rip'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
