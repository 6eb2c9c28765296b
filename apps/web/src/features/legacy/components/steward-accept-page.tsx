import { Alert, Button, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { CardPage } from '@/components/card-page';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useEntryLinks } from '@/lib/use-entry-links';
import { useKeptLinkToken } from '@/lib/use-link-token';
import { useSession } from '@/lib/use-session';
import { useAcceptStewardship } from '../api/legacy-release.api';
import { possessive } from '../lib/release-words';

const LINK_FAILED = 'We could not use this link. Please open the link from the email again.';

/**
 * /legacy/steward: a steward's emailed invitation. Opening it changes nothing; the signed-in
 * member's button accepts. Signed out, the login and sign-up links come back here with the token
 * in the fragment.
 */
export default function StewardAcceptPage() {
  useDocumentTitle('Become a steward');
  const token = useKeptLinkToken();
  const { user } = useSession();
  const entry = useEntryLinks();
  const navigate = useNavigate();
  const accept = useAcceptStewardship(user?._id);

  return (
    <CardPage title="Become a steward" size={520}>
      <meta name="robots" content="noindex" />
      <Stack gap="md">
        <Text>
          Someone who trusts you has asked you to be a steward of their Life Legacy: the words and
          wishes they are keeping for the people they love.
        </Text>
        <Text>
          If they die, you can tell us. They are emailed first and can stop it during a waiting
          period; after it, you can read what they marked for their stewards.
        </Text>
        {!token ? (
          <Alert color="gray" variant="light" role="status">
            This link is incomplete. Please open the whole link from the email you were sent.
          </Alert>
        ) : !user ? (
          <Text>
            Please <Link to={entry.login}>log in</Link> or{' '}
            <Link to={entry.signUp}>create an account</Link> first: you will come back to this page.
          </Text>
        ) : (
          <>
            {accept.isError ? (
              <Alert color="gray" variant="light" role="alert">
                {errorMessage(accept.error, LINK_FAILED)}
              </Alert>
            ) : null}
            <Button
              onClick={() =>
                accept.mutate(token, {
                  onSuccess: (stewardship) => {
                    notify.success(
                      `Thank you. You are now a steward of ${possessive(stewardship.memberName)} Life Legacy.`,
                    );
                    void navigate(paths.legacyStewarding.href());
                  },
                })
              }
              loading={accept.isPending}
              fullWidth
            >
              Accept
            </Button>
          </>
        )}
      </Stack>
    </CardPage>
  );
}
