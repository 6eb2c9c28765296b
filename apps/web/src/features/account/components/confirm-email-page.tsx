import { Alert, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { clearSession, getSession, startSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { confirmEmailChange } from '../api/account.api';

const CONFIRM_FAILED = 'We could not confirm your new email. Please try again.';

/**
 * Opened from the link sent to a new email address. Opening it changes nothing; the button does
 * (docs/decisions/0015-email-change-needs-proof.md).
 */
export default function ConfirmEmailPage() {
  useDocumentTitle('Confirm your new email');
  const [params, setParams] = useSearchParams();
  // Read once: the token leaves the address bar (and the history) as soon as the page has it.
  const [token] = useState(() => params.get('token') ?? '');
  useEffect(() => {
    if (params.has('token')) setParams({}, { replace: true });
  }, [params, setParams]);

  const mutation = useMutation({
    mutationFn: () => confirmEmailChange(token),
    onSuccess: (result) => {
      const { userId, session } = result.data;
      // Every token of the account was revoked: keep this browser signed in with the fresh one
      // when it is the same account, otherwise end its session if it was one of them.
      if (session) startSession(session);
      else if (getSession()?.user._id === userId) clearSession();
      notify.success(result.message);
    },
    onError: (error) => notify.error(errorMessage(error, CONFIRM_FAILED)),
  });

  return (
    <Container size={520} py={{ base: 32, sm: 64 }} px={{ base: 'md', sm: 'lg' }}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1} ta="center">
            Confirm your new email
          </Title>
          {!token ? (
            <Alert color="red" variant="light" role="alert">
              This link is incomplete. Please open the whole link from the email, or change your
              email again from your account details.
            </Alert>
          ) : mutation.isSuccess ? (
            <Alert color="sage" variant="light" role="status">
              {mutation.data.message}
            </Alert>
          ) : (
            <>
              <Text>
                Nothing has changed yet. When you press Confirm New Email, your Rips Memorial
                account uses the address this link was sent to: you sign in and receive its mail
                there, and every other device signed in to the account is signed out.
              </Text>
              <Text size="sm" c="dimmed">
                If you did not ask for this, close this page: your account keeps its current email.
              </Text>
              {mutation.isError ? (
                <Alert color="red" variant="light" role="alert">
                  {errorMessage(mutation.error, CONFIRM_FAILED)}
                </Alert>
              ) : null}
              <Button onClick={() => mutation.mutate()} loading={mutation.isPending} fullWidth>
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
      </Paper>
    </Container>
  );
}
