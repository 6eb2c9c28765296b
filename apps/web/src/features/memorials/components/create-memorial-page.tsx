import { Container, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { FormActions } from '@/components/form-actions';
import { UploadProgress } from '@/components/upload-progress';
import { VisibilityChoices } from '@/components/visibility-choices';
import { paths } from '@/config/paths';
import { isUnreachable, offlineText } from '@/lib/api-client';
import { useLeaveGuard } from '@/lib/use-leave-guard';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '@/lib/use-session';
import { useZodForm } from '@/lib/use-zod-form';
import { useCreateMemorial } from '../api/memorials.mutations';
import { EMPTY_MEMORIAL, memorialFormData, MemorialFormSchema } from '../lib/memorial-form';
import { MemorialFields } from './memorial-fields';

export const CREATE_SUCCESS = 'Post Created Successfully';
export const CREATE_FAILED = 'Error creating post, please try again.';

/** /create-post: sponsors add a Rip; everyone else is sent to the memorial list. */
export function CreateMemorialPage() {
  useDocumentTitle('Add a Rip');
  const { user, isSponsor } = useSession();
  if (!user || !isSponsor) return <Navigate to={paths.memoriams.href()} replace />;
  return <CreateMemorialForm ownerName={user.fullName} />;
}

function CreateMemorialForm({ ownerName }: { ownerName: string }) {
  const navigate = useNavigate();
  const form = useZodForm(MemorialFormSchema, {
    initialValues: EMPTY_MEMORIAL,
    draftKey: 'memorial:new',
  });
  useLeaveGuard(form);
  const [progress, setProgress] = useState(0);
  const mutation = useCreateMemorial();

  const onSubmit = form.handleSubmit((input) => {
    setProgress(0);
    mutation.mutate(
      { body: memorialFormData(input), onProgress: setProgress },
      {
        onSuccess: () => {
          form.settled();
          form.notice.success(CREATE_SUCCESS);
          void navigate(paths.home.href());
        },
        // The form keeps everything typed; fields the server named get their own message.
        onError: (error) => {
          form.showServerErrors(error, { fileField: 'image' });
          form.notice.error(isUnreachable(error) ? offlineText() : CREATE_FAILED);
        },
      },
    );
  });

  return (
    <Container size="sm" py={{ base: 32, sm: 56 }}>
      <Stack gap="lg">
        <div>
          <Title order={1}>Add a Rip</Title>
          <Text c="dimmed" mt={6}>
            Create a memorial page. Family and friends can then visit, leave flowers and say
            prayers.
          </Text>
        </div>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="xs">
          <form onSubmit={onSubmit} noValidate aria-busy={mutation.isPending}>
            <Stack gap="md">
              <TextInput
                label="Owner"
                value={ownerName}
                readOnly
                description="You will be the owner of this Rip"
              />
              <MemorialFields form={form} variant="create" />
              <Radio.Group
                label="Who may see this memorial?"
                description="You can change this later under Manage."
                {...form.getInputProps('visibility')}
              >
                <VisibilityChoices />
              </Radio.Group>
              <UploadProgress
                progress={mutation.isPending && form.values.image ? progress : null}
                label="Upload progress"
              />
              <FormActions
                submitLabel="Create Rip"
                busy={mutation.isPending}
                cancel={paths.memoriams.href()}
              />
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Container>
  );
}
