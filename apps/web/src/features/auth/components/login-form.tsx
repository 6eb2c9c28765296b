import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { focusFirstInvalid, hasErrors, type FormErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { startSession } from '@/lib/session';
import { useHydrated } from '@/lib/use-hydrated';
import { authKeys, login } from '../api/auth.api';

export const LOGIN_SUCCESS = 'Login Successful';
const LOGIN_FAILED = 'We could not log you in. Please try again.';

type Field = 'identifier' | 'password';

/** Messages match LoginSchema in @rips/shared/users. */
function validate(identifier: string, password: string): FormErrors<Field> {
  return {
    identifier: identifier.trim() ? undefined : 'Enter your username or email.',
    password: password ? undefined : 'Password is required.',
  };
}

export function LoginForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors<Field>>({});

  const mutation = useMutation({
    mutationFn: () => login(identifier, password),
    onSuccess: (session) => {
      startSession(session);
      queryClient.setQueryData(authKeys.me(session.user._id), {
        user: session.user,
        roles: session.roles,
      });
      notify.success(LOGIN_SUCCESS);
      void navigate(paths.home.href());
    },
    onError: (error) => notify.error(errorMessage(error, LOGIN_FAILED)),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = validate(identifier, password);
    setErrors(next);
    if (hasErrors(next)) {
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    mutation.mutate();
  }

  return (
    <form ref={formRef} method="post" onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Username or Email"
          name="userName"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          // Rendered on the server: typing waits until the app can keep it.
          readOnly={!hydrated}
          value={identifier}
          error={errors.identifier}
          onChange={(event) => {
            setIdentifier(event.currentTarget.value);
            if (errors.identifier) setErrors((e) => ({ ...e, identifier: undefined }));
          }}
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          readOnly={!hydrated}
          value={password}
          error={errors.password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            if (errors.password) setErrors((e) => ({ ...e, password: undefined }));
          }}
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
