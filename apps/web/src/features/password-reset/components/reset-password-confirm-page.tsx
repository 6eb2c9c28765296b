import { Alert, Button, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { clearSession, getSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { confirmPasswordReset } from '../api/password-reset.api';

const CONFIRM_FAILED = 'We could not confirm your new password. Please try again.';

/** Opened from the emailed link: applies the requested password once, then asks for a fresh login. */
export default function ResetPasswordConfirmPage() {
  useDocumentTitle('Confirm your new password');
  const [params, setParams] = useSearchParams();
  // Read once: the token leaves the address bar (and the history) as soon as the page has it.
  const [token] = useState(() => params.get('token') ?? '');

  const mutation = useMutation({
    mutationFn: () => confirmPasswordReset(token),
    onSuccess: (result) => {
      // Every session of that account has just been revoked; end this browser's if it is one.
      if (getSession()?.user._id === result.data.userId) clearSession();
      notify.success(result.message);
    },
    onError: (error) => notify.error(errorMessage(error, CONFIRM_FAILED)),
  });

  const { mutate } = mutation;
  // Once per page load, even when development mode runs effects twice: a second call would
  // only find the link already used.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (params.has('token')) setParams({}, { replace: true });
    if (token) mutate();
  }, [params, setParams, token, mutate]);

  return (
    <Container size={520} py={{ base: 32, sm: 64 }} px={{ base: 'md', sm: 'lg' }}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="md" align="center" ta="center">
          <Title order={1}>Confirm your new password</Title>
          {!token ? (
            <Alert color="red" variant="light" role="alert" w="100%">
              This link is incomplete. Please open the whole link from the email, or ask for a new
              one.
            </Alert>
          ) : mutation.isPending || mutation.isIdle ? (
            <Stack align="center" gap="xs" role="status">
              <Loader size="md" aria-hidden="true" />
              <Text>Confirming your new password…</Text>
            </Stack>
          ) : mutation.isSuccess ? (
            <Alert color="sage" variant="light" role="status" w="100%">
              {mutation.data.message}
            </Alert>
          ) : (
            <Alert color="red" variant="light" role="alert" w="100%">
              {errorMessage(mutation.error, CONFIRM_FAILED)}
            </Alert>
          )}
          {mutation.isSuccess ? (
            <Button component={Link} to={paths.login.href()}>
              Log in
            </Button>
          ) : mutation.isError || !token ? (
            <Button component={Link} to={paths.forgotPassword.href()} variant="default">
              Ask for a new link
            </Button>
          ) : null}
        </Stack>
      </Paper>
    </Container>
  );
}
