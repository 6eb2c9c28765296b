import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CardPage } from '@/components/card-page';
import { SectionLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLinkToken } from '@/lib/use-link-token';
import { confirmGuestFollow, previewGuestFollow } from '../api/follows.api';

const LINK_FAILED = 'We could not read this link. Please open the link from the email again.';
const HOW_OFTEN = { weekly: 'each week', daily: 'each day' } as const;

/**
 * A guest's emailed link to follow a memorial (decision 0114). Opening it only asks what it
 * confirms; the button confirms. The token travels in the fragment and in POST bodies.
 */
export default function FollowConfirmPage() {
  useDocumentTitle('Confirm that you follow a memorial');
  const token = useLinkToken();
  const preview = useQuery({
    queryKey: ['guest-follow', token],
    queryFn: () => previewGuestFollow(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  const confirm = useMutation({ mutationFn: () => confirmGuestFollow(token) });

  return (
    <CardPage title="Follow a memorial" size={520}>
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
            {`Thank you: you follow the memorial of ${confirm.data.memorialTitle}. We will email you ${HOW_OFTEN[confirm.data.frequency]} when something is shared, and every email has a link to stop them.`}
          </Alert>
        ) : (
          <>
            <Text>
              {'Press the button to hear when something is shared in memory of '}
              <Text span fw={600}>
                {preview.data!.memorialTitle}
              </Text>
              {`: one email ${HOW_OFTEN[preview.data!.frequency]} at most.`}
            </Text>
            {confirm.isError ? (
              <Alert color="red" variant="light" role="alert">
                {errorMessage(confirm.error, LINK_FAILED)}
              </Alert>
            ) : null}
            <Button onClick={() => confirm.mutate()} loading={confirm.isPending} fullWidth>
              Follow this memorial
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
