import {
  Alert,
  Anchor,
  Button,
  Container,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ForgotPasswordSchema } from '@rips/shared/account';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { focusFirstInvalid, toFormErrors, type FormErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';
import { requestPasswordReset } from '../api/password-reset.api';

const FIELDS = ['userName', 'email', 'newPassword', 'confirmNewPassword'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
const EMPTY: Values = { userName: '', email: '', newPassword: '', confirmNewPassword: '' };
const REQUEST_FAILED = 'We could not send the reset link. Please try again.';

/**
 * The spec's reset form. The new password never takes effect from here: the emailed link opens a
 * page where it is typed again and submitted (ARCHITECTURE.md deviation 2); the alert shows the
 * server's own words.
 */
export default function ForgotPasswordPage() {
  useDocumentTitle('Reset password');
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [sent, setSent] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: () => requestPasswordReset(values),
    onSuccess: (result) => {
      notify.success(result.message);
      setSent(result.message);
      setValues(EMPTY);
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(toFormErrors(error.errors, FIELDS));
      notify.error(errorMessage(error, REQUEST_FAILED));
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ForgotPasswordSchema.safeParse(values);
    setErrors(parsed.success ? {} : toFormErrors(parsed.error.issues, FIELDS));
    if (!parsed.success) {
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    setSent(null);
    mutation.mutate();
  }

  const field = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((e) => ({ ...e, [name]: undefined }));
    },
  });

  return (
    <Container size={480} py={{ base: 32, sm: 64 }} px={{ base: 'md', sm: 'lg' }}>
      <Stack gap="xs" mb="lg" ta="center">
        <Title order={1}>Reset password</Title>
        <Text c="dimmed">
          Choose a new password. We will email your account a link; open it and type the same new
          password there to set it. Until then your current password keeps working.
        </Text>
      </Stack>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <form ref={formRef} onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            {sent ? (
              <Alert color="sage" variant="light" title="Check your email" role="status">
                {sent}
              </Alert>
            ) : null}
            <TextInput
              label="Username"
              required
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              {...field('userName')}
            />
            <TextInput
              label="Email (Optional)"
              type="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              description="If you give it, it must be the email of your account."
              {...field('email')}
            />
            <PasswordInput
              label="New Password"
              required
              autoComplete="new-password"
              description="At least 8 characters, with a letter and a digit."
              {...field('newPassword')}
            />
            <PasswordInput
              label="Confirm New Password"
              required
              autoComplete="new-password"
              {...field('confirmNewPassword')}
            />
            <Button type="submit" size="md" fullWidth loading={mutation.isPending}>
              Reset Password
            </Button>
          </Stack>
        </form>
      </Paper>
      <Text ta="center" mt="lg" size="sm">
        Remembered it?{' '}
        <Anchor component={Link} to={paths.login.href()} fw={600}>
          Back to login
        </Anchor>
      </Text>
    </Container>
  );
}
