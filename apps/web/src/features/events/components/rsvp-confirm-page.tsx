import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CardPage } from '@/components/card-page';
import { SectionLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLinkToken } from '@/lib/use-link-token';
import { confirmGuestRsvp, previewGuestRsvp } from '../api/events.api';

const LINK_FAILED = 'We could not read this link. Please open the link from the email again.';

/**
 * A guest's emailed link to count their answer to an event (decision 0112). Opening it only asks
 * what it confirms; the button counts the answer. The token travels in the fragment and in POST
 * bodies, never in a path.
 */
export default function RsvpConfirmPage() {
  useDocumentTitle('Confirm your answer');
  const token = useLinkToken();
  const preview = useQuery({
    queryKey: ['event-rsvp', token],
    queryFn: () => previewGuestRsvp(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  const confirm = useMutation({ mutationFn: () => confirmGuestRsvp(token) });

  return (
    <CardPage title="Confirm your answer" size={520}>
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
            {`Thank you, ${confirm.data.name}: your answer to ${confirm.data.eventTitle} is counted.`}
          </Alert>
        ) : (
          <>
            <Text>
              {`${preview.data!.name}, your answer to ${preview.data!.eventTitle} in memory of ${preview.data!.memorialTitle} (${preview.data!.people} ${preview.data!.people === 1 ? 'person' : 'people'}) is ready. Press the button to count it.`}
            </Text>
            {confirm.isError ? (
              <Alert color="red" variant="light" role="alert">
                {errorMessage(confirm.error, LINK_FAILED)}
              </Alert>
            ) : null}
            <Button onClick={() => confirm.mutate()} loading={confirm.isPending} fullWidth>
              Confirm my answer
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
