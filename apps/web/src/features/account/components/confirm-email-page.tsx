import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ConfirmEmailChangeSchema } from '@rips/shared/account';
import { EmailedLinkPage, LinkFailure } from '@/components/emailed-link-page';
import { paths } from '@/config/paths';
import { useLinkForm } from '@/lib/link-form';
import { useConfirmEmailChange } from '../api/account.api';

const CONFIRM_FAILED = 'We could not confirm your new email. Please try again.';

/**
 * Opened from the link sent to a new email address. Opening it changes nothing; the button does,
 * with the account's current password
 * (docs/decisions/0088-email-change-confirmed-with-password.md).
 */
export default function ConfirmEmailPage() {
  const mutation = useConfirmEmailChange();
  const { form, onSubmit, failure, link } = useLinkForm(
    ConfirmEmailChangeSchema,
    { currentPassword: '' },
    mutation,
    CONFIRM_FAILED,
  );

  return (
    <EmailedLinkPage
      title="Confirm your new email"
      {...link}
      incomplete="This link is incomplete. Please open the whole link from the email, or change your email again from your account details."
      after={
        mutation.isSuccess ? (
          <Button
            component={Link}
            to={mutation.data.data.session ? paths.profile.href() : paths.login.href()}
            variant="default"
          >
            {mutation.data.data.session ? 'Go to your profile' : 'Log in'}
          </Button>
        ) : null
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text>
            Nothing has changed yet. When you type your current password and press Confirm New
            Email, your Rips Memorial account uses the address this link was sent to: you sign in
            and receive its mail there, and every other device signed in to the account is signed
            out.
          </Text>
          <Text size="sm" c="dimmed">
            If you did not ask for this, close this page: your account keeps its current email.
          </Text>
          {failure !== null ? <LinkFailure>{failure}</LinkFailure> : null}
          <PasswordInput
            label="Current Password"
            name="currentPassword"
            required
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
          />
          <Button type="submit" loading={mutation.isPending} fullWidth>
            Confirm New Email
          </Button>
        </Stack>
      </form>
    </EmailedLinkPage>
  );
}
