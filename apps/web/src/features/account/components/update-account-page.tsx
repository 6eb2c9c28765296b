import {
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { UpdateAccountSchema, type UpdateAccount } from '@rips/shared/account';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { focusFirstInvalid, toFormErrors, type FormErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { updateSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '@/lib/use-session';
import { updateAccount } from '../api/account.api';

export const ACCOUNT_UPDATED = 'Account details updated successfully!';
const EMAIL_TAKEN = 'Email Already Exists';
const UPDATE_FAILED = 'An error occurred while updating your account details.';

type Field = keyof UpdateAccount;
const FIELDS: readonly Field[] = ['fullName', 'email'];

export default function UpdateAccountPage() {
  useDocumentTitle('Account details');
  const { user } = useSession();
  if (!user) return <Navigate to={paths.login.href()} replace />;
  return (
    <Container size={560} py={{ base: 'lg', sm: 48 }}>
      <Stack gap="xs" mb="lg">
        <Title order={1}>Account details</Title>
        <Text c="dimmed">
          Your full name is shown on the memorials you sponsor and the tributes you leave. Your
          email is where we send password reset links; nobody else sees it.
        </Text>
      </Stack>
      <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 'xl' }}>
        <UpdateAccountForm initial={{ fullName: user.fullName, email: user.email }} />
      </Paper>
      <Text size="sm" mt="lg">
        <Anchor component={Link} to={paths.profile.href()}>
          Back to your profile
        </Anchor>
      </Text>
    </Container>
  );
}

function UpdateAccountForm({ initial }: { initial: UpdateAccount }) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<UpdateAccount>(initial);
  const [errors, setErrors] = useState<FormErrors<Field>>({});

  const mutation = useMutation({
    mutationFn: () => updateAccount(values),
    onSuccess: ({ user, roles }) => {
      updateSession({ user, roles });
      notify.success(ACCOUNT_UPDATED);
      void navigate(paths.profile.href());
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'EMAIL_TAKEN') {
        setErrors({ email: EMAIL_TAKEN });
        notify.error(EMAIL_TAKEN);
      } else {
        if (error instanceof ApiError) setErrors(toFormErrors(error.errors, FIELDS));
        notify.error(errorMessage(error, UPDATE_FAILED));
      }
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = UpdateAccountSchema.safeParse(values);
    setErrors(parsed.success ? {} : toFormErrors(parsed.error.issues, FIELDS));
    if (!parsed.success) {
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    mutation.mutate();
  }

  const set = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Full Name"
          name="fullName"
          required
          autoComplete="name"
          value={values.fullName}
          error={errors.fullName}
          onChange={set('fullName')}
        />
        <TextInput
          label="Email"
          name="email"
          type="email"
          required
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={values.email}
          error={errors.email}
          onChange={set('email')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to={paths.profile.href()}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
