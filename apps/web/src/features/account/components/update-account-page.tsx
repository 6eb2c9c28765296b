import { LoginFirst } from '@/lib/use-entry-links';
import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { UpdateAccountSchema } from '@rips/shared/account';
import { EMAIL_TAKEN_MESSAGE } from '@rips/shared/users';
import { FormActions } from '@/components/form-actions';
import { StatusAlert } from '@/components/status-alert';
import { EmailInput, FullNameInput } from '@/components/identity-inputs';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '@/lib/use-session';
import { useZodForm } from '@/lib/use-zod-form';
import { accountStateQuery, useUpdateAccount } from '../api/account.api';

export const ACCOUNT_UPDATED = 'Account details updated successfully!';
const UPDATE_FAILED = 'An error occurred while updating your account details.';

export default function UpdateAccountPage() {
  useDocumentTitle('Account details');
  const { user } = useSession();
  if (!user) return <LoginFirst />;
  return (
    <Container size={560} py={{ base: 'lg', sm: 48 }}>
      <Stack gap="xs" mb="lg">
        <Title order={1}>Account details</Title>
        <Text c="dimmed">
          Your full name is shown on the memorials you sponsor and the tributes you leave. Your
          email is where we send password reset links; nobody else sees it. A new email takes effect
          once you open the link we send to it and confirm with your current password.
        </Text>
      </Stack>
      <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 'xl' }}>
        <UpdateAccountForm
          userId={user._id}
          initial={{ fullName: user.fullName, email: user.email }}
        />
      </Paper>
      <Text size="sm" mt="lg">
        <Anchor component={Link} to={paths.profile.href()}>
          Back to your profile
        </Anchor>
      </Text>
    </Container>
  );
}

function UpdateAccountForm({
  userId,
  initial,
}: {
  userId: string;
  initial: { fullName: string; email: string };
}) {
  const navigate = useNavigate();
  const form = useZodForm(UpdateAccountSchema, { initialValues: initial });
  const [sent, setSent] = useState<string | null>(null);
  const mutation = useUpdateAccount();
  const pendingEmail = useQuery(accountStateQuery(userId)).data?.pendingEmail ?? null;
  const emailChanges = form.values.email.trim().toLowerCase() !== initial.email.toLowerCase();

  const onSubmit = form.handleSubmit((account) => {
    setSent(null);
    mutation.mutate(account, {
      onSuccess: ({ data, message }) => {
        if (emailChanges && data.pendingEmail) {
          // Nothing about the email changed yet: stay here and say what happens next.
          form.setValues({ email: initial.email });
          setSent(message);
          // The whole message stays above the form; the notice is one line, so that on a phone
          // it does not cover the form while it shows.
          form.notice.success(`We have sent a confirmation link to ${data.pendingEmail}.`);
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
        {sent ? (
          <StatusAlert title="Check the new address">{sent}</StatusAlert>
        ) : pendingEmail ? (
          <StatusAlert title="A new email waits for confirmation">
            {`${pendingEmail} becomes your email once you open the link we sent there and confirm with your current password. Until then your email stays ${initial.email}.`}
          </StatusAlert>
        ) : null}
        <FullNameInput {...form.getInputProps('fullName')} />
        <EmailInput {...form.getInputProps('email')} />
        {emailChanges ? (
          <Text size="sm">
            We will send a confirmation link to the new address and tell your current one. Your
            email changes only when that link is opened and your current password typed there; then
            every other device signed in to your account is signed out.
          </Text>
        ) : null}
        <FormActions submitLabel="Save" busy={mutation.isPending} cancel={paths.profile.href()} />
      </Stack>
    </form>
  );
}
