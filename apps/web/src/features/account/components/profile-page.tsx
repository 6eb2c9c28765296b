import { LoginFirst } from '@/lib/use-entry-links';
import { Badge, Button, Code, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MemberAvatar } from '@/components/member-avatar';
import { TaskButton } from '@/components/task-button';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { downloadOrAskByEmail } from '@/lib/archive-download';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/use-session';
import { downloadMyData, requestMyData } from '../api/account.api';
import { ChangePasswordModal } from './change-password-modal';
import { EditProfileModal } from './edit-profile-modal';
import { ROLE_LABELS } from '@/config/roles';

interface ProfilePageProps {
  /** The "Your Rips" and "Your Contributor" columns, composed in by the router. */
  columns?: ReactNode;
}

export default function ProfilePage({ columns }: ProfilePageProps) {
  useDocumentTitle('Profile');
  const { user } = useSession();
  if (!user) return <LoginFirst />;
  return (
    <Container size="lg" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="xl">
        <AccountCard />
        {columns}
      </Stack>
    </Container>
  );
}

const DOWNLOAD_FAILED = 'We could not prepare your data. Please try again.';

/**
 * Everything the member gave the site, in one ZIP: profile, Life Legacy, tributes, memorials.
 * Too large to download at once, the server builds it and emails a link instead.
 */
function DownloadMyDataButton() {
  return (
    <TaskButton
      variant="subtle"
      task={() =>
        downloadOrAskByEmail({
          download: downloadMyData,
          askByEmail: requestMyData,
          downloading: 'Your data is downloading.',
          failed: DOWNLOAD_FAILED,
        }).then(({ tone, message }) => notify[tone](message))
      }
    >
      Download my data
    </TaskButton>
  );
}

/** The member's own card: who they are, and what they can change. */
export function AccountCard() {
  const { user, role } = useSession();
  const [editing, edit] = useDisclosure(false);
  const [changingPassword, changePassword] = useDisclosure(false);
  if (!user) return null;
  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 'xl' }}>
      <Group gap="xl" align="center" wrap="wrap">
        <MemberAvatar user={user} />
        <Stack gap={6} style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Title order={1}>{user.userName}</Title>
          <Text size="lg">{user.fullName}</Text>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              Current role:
            </Text>
            <Badge variant="light" color="sage" size="lg">
              {ROLE_LABELS[role ?? 'visitor']}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            User ID: <Code>{user._id}</Code>
          </Text>
        </Stack>
      </Group>
      <Group gap="sm" mt="lg">
        <Button component={Link} to={paths.lifeLegacy.href()}>
          Add Your Life Legacy
        </Button>
        <Button variant="default" onClick={edit.open}>
          Edit Profile
        </Button>
        <Button variant="default" onClick={changePassword.open}>
          Change Password
        </Button>
        <Button variant="subtle" component={Link} to={paths.profileUpdateAccount.href()}>
          Account details
        </Button>
        <DownloadMyDataButton />
      </Group>
      <EditProfileModal user={user} opened={editing} onClose={edit.close} />
      <ChangePasswordModal opened={changingPassword} onClose={changePassword.close} />
    </Paper>
  );
}
