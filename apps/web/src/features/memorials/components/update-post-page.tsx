import { LoginFirst } from '@/lib/use-entry-links';
import { Container, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { MemorialSummary } from '@rips/shared/memorials';
import { useNavigate, useSearchParams } from 'react-router';
import { SectionLoader } from '@/components/page-loader';
import { FormActions } from '@/components/form-actions';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '@/lib/use-session';
import { useZodForm } from '@/lib/use-zod-form';
import { ownMemorialsQuery } from '../api/memorials.api';
import { useReplaceMemorial } from '../api/memorials.mutations';
import { postUpdateFormData, PostUpdateFormSchema, postUpdateValues } from '../lib/memorial-form';
import { PostUpdateFields } from './post-update-fields';

const UPDATED = 'Post updated successfully!';
const UPDATE_FAILED = 'We could not update this Rip. Please try again.';

/** /profile/update-post: the alternate update form; pick one of your Rips (or arrive with ?id=). */
export function UpdatePostPage() {
  useDocumentTitle('Update a Rip');
  const { user } = useSession();
  if (!user) return <LoginFirst />;
  return <UpdatePostForm userId={user._id} />;
}

function UpdatePostForm({ userId }: { userId: string }) {
  const [params, setParams] = useSearchParams();
  const own = useQuery(ownMemorialsQuery(userId));
  const selected = params.get('id');
  const memorial = own.data?.find((m) => m._id === selected) ?? null;

  return (
    <Container size="sm" py={{ base: 32, sm: 56 }}>
      <Stack gap="lg">
        <Title order={1}>Update a Rip</Title>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="xs">
          {own.isPending ? (
            <SectionLoader label="Loading your Rips…" />
          ) : (own.data ?? []).length === 0 ? (
            <Text c="dimmed">You have not added a Rip yet, so there is nothing to update.</Text>
          ) : (
            <Stack gap="md">
              <Select
                label="Rip to update"
                placeholder="Choose one of your Rips"
                data={(own.data ?? []).map((m) => ({ value: m._id, label: m.title }))}
                value={memorial?._id ?? null}
                onChange={(value) => setParams(value ? { id: value } : {}, { replace: true })}
                searchable
                allowDeselect={false}
              />
              {/* Keyed by the memorial: choosing another one starts from what it says today. */}
              <ReplaceForm key={memorial?._id ?? 'none'} memorial={memorial} />
            </Stack>
          )}
        </Paper>
      </Stack>
    </Container>
  );
}

function ReplaceForm({ memorial }: { memorial: MemorialSummary | null }) {
  const navigate = useNavigate();
  const form = useZodForm(PostUpdateFormSchema, { initialValues: postUpdateValues(memorial) });
  const mutation = useReplaceMemorial();

  const onSubmit = form.handleSubmit((input) => {
    if (!memorial) return;
    mutation.mutate(
      { id: memorial._id, body: postUpdateFormData(input) },
      {
        onSuccess: () => {
          form.notice.success(UPDATED);
          void navigate(paths.profile.href());
        },
        onError: (error) => {
          form.showServerErrors(error, { fileField: 'image' });
          form.notice.error(errorMessage(error, UPDATE_FAILED));
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {memorial ? <PostUpdateFields postId={memorial._id} form={form} /> : null}
        <FormActions
          submitLabel="Update"
          busy={mutation.isPending}
          cancel={paths.profile.href()}
          submitDisabled={!memorial}
        />
      </Stack>
    </form>
  );
}
