import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { ReleasedLegacy } from '@rips/shared/legacy-release';
import { useState } from 'react';
import { TaskButton } from '@/components/task-button';
import { errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useKeptLinkToken } from '@/lib/use-link-token';
import { downloadReleasedLegacy, openReleasedLegacy } from '../api/legacy-release.api';
import { SECTIONS } from '../lib/legacy-sections';
import { onDay, possessive } from '../lib/release-words';
import { columnsOf, LegacyTable } from './legacy-table';

const LINK_FAILED =
  'We could not open this link. Please open it again from the email, or ask a steward for help.';

/**
 * /legacy/released: a reader's emailed access to what a member left them. Opening the page
 * changes nothing; its button opens the part (and is counted), read-only, with a download.
 */
export default function ReleasedLegacyPage() {
  useDocumentTitle('What was left for you');
  const token = useKeptLinkToken();
  const open = useMutation({ mutationFn: () => openReleasedLegacy(token) });

  return (
    <Container size="lg" py={{ base: 'lg', sm: 48 }}>
      <meta name="robots" content="noindex" />
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>What was left for you</Title>
          {open.data ? (
            <>
              <Text size="lg">{`From ${possessive(open.data.memberName)} Life Legacy`}</Text>
              <Text c="dimmed" data-released-dates>
                {`Released on ${onDay(open.data.releasedAt)} · readable until ${onDay(open.data.accessUntil)}`}
              </Text>
            </>
          ) : null}
        </Stack>
        {!token ? (
          <Alert color="gray" variant="light" role="status" maw={560}>
            This link is incomplete. Please open the whole link from the email you were sent.
          </Alert>
        ) : open.data ? (
          <ReleasedPart part={open.data} token={token} />
        ) : (
          <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={560}>
            <Stack gap="md">
              <Text>
                Someone who cared about you kept words and wishes for you in their Life Legacy. Take
                your time: open it when you are ready. Only what they chose for you is shown.
              </Text>
              {open.isError ? (
                <Alert color="gray" variant="light" role="alert">
                  {errorMessage(open.error, LINK_FAILED)}
                </Alert>
              ) : null}
              <Button onClick={() => open.mutate()} loading={open.isPending} fullWidth>
                Open what was left for you
              </Button>
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}

function ReleasedPart({ part, token }: { part: ReleasedLegacy; token: string }) {
  const [downloadProblem, setDownloadProblem] = useState<string | null>(null);
  const sections = SECTIONS.filter((section) => part[section.key].length > 0);
  const empty = !part.about && sections.length === 0;
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Group>
          <TaskButton
            variant="default"
            task={() =>
              downloadReleasedLegacy(token).then(
                () => setDownloadProblem(null),
                (error: unknown) => setDownloadProblem(errorMessage(error)),
              )
            }
          >
            Download your part
          </TaskButton>
        </Group>
        {downloadProblem ? (
          <Alert color="red" variant="light" role="alert" maw={560}>
            {downloadProblem}
          </Alert>
        ) : null}
      </Stack>
      {empty ? (
        <Paper withBorder radius="lg" p="lg" maw={560}>
          <Text>Nothing in this Life Legacy was marked for you to read.</Text>
        </Paper>
      ) : null}
      {part.about ? (
        <Paper
          withBorder
          radius="lg"
          p={{ base: 'md', sm: 'xl' }}
          component="section"
          aria-labelledby="released-about"
        >
          <Title order={2} id="released-about" mb="sm">
            {`About ${part.memberName}`}
          </Title>
          <Text>
            <Text span fw={600}>
              Birth place:
            </Text>{' '}
            {part.about.birthPlace}
          </Text>
          <Text mt="sm" style={{ whiteSpace: 'pre-line' }}>
            {part.about.description}
          </Text>
        </Paper>
      ) : null}
      {sections.map((section) => (
        <LegacyTable
          key={section.key}
          title={section.title}
          empty={section.empty}
          columns={columnsOf(section)}
          entries={part[section.key]}
        />
      ))}
    </Stack>
  );
}
