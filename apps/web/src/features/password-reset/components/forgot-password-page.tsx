import { Anchor, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ForgotPasswordSchema } from '@rips/shared/account';
import { CardPage } from '@/components/card-page';
import { StatusAlert } from '@/components/status-alert';
import { NewPasswordFields } from '@/components/new-password-fields';
import { EmailInput, UserNameInput } from '@/components/identity-inputs';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useZodForm } from '@/lib/use-zod-form';
import { useRequestPasswordReset } from '../api/password-reset.api';

const REQUEST_FAILED = 'We could not send the reset link. Please try again.';

/**
 * The spec's reset form. The new password never takes effect from here: the emailed link opens a
 * page where it is typed again and submitted (ARCHITECTURE.md deviation 2); the alert shows the
 * server's own words.
 */
export default function ForgotPasswordPage() {
  useDocumentTitle('Reset password');
  const form = useZodForm(ForgotPasswordSchema, {
    initialValues: { userName: '', email: '', newPassword: '', confirmNewPassword: '' },
  });
  const [sent, setSent] = useState<string | null>(null);
  const mutation = useRequestPasswordReset();

  const onSubmit = form.handleSubmit((input) => {
    setSent(null);
    mutation.mutate(input, {
      onSuccess: (result) => {
        form.notice.success(result.message);
        setSent(result.message);
        form.reset();
      },
      onError: (error) => {
        form.showServerErrors(error);
        form.notice.error(errorMessage(error, REQUEST_FAILED));
      },
    });
  });

  return (
    <CardPage
      title="Reset password"
      intro="Choose a new password. We will email your account a link; open it and type the same new password there to set it. Until then your current password keeps working."
      footer={
        <>
          Remembered it?{' '}
          <Anchor component={Link} to={paths.login.href()} fw={600}>
            Back to login
          </Anchor>
        </>
      }
    >
      <form method="post" onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {sent ? <StatusAlert title="Check your email">{sent}</StatusAlert> : null}
          <UserNameInput {...form.getInputProps('userName')} />
          <EmailInput
            label="Email (Optional)"
            required={false}
            description="If you give it, it must be the email of your account."
            {...form.getInputProps('email')}
          />
          <NewPasswordFields
            newPassword={form.getInputProps('newPassword')}
            confirmNewPassword={form.getInputProps('confirmNewPassword')}
          />
          <Button type="submit" size="md" fullWidth loading={mutation.isPending}>
            Reset Password
          </Button>
        </Stack>
      </form>
    </CardPage>
  );
}
