import { Button, Group, List, Stack, Text, Title } from '@mantine/core';
import type { LegacyPlan, Release } from '@rips/shared/legacy-release';
import { useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { ProblemAlert } from '@/components/status-alert';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useRevokeRelease, useStopRelease } from '../api/legacy-release.api';
import { atMoment, onDay, releaseStateText } from '../lib/release-words';
import { LegacyCard } from './legacy-card';

const OPEN: readonly Release['state'][] = ['reported', 'waiting'];

/** Where the member's latest release stands, with the way to stop it or to end its access. */
export function ReleaseStatusCard({ release, userId }: { release: Release; userId: string }) {
  const stop = useStopRelease(userId);
  const revoke = useRevokeRelease(userId);
  const [confirmingRevoke, setConfirmingRevoke] = useState(false);
  const open = OPEN.includes(release.state);
  const closed = !open && release.state !== 'released';
  return (
    <LegacyCard
      headingId="release-status"
      style={open ? { borderColor: 'var(--mantine-color-yellow-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm">
        <Title order={2} id="release-status">
          Where your release stands
        </Title>
        <Text size={open ? 'lg' : undefined} c={closed ? 'dimmed' : undefined} data-release-state>
          {releaseStateText(release)}
        </Text>
        {open && release.trigger === 'inactivity' ? (
          <Text>You have not signed in for the time you chose, so the waiting period began.</Text>
        ) : null}
        {open && release.reports.length > 0 ? (
          <List size="sm" spacing={4}>
            {release.reports.map((report) => (
              <List.Item key={`${report.stewardName}-${report.reportedAt}`}>
                {`Reported by ${report.stewardName} on ${onDay(report.reportedAt)}`}
              </List.Item>
            ))}
          </List>
        ) : null}
        {open ? (
          <>
            <Text>
              If you are reading this, nothing has been released yet. Stop the release and your
              stewards will be told.
            </Text>
            {stop.isError ? <ProblemAlert>{errorMessage(stop.error)}</ProblemAlert> : null}
            <Group>
              <Button
                size="lg"
                loading={stop.isPending}
                onClick={() =>
                  stop.mutate(undefined, {
                    onSuccess: () =>
                      notify.success('The release is stopped. Your stewards have been told.'),
                  })
                }
              >
                Stop the release
              </Button>
            </Group>
          </>
        ) : null}
        {release.state === 'released' ? (
          <>
            <Text size="sm" c="dimmed">
              Your stewards and the people you chose can read what you marked for them. If this
              should not have happened, you can end their access now.
            </Text>
            {revoke.isError ? <ProblemAlert>{errorMessage(revoke.error)}</ProblemAlert> : null}
            <Group>
              <Button color="red" variant="outline" onClick={() => setConfirmingRevoke(true)}>
                Revoke all access
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>
      <ConfirmModal
        opened={confirmingRevoke}
        title="Revoke all access?"
        body="Nobody will be able to read or download your Life Legacy any more: not your stewards, not the people you chose. Their links stop working."
        confirmLabel="Revoke all access"
        busy={revoke.isPending}
        onClose={() => setConfirmingRevoke(false)}
        onConfirm={() =>
          revoke.mutate(undefined, {
            onSuccess: () => {
              setConfirmingRevoke(false);
              notify.success('All access is revoked. Nobody can read your legacy now.');
            },
            onError: () => setConfirmingRevoke(false),
          })
        }
      />
    </LegacyCard>
  );
}

const VIEW_WORDS = { view: 'read it', download: 'downloaded their part' } as const;

/** Who read or downloaded what was released, and when. */
export function ReleaseViews({ views }: { views: LegacyPlan['views'] }) {
  return (
    <LegacyCard headingId="release-views">
      <Stack gap="sm">
        <Title order={2} id="release-views">
          Who has read it
        </Title>
        {views.length === 0 ? (
          <Text c="dimmed">Nobody has opened what you left yet.</Text>
        ) : (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {views.map((view) => (
              <Text
                component="li"
                key={`${view.email}-${view.kind}-${view.at}`}
                style={{ overflowWrap: 'anywhere' }}
              >
                <Text span fw={600}>
                  {view.email}
                </Text>
                {` ${VIEW_WORDS[view.kind]} on ${atMoment(view.at)}`}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </LegacyCard>
  );
}
