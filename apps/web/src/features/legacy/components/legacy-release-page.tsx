import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ACCESS_MONTHS } from '@rips/shared/legacy-release';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LoginFirst } from '@/lib/use-entry-links';
import { useSession } from '@/lib/use-session';
import { legacyPlanQuery } from '../api/legacy-release.api';
import { LegacyQueryState } from './legacy-query-state';
import { ReleaseRulesForm } from './release-rules-form';
import { ReleaseStatusCard, ReleaseViews } from './release-status-card';
import { ReleaseStewards } from './release-stewards';

/**
 * /profile/legacy-release, "After my death": the member's stewards, the rules of a release, and
 * any release under way, which the member can stop (docs/decisions/0122-legacy-release.md).
 */
export default function LegacyReleasePage() {
  useDocumentTitle('After my death');
  const { user } = useSession();
  const plan = useQuery(legacyPlanQuery(user?._id));
  if (!user) return <LoginFirst />;
  return (
    <Container size="md" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="xs" mb="xl">
        <Title order={1}>After my death</Title>
        <Text c="dimmed">
          {`Name the people you trust as stewards. When a steward tells us of your death, a waiting period begins and we email you, so you can stop it if you are still here. Afterwards your stewards and the people you chose can read what you marked for them, and nothing else, for ${ACCESS_MONTHS} months.`}
        </Text>
        <Text>
          <Anchor component={Link} to={paths.lifeLegacy.href()}>
            Back to your Life Legacy
          </Anchor>
        </Text>
      </Stack>
      <LegacyQueryState
        query={plan}
        loading="Loading your choices…"
        failed="We could not load your choices. Please refresh the page to try again."
      >
        {(data) => (
          <Stack gap="xl">
            {data.release ? <ReleaseStatusCard release={data.release} userId={user._id} /> : null}
            <ReleaseStewards plan={data} userId={user._id} />
            <ReleaseRulesForm plan={data} userId={user._id} />
            {data.views.length > 0 || data.release?.releasedAt ? (
              <ReleaseViews views={data.views} />
            ) : null}
          </Stack>
        )}
      </LegacyQueryState>
    </Container>
  );
}
