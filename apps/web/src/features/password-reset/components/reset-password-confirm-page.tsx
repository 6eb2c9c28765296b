import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ResetPasswordConfirmSchema } from '@rips/shared/account';
import { EmailedLinkPage, LinkFailure } from '@/components/emailed-link-page';
import { NewPasswordFields } from '@/components/new-password-fields';
import { paths } from '@/config/paths';
import { useLinkForm } from '@/lib/link-form';
import { useConfirmPasswordReset } from '../api/password-reset.api';

const CONFIRM_FAILED = 'We could not set your new password. Please try again.';

/**
 * Opened from the emailed link. Opening it changes nothing: the holder of the link types the new
 * password chosen on the reset form, twice, and only the submit sets it
 * (docs/decisions/0014-reset-link-opens-a-form.md).
 */
export default function ResetPasswordConfirmPage() {
  const mutation = useConfirmPasswordReset();
  const { form, onSubmit, failure, link } = useLinkForm(
    ResetPasswordConfirmSchema,
    { newPassword: '', confirmNewPassword: '' },
    mutation,
    CONFIRM_FAILED,
  );

  return (
    <EmailedLinkPage
      title="Set your new password"
      {...link}
      incomplete="This link is incomplete. Please open the whole link from the email, or ask for a new one."
      after={
        mutation.isSuccess ? (
          <Button component={Link} to={paths.login.href()}>
            Log in
          </Button>
        ) : failure !== null || !link.token ? (
          <Button component={Link} to={paths.forgotPassword.href()} variant="default">
            Ask for a new link
          </Button>
        ) : null
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text>
            Type the new password you chose on the reset form, twice. Nothing has changed yet: your
            current password keeps working until you press Set New Password.
          </Text>
          <Text size="sm">
            When you submit, the new password takes effect and every device signed in to the account
            is signed out. We email the account to say so.
          </Text>
          <Text size="sm">
            If you did not ask to reset your password, close this page. Never type a password
            someone else gave you.
          </Text>
          {failure !== null ? <LinkFailure>{failure}</LinkFailure> : null}
          <NewPasswordFields
            newPassword={form.getInputProps('newPassword')}
            confirmNewPassword={form.getInputProps('confirmNewPassword')}
          />
          <Button type="submit" fullWidth loading={mutation.isPending}>
            Set New Password
          </Button>
        </Stack>
      </form>
    </EmailedLinkPage>
  );
}
