import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { TRANSFER_OFFER_DAYS } from '@rips/shared/stewardship';
import { ConfirmModal } from '@/components/confirm-modal';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useEntryLinks } from '@/lib/use-entry-links';
import { useSession } from '@/lib/use-session';
import { useAcceptInvitation, useAcceptTransfer, useDeclineTransfer } from '../api/stewardship.api';

/** A second answer beside the card's main button (declining an offer). */
interface OtherAnswer {
  label: string;
  pending: boolean;
  onClick: () => void;
}

/** Opening an emailed link changes nothing: the signed-in member's button acts. */
function AcceptCard({
  title,
  text,
  button,
  pending,
  error,
  onAccept,
  other,
  problem,
  closed = false,
}: {
  title: string;
  text: string;
  button: string;
  pending: boolean;
  error: unknown;
  onAccept: () => void;
  other?: OtherAnswer;
  /** Why the link cannot be acted on (it is incomplete): shown instead of the buttons. */
  problem?: string | null;
  /** Nothing is left to answer (the offer is no longer open): the text says so, no buttons. */
  closed?: boolean;
}) {
  const { user } = useSession();
  // Both lead back to this page (its token stays in the fragment: see paths.login).
  const entry = useEntryLinks();
  return (
    <Container size="xs" py={{ base: 32, sm: 56 }}>
      <meta name="robots" content="noindex" />
      <Paper withBorder radius="lg" p="xl">
        <Stack gap="md">
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text>{text}</Text>
          {error ? <Alert color="red">{errorMessage(error)}</Alert> : null}
          {closed ? null : problem ? (
            <Alert color="red">{problem}</Alert>
          ) : user ? (
            <Group gap="sm">
              <Button onClick={onAccept} loading={pending} disabled={other?.pending}>
                {button}
              </Button>
              {other ? (
                <Button
                  variant="default"
                  onClick={other.onClick}
                  loading={other.pending}
                  disabled={pending}
                >
                  {other.label}
                </Button>
              ) : null}
            </Group>
          ) : (
            <Text>
              Please <Link to={entry.login}>log in</Link> or{' '}
              <Link to={entry.signUp}>create an account</Link> first: you will come back to this
              page.
            </Text>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}

/** The token of an invitation link: `#token=…` of `/invitations`. */
function tokenOfFragment(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/**
 * /invitations#token=…, and /invitations/:token of links emailed before: the page moves such a
 * token to the fragment at once, so it leaves the address bar's path, the history and any
 * Referer (the server's log redacts that path already).
 */
export function InvitationPage() {
  useDocumentTitle('Your invitation');
  const { token: inPath } = useParams();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  useEffect(() => {
    if (inPath) void navigate(paths.invitation.href(inPath), { replace: true });
  }, [inPath, navigate]);
  const token = inPath ?? tokenOfFragment(hash);
  return (
    <AcceptCard
      title="You are invited to help look after a memorial"
      text="Accepting adds you to the memorial's people with the role the family chose for you."
      button="Accept the invitation"
      pending={accept.isPending}
      error={accept.error}
      problem={
        token
          ? null
          : 'This invitation link is incomplete. Please open it again from the email, or ask for a new one.'
      }
      onAccept={() =>
        accept.mutate(token, {
          onSuccess: (result) => {
            notify.success(`Welcome: you now help look after ${result.title}.`);
            void navigate(paths.post.href(result.postId));
          },
        })
      }
    />
  );
}

/** What the offer is about, when the member may see the memorial (app/routes/transfer.tsx). */
export interface TransferSubject {
  title: string;
  ownerName: string;
}

/**
 * /post/:id/transfer. `offered`: whether ownership is offered to the signed-in member now, once
 * known; an offer accepted, declined, withdrawn or lapsed is said to be closed, with no buttons.
 */
export function TransferPage({
  about = null,
  offered,
}: {
  about?: TransferSubject | null;
  offered?: boolean;
}) {
  useDocumentTitle('Ownership offered to you');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const accept = useAcceptTransfer(id);
  const decline = useDeclineTransfer(id);
  const [confirmingDecline, setConfirmingDecline] = useState(false);
  if (offered === false) {
    return (
      <AcceptCard
        title="This ownership offer is no longer open"
        text={`Ownership of ${about ? `the memorial of ${about.title}` : 'this memorial'} is not offered to you any more: the offer was answered or withdrawn, or it lapsed after ${TRANSFER_OFFER_DAYS} days. If you should look after it, ask its owner to offer it again.`}
        button="Accept ownership"
        pending={false}
        error={null}
        onAccept={() => undefined}
        closed
      />
    );
  }
  const memorialName = about ? `the memorial of ${about.title}` : 'this memorial';
  return (
    <>
      <AcceptCard
        title={
          about
            ? `Ownership of the memorial of ${about.title} is offered to you`
            : 'Ownership of a memorial is offered to you'
        }
        text={`${about ? `${about.ownerName} offers it to you. ` : ''}As its owner you decide who sees it and who helps, and you may name a successor. The current owner stays on as a manager.`}
        button="Accept ownership"
        pending={accept.isPending}
        error={accept.error ?? decline.error}
        other={{
          label: 'Decline',
          pending: decline.isPending,
          onClick: () => setConfirmingDecline(true),
        }}
        onAccept={() =>
          accept.mutate(undefined, {
            onSuccess: (result) => {
              notify.success(`You now own the memorial of ${result.title}.`);
              void navigate(paths.post.href(result.postId));
            },
          })
        }
      />
      <ConfirmModal
        opened={confirmingDecline}
        title="Decline the ownership offer?"
        body={`The offer ends and ${about ? about.ownerName : 'its owner'} is told by email. Ownership of ${memorialName} stays with them; only they can offer it again.`}
        confirmLabel="Decline the offer"
        busy={decline.isPending}
        onClose={() => setConfirmingDecline(false)}
        onConfirm={() =>
          decline.mutate(undefined, {
            onSuccess: () => {
              setConfirmingDecline(false);
              notify.success('You declined the offer. Its owner was told.');
              void navigate(paths.profile.href());
            },
            onError: () => setConfirmingDecline(false),
          })
        }
      />
    </>
  );
}
