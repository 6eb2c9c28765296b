import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { DeleteAccountSchema } from '@rips/shared/stewardship';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useZodForm } from '@/lib/use-zod-form';
import { myStewardshipQuery, useDeleteAccount } from '../api/stewardship.api';

/** The profile's panel: invitations and offers waiting, memorials I help look after, deletion. */
export function ProfileStewardship() {
  const mine = useQuery(myStewardshipQuery);
  return (
    <Stack gap="lg" mt="xl">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Title order={2} size="h3">
            Memorials I help look after
          </Title>
          {mine.isError ? <Alert color="red">{errorMessage(mine.error)}</Alert> : null}
          {mine.data?.memorials.length ? (
            <List>
              {mine.data.memorials.map((m) => (
                <List.Item key={m.postId}>
                  <Anchor component={Link} to={paths.post.href(m.postId)}>
                    {m.title}
                  </Anchor>{' '}
                  ({m.role})
                  {m.role === 'owner' || m.role === 'manager' ? (
                    <>
                      {' · '}
                      <Anchor component={Link} to={paths.manage.href(m.postId)}>
                        Manage
                      </Anchor>
                    </>
                  ) : null}
                </List.Item>
              ))}
            </List>
          ) : (
            <Text c="dimmed">None yet.</Text>
          )}
          {mine.data && !mine.data.emailVerified ? (
            <Text size="sm" c="dimmed">
              Invitations sent to your email address are listed here once you have used a link we
              emailed to it (an invitation, a password reset or an email change). Until then, open
              the link in the invitation email.
            </Text>
          ) : null}
          {mine.data?.invitations.length ? (
            <>
              <Title order={3} size="h4">
                Pending invitations
              </Title>
              <Text size="sm" c="dimmed">
                Open the link in the invitation email to accept.
              </Text>
              <List>
                {mine.data.invitations.map((i) => (
                  <List.Item key={i._id}>
                    {i.title}, as {i.role}
                  </List.Item>
                ))}
              </List>
            </>
          ) : null}
          {mine.data?.transfers.length ? (
            <>
              <Title order={3} size="h4">
                Ownership offered to you
              </Title>
              <List>
                {mine.data.transfers.map((t) => (
                  <List.Item key={t.postId}>
                    <Anchor component={Link} to={paths.transfer.href(t.postId)}>
                      {t.title}: review and accept
                    </Anchor>
                  </List.Item>
                ))}
              </List>
            </>
          ) : null}
        </Stack>
      </Paper>
      <DeleteAccount />
    </Stack>
  );
}

function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const mutation = useDeleteAccount((result) => {
    notify.success(
      result.passedOn.length
        ? `Your account was deleted. ${result.passedOn.map((p) => `${p.title} passed to ${p.to}`).join('; ')}.`
        : 'Your account was deleted.',
    );
    return navigate(paths.home.href());
  });
  const form = useZodForm(DeleteAccountSchema, { initialValues: { currentPassword: '' } });
  const [blocked, setBlocked] = useState<{ id: string; title: string }[]>([]);
  const onSubmit = form.handleSubmit((input) =>
    mutation.mutate(input.currentPassword, {
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          setBlocked((error.errors ?? []).map((e) => ({ id: e.path, title: e.message })));
          notify.error(error.message);
          return;
        }
        if (!form.showServerErrors(error)) notify.error(errorMessage(error));
      },
    }),
  );
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h3">
          Delete my account
        </Title>
        <Text size="sm">
          Memorials you own pass to their successor, or to a manager. Flowers, prayers and pictures
          you left stay with the families, shown as left by a former member. Your Life Legacy is
          deleted.
        </Text>
        {blocked.length ? (
          <Alert color="orange" title="These memorials need someone to look after them first">
            <List>
              {blocked.map((m) => (
                <List.Item key={m.id}>
                  <Anchor component={Link} to={paths.manage.href(m.id, 'ownership')}>
                    {m.title}: name a successor or transfer it
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        {open ? (
          <form onSubmit={onSubmit} noValidate aria-busy={mutation.isPending}>
            <Stack gap="sm">
              <PasswordInput
                label="Your password"
                autoComplete="current-password"
                {...form.getInputProps('currentPassword')}
              />
              <Group>
                <Button type="submit" color="red" loading={mutation.isPending}>
                  Delete my account for good
                </Button>
                <Button variant="default" onClick={() => setOpen(false)}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Group>
            <Button variant="outline" color="red" onClick={() => setOpen(true)}>
              Delete my account…
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
