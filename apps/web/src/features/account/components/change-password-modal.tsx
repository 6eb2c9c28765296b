import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { ChangePasswordSchema, type ChangePassword } from '@rips/shared/account';
import { ApiError, errorMessage } from '@/lib/api-client';
import { focusFirstInvalid, toFormErrors, type FormErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { startSession } from '@/lib/session';
import { changePassword } from '../api/account.api';

export const PASSWORD_CHANGED =
  'Your password has been changed. Other sessions have been signed out.';
const CHANGE_FAILED = 'We could not change your password. Please try again.';

type Field = keyof ChangePassword;
const FIELDS: readonly Field[] = ['currentPassword', 'newPassword', 'confirmNewPassword'];
const EMPTY: ChangePassword = { currentPassword: '', newPassword: '', confirmNewPassword: '' };

export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Change Password" size="md">
      {opened ? <ChangePasswordForm onClose={onClose} /> : null}
    </Modal>
  );
}

function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ChangePassword>(EMPTY);
  const [errors, setErrors] = useState<FormErrors<Field>>({});

  const mutation = useMutation({
    mutationFn: () => changePassword(values),
    onSuccess: (session) => {
      // The old token was just revoked: keep this tab signed in with the fresh one.
      startSession(session);
      notify.success(PASSWORD_CHANGED);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(toFormErrors(error.errors, FIELDS));
      notify.error(errorMessage(error, CHANGE_FAILED));
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ChangePasswordSchema.safeParse(values);
    const next = parsed.success ? {} : toFormErrors(parsed.error.issues, FIELDS);
    setErrors(next);
    if (!parsed.success) {
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    mutation.mutate();
  }

  const field = (name: Field) => ({
    name,
    required: true,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((e) => ({ ...e, [name]: undefined }));
    },
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          After the change, every other device signed in to your account is signed out, and we email
          your account to say so.
        </Text>
        <PasswordInput
          label="Current Password"
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <PasswordInput
          label="New Password"
          description="At least 8 characters, with a letter and a digit."
          autoComplete="new-password"
          {...field('newPassword')}
        />
        <PasswordInput
          label="Confirm New Password"
          autoComplete="new-password"
          {...field('confirmNewPassword')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Change Password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
