import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import {
  CURRENT_PASSWORD_FOR_EMAIL,
  UpdateAccountSchema,
  type UpdateAccount,
} from '@rips/shared/account';
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
const FIELDS: readonly Field[] = ['fullName', 'email', 'currentPassword'];
type Values = Required<UpdateAccount>;

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
          email is where we send password reset links; nobody else sees it. A new email needs your
          current password and a confirmation from the new address.
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

function UpdateAccountForm({ initial }: { initial: { fullName: string; email: string } }) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>({ ...initial, currentPassword: '' });
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [pending, setPending] = useState<string | null>(null);
  const emailChanges = values.email.trim().toLowerCase() !== initial.email.toLowerCase();

  const mutation = useMutation({
    mutationFn: () =>
      updateAccount(emailChanges ? values : { fullName: values.fullName, email: values.email }),
    onSuccess: ({ data, message }) => {
      updateSession({ user: data.user, roles: data.roles });
      if (data.pendingEmail) {
        // Nothing about the email changed yet: stay here and say what happens next.
        setValues((v) => ({ ...v, email: initial.email, currentPassword: '' }));
        setPending(message);
        notify.success(message);
        return;
      }
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
    const next: FormErrors<Field> = parsed.success ? {} : toFormErrors(parsed.error.issues, FIELDS);
    if (emailChanges && !values.currentPassword) next.currentPassword = CURRENT_PASSWORD_FOR_EMAIL;
    setErrors(next);
    if (!parsed.success || next.currentPassword) {
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    setPending(null);
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
        {pending ? (
          <Alert color="sage" variant="light" title="Check the new address" role="status">
            {pending}
          </Alert>
        ) : null}
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
        {emailChanges ? (
          <>
            <Text size="sm">
              To change your email, enter your current password. We will send a confirmation link to
              the new address and tell your current one. Your email changes only when that link is
              confirmed; then every other device signed in to your account is signed out.
            </Text>
            <PasswordInput
              label="Current Password"
              name="currentPassword"
              required
              autoComplete="current-password"
              value={values.currentPassword}
              error={errors.currentPassword}
              onChange={set('currentPassword')}
            />
          </>
        ) : null}
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
