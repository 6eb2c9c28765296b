import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { tributeCount } from '@rips/shared/guest-tributes';
import { CardPage } from '@/components/card-page';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useEntryLinks } from '@/lib/use-entry-links';
import { useSession } from '@/lib/use-session';
import { claimGuestTributes } from '../api/tributes.api';

const LINK_FAILED = 'We could not use this link. Please open the link from the email again.';

/** The token of the link: `#token=…` (browsers never send a fragment, so no log holds it). */
function tokenOfFragment(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/**
 * The link mailed to a new account whose address confirmed tributes as a guest
 * (docs/decisions/0110-guest-tributes-claimed-by-link.md). Opening it changes nothing; the
 * signed-in account's button adds the tributes to it. Signed out, the login link comes back here
 * with the token still in the fragment.
 */
export default function GuestClaimPage() {
  useDocumentTitle('Add your tributes');
  const { hash } = useLocation();
  const token = tokenOfFragment(hash);
  const { user } = useSession();
  const entry = useEntryLinks();
  const claim = useMutation({ mutationFn: () => claimGuestTributes(token) });

  return (
    <CardPage title="Add your tributes" size={520}>
      <meta name="robots" content="noindex" />
      <Stack gap="md">
        {!token ? (
          <Alert color="red" variant="light" role="alert">
            This link is incomplete. Please open the whole link from the email.
          </Alert>
        ) : claim.isSuccess ? (
          <Alert color="sage" variant="light" role="status">
            {`${tributeCount(claim.data.claimed)} ${claim.data.claimed === 1 ? 'is' : 'are'} now under your name.`}
          </Alert>
        ) : !user ? (
          <Text>
            Please <Link to={entry.login}>log in</Link> with the account this link was sent to: you
            will come back to this page to add your tributes.
          </Text>
        ) : (
          <>
            <Text>
              {`The flowers and prayers you left as a guest with this account's email address will show under your name, ${user.fullName}.`}
            </Text>
            {claim.isError ? (
              <Alert color="red" variant="light" role="alert">
                {errorMessage(claim.error, LINK_FAILED)}
              </Alert>
            ) : null}
            <Button onClick={() => claim.mutate()} loading={claim.isPending} fullWidth>
              Add my tributes
            </Button>
          </>
        )}
        {claim.isSuccess ? (
          <Button component={Link} to={paths.profile.href()} variant="default">
            Go to my profile
          </Button>
        ) : null}
      </Stack>
    </CardPage>
  );
}
