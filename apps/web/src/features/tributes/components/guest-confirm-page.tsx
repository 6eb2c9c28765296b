import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CardPage } from '@/components/card-page';
import { SectionLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLinkToken } from '@/lib/use-link-token';
import { confirmGuestTribute, previewGuestTribute } from '../api/tributes.api';

const LINK_FAILED = 'We could not read this link. Please open the link from the email again.';

/**
 * A guest's emailed link (docs/decisions/0103-guest-tributes.md). Opening it only asks what it
 * confirms; the button publishes the tribute, or hands it to the family when they approve
 * tributes first. The token travels in the fragment and in POST bodies, never in a path.
 */
export default function GuestConfirmPage() {
  useDocumentTitle('Confirm your tribute');
  const token = useLinkToken();
  const preview = useQuery({
    queryKey: ['guest-tribute', token],
    queryFn: () => previewGuestTribute(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  const confirm = useMutation({ mutationFn: () => confirmGuestTribute(token) });
  const noun = preview.data?.noun ?? 'tribute';

  return (
    <CardPage title={`Confirm your ${noun}`} size={520}>
      <Stack gap="md">
        {!token ? (
          <Alert color="red" variant="light" role="alert">
            This link is incomplete. Please open the whole link from the email.
          </Alert>
        ) : preview.isPending ? (
          <SectionLoader py="md" label="Reading the link…" />
        ) : preview.isError && !confirm.isSuccess ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(preview.error, LINK_FAILED)}
          </Alert>
        ) : confirm.isSuccess ? (
          <Alert color="sage" variant="light" role="status">
            {confirm.data.status === 'published'
              ? `Thank you, ${confirm.data.guestName}: your ${noun} is now on the memorial of ${confirm.data.memorialTitle}.`
              : `Thank you, ${confirm.data.guestName}: your ${noun} waits for the family of ${confirm.data.memorialTitle}, who approve tributes before they appear.`}
          </Alert>
        ) : (
          <>
            <Text>
              {`${preview.data!.guestName}, your ${noun} on the memorial of `}
              <Text span fw={600}>
                {preview.data!.memorialTitle}
              </Text>
              {' is ready. Press the button to put it on the memorial.'}
            </Text>
            {confirm.isError ? (
              <Alert color="red" variant="light" role="alert">
                {errorMessage(confirm.error, LINK_FAILED)}
              </Alert>
            ) : null}
            <Button onClick={() => confirm.mutate()} loading={confirm.isPending} fullWidth>
              {`Confirm my ${noun}`}
            </Button>
          </>
        )}
        {preview.data ? (
          <Button component={Link} to={paths.post.href(preview.data.postId)} variant="default">
            Go to the memorial
          </Button>
        ) : null}
      </Stack>
    </CardPage>
  );
}
