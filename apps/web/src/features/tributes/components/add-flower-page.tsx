import { Button, Container, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SectionLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { TRIBUTE_KINDS } from '@/config/tribute-kinds';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useEntryLinks } from '@/lib/use-entry-links';
import { useSession } from '@/lib/use-session';
import { memorialChoicesQuery, memorialTitleQuery } from '../api/tributes.api';
import { FlowerForm } from './flower-form';

/** /add-flower?postId=…: the flower form on a page of its own; without postId, pick the memorial first. */
export default function AddFlowerPage() {
  useDocumentTitle(TRIBUTE_KINDS.flowers.dialogTitle);
  const { isAuthenticated } = useSession();
  const entry = useEntryLinks();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const postId = params.get('postId') ?? '';

  const memorial = useQuery({ ...memorialTitleQuery(postId), enabled: postId !== '' });
  const choices = useQuery({
    ...memorialChoicesQuery(),
    enabled: isAuthenticated && postId === '',
  });
  const backToMemorial = () => void navigate(paths.post.href(postId));

  let body;
  if (!isAuthenticated) {
    body = (
      <Stack gap="sm" align="flex-start">
        <Text>Please log in to leave a flower.</Text>
        <Button component={Link} to={entry.login}>
          Log in
        </Button>
      </Stack>
    );
  } else if (postId === '') {
    body = (
      <Select
        label="Memorial"
        placeholder={choices.isPending ? 'Loading memorials…' : 'Choose the memorial'}
        searchable
        nothingFoundMessage="No memorial found"
        data={(choices.data ?? []).map((m) => ({ value: m._id, label: m.title }))}
        onChange={(value) => {
          if (value) setParams({ postId: value });
        }}
      />
    );
  } else if (memorial.isError) {
    body = (
      <Text c="dimmed">This memorial does not exist, or it has been removed by its family.</Text>
    );
  } else if (memorial.isPending) {
    body = <SectionLoader label="Loading the memorial…" />;
  } else if (!memorial.data.abilities?.leaveTribute) {
    // The server decides who may leave a flower; an answer that does not say grants nothing.
    body = <Text>You cannot add to this memorial.</Text>;
  } else {
    body = <FlowerForm postId={postId} onDone={backToMemorial} onCancel={backToMemorial} />;
  }

  return (
    <Container size="sm" py={{ base: 24, sm: 48 }}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="xs">
        <Stack gap="lg">
          <div>
            <Title order={1}>{TRIBUTE_KINDS.flowers.dialogTitle}</Title>
            {memorial.data ? (
              <Text c="dimmed" mt={4}>
                For {memorial.data.title}
              </Text>
            ) : null}
          </div>
          {body}
        </Stack>
      </Paper>
    </Container>
  );
}
