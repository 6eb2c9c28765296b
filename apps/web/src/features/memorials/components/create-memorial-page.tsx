import {
  Button,
  Container,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { focusFirstInvalid, hasErrors, toFormErrors, type FormErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '@/lib/use-session';
import { createMemorial, memorialKeys } from '../api/memorials.api';
import { validateMemorial } from '../lib/validate';
import {
  EMPTY_MEMORIAL,
  MEMORIAL_FIELDS,
  MemorialFields,
  toFormData,
  type MemorialField,
  type MemorialFormValues,
} from './memorial-fields';

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
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<MemorialFormValues>(EMPTY_MEMORIAL);
  const [errors, setErrors] = useState<FormErrors<MemorialField>>({});
  const [progress, setProgress] = useState(0);

  const mutation = useMutation({
    mutationFn: () => createMemorial(toFormData(values), setProgress),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: memorialKeys.all });
      notify.success(CREATE_SUCCESS);
      void navigate(paths.home.href());
    },
    onError: (error) => {
      // The form keeps everything typed; fields the server named get their own message.
      if (error instanceof ApiError) setErrors(toFormErrors(error.errors, MEMORIAL_FIELDS));
      if (error instanceof ApiError && error.code === 'INVALID_FILE')
        setErrors((e) => ({ ...e, image: error.message }));
      notify.error(CREATE_FAILED);
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
    },
  });

  function onChange<K extends MemorialField>(field: K, value: MemorialFormValues[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = validateMemorial(values);
    setErrors(next);
    if (hasErrors(next)) {
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    setProgress(0);
    mutation.mutate();
  }

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
          <form ref={formRef} onSubmit={onSubmit} noValidate aria-busy={mutation.isPending}>
            <Stack gap="md">
              <TextInput
                label="Owner"
                value={ownerName}
                readOnly
                description="You will be the owner of this Rip"
              />
              <MemorialFields
                values={values}
                errors={errors}
                onChange={onChange}
                variant="create"
              />
              {mutation.isPending && values.image ? (
                <Progress value={progress * 100} aria-label="Upload progress" size="sm" />
              ) : null}
              <Group justify="flex-end" gap="sm">
                <Button component={Link} to={paths.memoriams.href()} variant="default">
                  Cancel
                </Button>
                <Button type="submit" loading={mutation.isPending}>
                  Create Rip
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Container>
  );
}
