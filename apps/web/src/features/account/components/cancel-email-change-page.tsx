import { Alert, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { CardPage } from '@/components/card-page';
import { StatusAlert } from '@/components/status-alert';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLinkToken } from '@/lib/use-link-token';
import { useCancelEmailChange } from '../api/account.api';

const CANCEL_FAILED = 'We could not cancel the email change. Please try again.';

/**
 * "This was not me", opened from the notice sent to the account's current address when someone
 * asked to change it. Opening it changes nothing; the button cancels the change and signs out
 * every session (docs/decisions/0088-email-change-confirmed-with-password.md).
 */
export default function CancelEmailChangePage() {
  useDocumentTitle('Cancel the email change');
  const token = useLinkToken();
  const mutation = useCancelEmailChange();
  const cancel = () =>
    mutation.mutate(
      { token },
      {
        onSuccess: (result) => notify.success(result.message),
        onError: (error) => notify.error(errorMessage(error, CANCEL_FAILED)),
      },
    );

  return (
    <CardPage title="Cancel the email change" size={520}>
      <Stack gap="md">
        {!token ? (
          <Alert color="red" variant="light" role="alert">
            This link is incomplete. Please open the whole link from the email.
          </Alert>
        ) : mutation.isSuccess ? (
          <StatusAlert>{mutation.data.message}</StatusAlert>
        ) : (
          <>
            <Text>
              Someone signed in to your account asked to change its email. If it was not you, press
              the button: the change is cancelled, your email stays the one this link was sent to,
              and every device signed in to your account is signed out.
            </Text>
            <Text size="sm" c="dimmed">
              Then log in and change your password: someone may know it.
            </Text>
            {mutation.isError ? (
              <Alert color="red" variant="light" role="alert">
                {errorMessage(mutation.error, CANCEL_FAILED)}
              </Alert>
            ) : null}
            <Button onClick={cancel} loading={mutation.isPending} color="red" fullWidth>
              This Was Not Me
            </Button>
          </>
        )}
        {mutation.isSuccess ? (
          <Button component={Link} to={paths.login.href()} variant="default">
            Log in
          </Button>
        ) : null}
      </Stack>
    </CardPage>
  );
}
