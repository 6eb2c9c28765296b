import { Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { LoginSchema } from '@rips/shared/users';
import { UserNameInput } from '@/components/identity-inputs';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useNextOfEntry } from '@/lib/use-entry-links';
import { useHydrated } from '@/lib/use-hydrated';
import { useZodForm } from '@/lib/use-zod-form';
import { useLogin } from '../api/auth.api';

export const LOGIN_SUCCESS = 'Login Successful';
const LOGIN_FAILED = 'We could not log you in. Please try again.';

export function LoginForm() {
  const navigate = useNavigate();
  // Sent here from a page (an invitation, an offer, Leave A Flower): back to it afterwards.
  const next = useNextOfEntry();
  const hydrated = useHydrated();
  const form = useZodForm(LoginSchema, { initialValues: { userName: '', password: '' } });
  const mutation = useLogin();

  const onSubmit = form.handleSubmit((credentials) =>
    mutation.mutate(credentials, {
      onSuccess: () => {
        form.notice.success(LOGIN_SUCCESS);
        void navigate(next);
      },
      onError: (error) => form.notice.error(errorMessage(error, LOGIN_FAILED)),
    }),
  );

  return (
    <form method="post" onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <UserNameInput
          label="Username or Email"
          // Rendered on the server: typing waits until the app can keep it.
          readOnly={!hydrated}
          {...form.getInputProps('userName')}
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          readOnly={!hydrated}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-4}>
          <Anchor component={Link} to={paths.forgotPassword.href()} size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={mutation.isPending} disabled={!hydrated}>
          Login
        </Button>
      </Stack>
    </form>
  );
}
