import { LoginFirst } from '@/lib/use-entry-links';
import { Alert, Anchor, Container, Stack, Tabs, Text, Title } from '@mantine/core';
import type { MemorialDetail } from '@rips/shared/memorials';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '@/lib/use-session';
import { ActivityPanel } from './manage/activity-panel';
import { CopyPanel } from './manage/copy-panel';
import { ModerationPanel } from './manage/moderation-panel';
import { OwnershipPanel } from './manage/ownership-panel';
import { PeoplePanel } from './manage/people-panel';
import { SettingsPanel } from './manage/settings-panel';

/** The Manage area's tabs, in their order: each one's label and panel (one file each, ./manage). */
const TABS = {
  settings: { label: 'Privacy', Panel: SettingsPanel },
  people: { label: 'People', Panel: PeoplePanel },
  moderation: { label: 'Moderation', Panel: ModerationPanel },
  activity: { label: 'Activity', Panel: ActivityPanel },
  copies: { label: 'Yearly copy', Panel: CopyPanel },
  ownership: { label: 'Ownership', Panel: OwnershipPanel },
};
type Tab = keyof typeof TABS;
const TAB_KEYS = Object.keys(TABS) as Tab[];

/**
 * /post/:id/manage/:tab: the owner's and managers' area of a memorial. The memorial is the
 * memorial feature's query, which the route composing this page (app/routes/manage.tsx) passes in.
 */
export default function ManagePage({ memorial }: { memorial: UseQueryResult<MemorialDetail> }) {
  const { tab } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  useDocumentTitle(memorial.data ? `Manage ${memorial.data.title}` : 'Manage');
  if (!user) return <LoginFirst />;
  if (memorial.isPending) return <PageLoader />;
  if (memorial.isError || !memorial.data.abilities.manage) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" title="Not available">
          {memorial.isError
            ? errorMessage(memorial.error)
            : 'Only the owner and managers of this memorial can manage it.'}
        </Alert>
      </Container>
    );
  }
  const current: Tab = TAB_KEYS.includes(tab as Tab) ? (tab as Tab) : 'settings';
  const m = memorial.data;
  // Only the owner (and admins) may hand the memorial on.
  const shown = TAB_KEYS.filter((t) => t !== 'ownership' || m.abilities.transfer);
  return (
    <Container size="md" py={{ base: 24, sm: 40 }}>
      <meta name="robots" content="noindex" />
      <Stack gap="lg">
        <div>
          <Anchor component={Link} to={paths.post.href(m._id)} size="sm">
            ← Back to the memorial
          </Anchor>
          <Title order={1} mt="xs" style={{ overflowWrap: 'anywhere' }}>
            Manage {m.title}
          </Title>
          <Text c="dimmed">You look after this memorial as its {m.myRole ?? 'administrator'}.</Text>
        </div>
        <Tabs
          value={current}
          onChange={(value) => void navigate(paths.manage.href(m._id, value ?? 'settings'))}
          keepMounted={false}
        >
          <Tabs.List mb="lg">
            {shown.map((t) => (
              <Tabs.Tab key={t} value={t}>
                {TABS[t].label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {shown.map((t) => {
            const { Panel } = TABS[t];
            return (
              <Tabs.Panel key={t} value={t}>
                <Panel memorial={m} />
              </Tabs.Panel>
            );
          })}
        </Tabs>
      </Stack>
    </Container>
  );
}
