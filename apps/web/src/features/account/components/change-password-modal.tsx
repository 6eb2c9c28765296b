import { PasswordInput, Stack, Text } from '@mantine/core';
import { ChangePasswordSchema } from '@rips/shared/account';
import { FormModal, type ModalControl } from '@/components/form-modal';
import { NewPasswordFields } from '@/components/new-password-fields';
import { FormActions } from '@/components/form-actions';
import { errorMessage } from '@/lib/api-client';
import { useZodForm } from '@/lib/use-zod-form';
import { useChangePassword } from '../api/account.api';

export const PASSWORD_CHANGED =
  'Your password has been changed. Other sessions have been signed out.';
const CHANGE_FAILED = 'We could not change your password. Please try again.';

export function ChangePasswordModal({ opened, onClose }: ModalControl) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Change Password">
      <ChangePasswordForm onClose={onClose} />
    </FormModal>
  );
}

function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const form = useZodForm(ChangePasswordSchema, {
    initialValues: { currentPassword: '', newPassword: '', confirmNewPassword: '' },
  });
  const mutation = useChangePassword();

  const onSubmit = form.handleSubmit((input) =>
    mutation.mutate(input, {
      onSuccess: () => {
        form.notice.success(PASSWORD_CHANGED);
        onClose();
      },
      onError: (error) => {
        form.showServerErrors(error);
        form.notice.error(errorMessage(error, CHANGE_FAILED));
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          After the change, every other device signed in to your account is signed out, and we email
          your account to say so.
        </Text>
        <PasswordInput
          label="Current Password"
          name="currentPassword"
          autoComplete="current-password"
          required
          {...form.getInputProps('currentPassword')}
        />
        <NewPasswordFields
          newPassword={form.getInputProps('newPassword')}
          confirmNewPassword={form.getInputProps('confirmNewPassword')}
        />
        <FormActions submitLabel="Change Password" busy={mutation.isPending} cancel={onClose} />
      </Stack>
    </form>
  );
}
