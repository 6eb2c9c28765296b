import { Anchor, Container, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { CURRENT_PASSWORD_FOR_EMAIL, UpdateAccountSchema } from '@rips/shared/account';
import { EMAIL_TAKEN_MESSAGE } from '@rips/shared/users';
import { FormActions } from '@/components/form-actions';
import { StatusAlert } from '@/components/status-alert';
import { EmailInput, FullNameInput } from '@/components/identity-inputs';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '@/lib/use-session';
import { useZodForm } from '@/lib/use-zod-form';
import { useUpdateAccount } from '../api/account.api';

export const ACCOUNT_UPDATED = 'Account details updated successfully!';
const UPDATE_FAILED = 'An error occurred while updating your account details.';

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

/** The shared rules, and the current password whenever the email changes. */
function accountSchema(currentEmail: string) {
  return UpdateAccountSchema.superRefine((account, ctx) => {
    if (account.email !== currentEmail.toLowerCase() && !account.currentPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['currentPassword'],
        message: CURRENT_PASSWORD_FOR_EMAIL,
      });
    }
  });
}

function UpdateAccountForm({ initial }: { initial: { fullName: string; email: string } }) {
  const navigate = useNavigate();
  const schema = useMemo(() => accountSchema(initial.email), [initial.email]);
  const form = useZodForm(schema, { initialValues: { ...initial, currentPassword: '' } });
  const [pending, setPending] = useState<string | null>(null);
  const mutation = useUpdateAccount();
  const emailChanges = form.values.email.trim().toLowerCase() !== initial.email.toLowerCase();

  const onSubmit = form.handleSubmit((account) => {
    setPending(null);
    const { fullName, email } = account;
    mutation.mutate(emailChanges ? account : { fullName, email }, {
      onSuccess: ({ data, message }) => {
        if (data.pendingEmail) {
          // Nothing about the email changed yet: stay here and say what happens next.
          form.setValues({ email: initial.email, currentPassword: '' });
          setPending(message);
          form.notice.success(message);
          return;
        }
        form.notice.success(ACCOUNT_UPDATED);
        void navigate(paths.profile.href());
      },
      onError: (error) => {
        form.showServerErrors(error);
        form.notice.error(
          error instanceof ApiError && error.code === 'EMAIL_TAKEN'
            ? EMAIL_TAKEN_MESSAGE
            : errorMessage(error, UPDATE_FAILED),
        );
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {pending ? <StatusAlert title="Check the new address">{pending}</StatusAlert> : null}
        <FullNameInput {...form.getInputProps('fullName')} />
        <EmailInput {...form.getInputProps('email')} />
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
              {...form.getInputProps('currentPassword')}
            />
          </>
        ) : null}
        <FormActions submitLabel="Save" busy={mutation.isPending} cancel={paths.profile.href()} />
      </Stack>
    </form>
  );
}
