import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { CreateAccessRequestSchema } from '@rips/shared/stewardship';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ContentLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '@/lib/use-session';
import { useZodForm } from '@/lib/use-zod-form';
import { accessSummaryQuery, useRequestAccess } from '../api/stewardship.api';

const MESSAGE_MAX = 500;

/**
 * What an outsider of a private memorial sees when its family takes requests: the name, plain
 * words, and a form to ask. Any other memorial the viewer may not see stays `fallback` (not found).
 */
export function AccessRequestPage({ id, fallback }: { id: string; fallback: ReactNode }) {
  const summary = useQuery(accessSummaryQuery(id));
  if (summary.isPending) {
    return <ContentLoader py={96} label="Loading the memorial…" />;
  }
  if (summary.isError) return <>{fallback}</>;
  return (
    <AccessRequestCard id={id} title={summary.data.title} requested={summary.data.requested} />
  );
}

function AccessRequestCard({
  id,
  title,
  requested,
}: {
  id: string;
  title: string;
  requested: boolean;
}) {
  useDocumentTitle(title);
  const { user } = useSession();
  const ask = useRequestAccess(id);
  const sent = ask.isSuccess;
  return (
    <Container size="xs" px="md" py={{ base: 32, sm: 56 }}>
      <meta name="robots" content="noindex" />
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="md">
          <Text size="sm" c="dimmed" tt="uppercase" fw={600}>
            Private memorial
          </Text>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          <Text>This memorial is private. You can ask its family to let you see it.</Text>
          {sent ? (
            <Confirmation title="Your request was sent to the family.">
              They decide who may see this memorial. We will email you when they answer.
            </Confirmation>
          ) : requested ? (
            <Confirmation title="You have already asked to see this memorial.">
              Its family has not answered yet. We will email you when they do.
            </Confirmation>
          ) : user ? (
            <AskForm ask={ask} />
          ) : (
            <Text>
              Please{' '}
              <Anchor component={Link} to={paths.login.href(paths.post.href(id))}>
                log in to ask
              </Anchor>
              . New here?{' '}
              <Anchor component={Link} to={paths.signUp.href(paths.post.href(id))}>
                Create an account
              </Anchor>
              : you will come back to this page.
            </Text>
          )}
          <Group>
            <Button component={Link} to={paths.memoriams.href()} variant="light">
              Back to Memoriams
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}

/** Said once the request is in (or was already): focus moves here so it is read out. */
function Confirmation({ title, children }: { title: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Alert ref={ref} tabIndex={-1} color="teal" title={title} role="status">
      {children}
    </Alert>
  );
}

function AskForm({ ask }: { ask: ReturnType<typeof useRequestAccess> }) {
  const form = useZodForm(CreateAccessRequestSchema, { initialValues: { message: '' } });
  const message = form.values.message ?? '';
  const onSubmit = form.handleSubmit((input) =>
    ask.mutate(input, {
      onError: (error) => {
        form.showServerErrors(error);
      },
    }),
  );
  // A refusal names no field (already asked, already in, too many requests): it is said here.
  const refusal =
    ask.error && !(ask.error instanceof ApiError && ask.error.status === 400)
      ? errorMessage(ask.error)
      : null;
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={ask.isPending}>
      <Stack gap="sm">
        <Textarea
          label="A message for the family (optional)"
          description={`Say who you are and how you knew them. ${message.length} of ${MESSAGE_MAX} characters.`}
          autosize
          minRows={3}
          maxRows={8}
          {...form.getInputProps('message')}
        />
        {refusal ? (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={ask.isPending}>
            Ask to join
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
