import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CardPage } from '@/components/card-page';
import { StatusAlert } from '@/components/status-alert';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useKeptLinkToken } from '@/lib/use-link-token';
import { stopReleaseByLink } from '../api/legacy-release.api';

const LINK_FAILED =
  'We could not use this link. Please sign in and stop the release from After my death.';

/**
 * /legacy/stop: the member's emailed one-click stop of a release under way, with no sign-in.
 * Opening it changes nothing; the button stops the release and the stewards are told.
 */
export default function ReleaseStopPage() {
  useDocumentTitle('Stop the release');
  const token = useKeptLinkToken();
  const stop = useMutation({ mutationFn: () => stopReleaseByLink(token) });

  return (
    <CardPage title="Stop the release" size={520}>
      <meta name="robots" content="noindex" />
      <Stack gap="md">
        {!token ? (
          <Alert color="gray" variant="light" role="status">
            This link is incomplete. Please open the whole link from the email, or sign in and stop
            the release from After my death.
          </Alert>
        ) : stop.isSuccess ? (
          <StatusAlert>Stopped. Your stewards have been told.</StatusAlert>
        ) : (
          <>
            <Text>A steward reported your death. If you are reading this, stop the release.</Text>
            <Text c="dimmed">
              Nothing of your Life Legacy has been released yet. One press is enough.
            </Text>
            {stop.isError ? (
              <Alert color="gray" variant="light" role="alert">
                {errorMessage(stop.error, LINK_FAILED)}
              </Alert>
            ) : null}
            <Button size="lg" onClick={() => stop.mutate()} loading={stop.isPending} fullWidth>
              Stop the release
            </Button>
          </>
        )}
        <Text size="sm" ta="center">
          <Anchor component={Link} to={paths.legacyRelease.href()}>
            Go to After my death
          </Anchor>
        </Text>
      </Stack>
    </CardPage>
  );
}
