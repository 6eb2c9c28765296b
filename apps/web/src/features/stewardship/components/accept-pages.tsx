import { Alert, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '@/lib/use-session';
import { useAcceptInvitation, useAcceptTransfer } from '../api/stewardship.api';

/** Opening an emailed link changes nothing: the signed-in member's button acts. */
function AcceptCard({
  title,
  text,
  button,
  pending,
  error,
  onAccept,
}: {
  title: string;
  text: string;
  button: string;
  pending: boolean;
  error: unknown;
  onAccept: () => void;
}) {
  const { user } = useSession();
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
          {user ? (
            <Button onClick={onAccept} loading={pending}>
              {button}
            </Button>
          ) : (
            <Text>
              Please <Link to={paths.login.href()}>log in</Link> or{' '}
              <Link to={paths.signUp.href()}>create an account</Link> first, then open this link
              again.
            </Text>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}

/** /invitations/:token */
export function InvitationPage() {
  useDocumentTitle('Your invitation');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  return (
    <AcceptCard
      title="You are invited to help look after a memorial"
      text="Accepting adds you to the memorial's people with the role the family chose for you."
      button="Accept the invitation"
      pending={accept.isPending}
      error={accept.error}
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

/** /post/:id/transfer */
export function TransferPage({ about = null }: { about?: TransferSubject | null }) {
  useDocumentTitle('Ownership offered to you');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const accept = useAcceptTransfer(id);
  return (
    <AcceptCard
      title={
        about
          ? `Ownership of the memorial of ${about.title} is offered to you`
          : 'Ownership of a memorial is offered to you'
      }
      text={`${about ? `${about.ownerName} offers it to you. ` : ''}As its owner you decide who sees it and who helps, and you may name a successor. The current owner stays on as a manager.`}
      button="Accept ownership"
      pending={accept.isPending}
      error={accept.error}
      onAccept={() =>
        accept.mutate(undefined, {
          onSuccess: (result) => {
            notify.success(`You now own the memorial of ${result.title}.`);
            void navigate(paths.post.href(result.postId));
          },
        })
      }
    />
  );
}
