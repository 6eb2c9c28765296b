import { Button, Container, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '@/lib/use-session';
import { getMemorialTitle, listMemorialChoices } from '../api/tributes.api';
import { FlowerForm } from './flower-form';

/** /add-flower?postId=…: the flower form on a page of its own; without postId, pick the memorial first. */
export default function AddFlowerPage() {
  useDocumentTitle('Leave A Flower');
  const { isAuthenticated } = useSession();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const postId = params.get('postId') ?? '';

  const memorial = useQuery({
    queryKey: ['tributes', 'memorial-title', postId],
    queryFn: ({ signal }) => getMemorialTitle(postId, signal),
    enabled: postId !== '',
  });
  const choices = useQuery({
    queryKey: ['tributes', 'memorial-choices'],
    queryFn: ({ signal }) => listMemorialChoices(signal),
    enabled: isAuthenticated && postId === '',
  });

  return (
    <Container size="sm" py={{ base: 24, sm: 48 }}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="xs">
        <Stack gap="lg">
          <div>
            <Title order={1}>Leave A Flower</Title>
            {memorial.data ? (
              <Text c="dimmed" mt={4}>
                For {memorial.data.title}
              </Text>
            ) : null}
          </div>
          {!isAuthenticated ? (
            <Stack gap="sm" align="flex-start">
              <Text>Please log in to leave a flower.</Text>
              <Button component={Link} to={paths.login.href()}>
                Login
              </Button>
            </Stack>
          ) : postId === '' ? (
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
          ) : memorial.isError ? (
            <Text c="dimmed">
              This memorial does not exist, or it has been removed by its family.
            </Text>
          ) : (
            <FlowerForm
              postId={postId}
              onDone={() => void navigate(paths.post.href(postId))}
              onCancel={() => void navigate(paths.post.href(postId))}
            />
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
