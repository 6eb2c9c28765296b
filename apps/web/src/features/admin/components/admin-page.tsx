import { LoginFirst } from '@/lib/use-entry-links';
import { Alert, Anchor, Container, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '@/lib/use-session';
import { MembersPanel } from './members-panel';
import { MemorialsPanel } from './memorials-panel';
import { TributesPanel } from './tributes-panel';

export default function AdminPage() {
  useDocumentTitle('Administration');
  const { user, isAdmin } = useSession();
  if (!user) return <LoginFirst />;
  if (!isAdmin) {
    return (
      <Container size="sm" py={48}>
        <Title order={1} mb="md">
          Administration
        </Title>
        <Alert color="slate" variant="light">
          This page is for administrators. If you need help with your account, please{' '}
          <Anchor component={Link} to={paths.contactUs.href()} inherit>
            contact us
          </Anchor>
          .
        </Alert>
      </Container>
    );
  }
  return (
    <Container py={{ base: 'lg', sm: 48 }}>
      <Stack gap="xs" mb="lg">
        <Title order={1}>Administration</Title>
        <Text c="dimmed">
          Appoint sponsors, look after accounts, choose featured memorials and keep tributes kind.
        </Text>
      </Stack>
      <Tabs defaultValue="members" keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="members">Members</Tabs.Tab>
          <Tabs.Tab value="memorials">Memorials</Tabs.Tab>
          <Tabs.Tab value="tributes">Tributes</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="members">
          <MembersPanel myId={user._id} />
        </Tabs.Panel>
        <Tabs.Panel value="memorials">
          <MemorialsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="tributes">
          <TributesPanel />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
