import { Alert, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { CardPage } from '@/components/card-page';
import { StatusAlert } from '@/components/status-alert';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLinkToken } from '@/lib/use-link-token';
import { useConfirmEmailChange } from '../api/account.api';

const CONFIRM_FAILED = 'We could not confirm your new email. Please try again.';

/**
 * Opened from the link sent to a new email address. Opening it changes nothing; the button does
 * (docs/decisions/0015-email-change-needs-proof.md).
 */
export default function ConfirmEmailPage() {
  useDocumentTitle('Confirm your new email');
  const token = useLinkToken();
  const mutation = useConfirmEmailChange();
  const confirm = () =>
    mutation.mutate(token, {
      onSuccess: (result) => notify.success(result.message),
      onError: (error) => notify.error(errorMessage(error, CONFIRM_FAILED)),
    });

  return (
    <CardPage title="Confirm your new email" size={520}>
      <Stack gap="md">
        {!token ? (
          <Alert color="red" variant="light" role="alert">
            This link is incomplete. Please open the whole link from the email, or change your email
            again from your account details.
          </Alert>
        ) : mutation.isSuccess ? (
          <StatusAlert>{mutation.data.message}</StatusAlert>
        ) : (
          <>
            <Text>
              Nothing has changed yet. When you press Confirm New Email, your Rips Memorial account
              uses the address this link was sent to: you sign in and receive its mail there, and
              every other device signed in to the account is signed out.
            </Text>
            <Text size="sm" c="dimmed">
              If you did not ask for this, close this page: your account keeps its current email.
            </Text>
            {mutation.isError ? (
              <Alert color="red" variant="light" role="alert">
                {errorMessage(mutation.error, CONFIRM_FAILED)}
              </Alert>
            ) : null}
            <Button onClick={confirm} loading={mutation.isPending} fullWidth>
              Confirm New Email
            </Button>
          </>
        )}
        {mutation.isSuccess ? (
          <Button
            component={Link}
            to={mutation.data.data.session ? paths.profile.href() : paths.login.href()}
            variant="default"
          >
            {mutation.data.data.session ? 'Go to your profile' : 'Log in'}
          </Button>
        ) : null}
      </Stack>
    </CardPage>
  );
}
