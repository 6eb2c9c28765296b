import { Alert, Button, Container, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ResetPasswordConfirmSchema } from '@rips/shared/account';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { focusFirstInvalid, toFormErrors, type FormErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { clearSession, getSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { confirmPasswordReset } from '../api/password-reset.api';

const CONFIRM_FAILED = 'We could not set your new password. Please try again.';
const FIELDS = ['newPassword', 'confirmNewPassword'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
const EMPTY: Values = { newPassword: '', confirmNewPassword: '' };

/**
 * Opened from the emailed link. Opening it changes nothing: the holder of the link types the new
 * password chosen on the reset form, twice, and only the submit sets it
 * (docs/decisions/0014-reset-link-opens-a-form.md).
 */
export default function ResetPasswordConfirmPage() {
  useDocumentTitle('Set your new password');
  const [params, setParams] = useSearchParams();
  // Read once: the token leaves the address bar (and the history) as soon as the page has it.
  const [token] = useState(() => params.get('token') ?? '');
  useEffect(() => {
    if (params.has('token')) setParams({}, { replace: true });
  }, [params, setParams]);

  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const mutation = useMutation({
    mutationFn: () => confirmPasswordReset({ token, ...values }),
    onSuccess: (result) => {
      // Every session of that account has just been revoked; end this browser's if it is one.
      if (getSession()?.user._id === result.data.userId) clearSession();
      setValues(EMPTY);
      notify.success(result.message);
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(toFormErrors(error.errors, FIELDS));
      notify.error(errorMessage(error, CONFIRM_FAILED));
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ResetPasswordConfirmSchema.safeParse({ token, ...values });
    setErrors(parsed.success ? {} : toFormErrors(parsed.error.issues, FIELDS));
    if (!parsed.success) {
      if (!parsed.error.issues.some((issue) => issue.path[0] !== 'token')) {
        notify.error(parsed.error.issues[0]?.message ?? CONFIRM_FAILED);
      }
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

  const failed =
    mutation.isError && !(mutation.error instanceof ApiError && mutation.error.errors.length > 0);

  return (
    <Container size={520} py={{ base: 32, sm: 64 }} px={{ base: 'md', sm: 'lg' }}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1} ta="center">
            Set your new password
          </Title>
          {!token ? (
            <Alert color="red" variant="light" role="alert">
              This link is incomplete. Please open the whole link from the email, or ask for a new
              one.
            </Alert>
          ) : mutation.isSuccess ? (
            <Alert color="sage" variant="light" role="status">
              {mutation.data.message}
            </Alert>
          ) : (
            <form ref={formRef} onSubmit={onSubmit} noValidate>
              <Stack gap="md">
                <Text>
                  Type the new password you chose on the reset form, twice. Nothing has changed yet:
                  your current password keeps working until you press Set New Password.
                </Text>
                <Text size="sm">
                  When you submit, the new password takes effect and every device signed in to the
                  account is signed out. We email the account to say so.
                </Text>
                <Text size="sm">
                  If you did not ask to reset your password, close this page. Never type a password
                  someone else gave you.
                </Text>
                {failed ? (
                  <Alert color="red" variant="light" role="alert">
                    {errorMessage(mutation.error, CONFIRM_FAILED)}
                  </Alert>
                ) : null}
                <PasswordInput
                  label="New Password"
                  autoComplete="new-password"
                  {...field('newPassword')}
                />
                <PasswordInput
                  label="Confirm New Password"
                  autoComplete="new-password"
                  {...field('confirmNewPassword')}
                />
                <Button type="submit" fullWidth loading={mutation.isPending}>
                  Set New Password
                </Button>
              </Stack>
            </form>
          )}
          {mutation.isSuccess ? (
            <Button component={Link} to={paths.login.href()}>
              Log in
            </Button>
          ) : failed || !token ? (
            <Button component={Link} to={paths.forgotPassword.href()} variant="default">
              Ask for a new link
            </Button>
          ) : null}
        </Stack>
      </Paper>
    </Container>
  );
}
