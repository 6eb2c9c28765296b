import { Button, Container, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { SectionLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { focusFirstInvalid, hasErrors, toFormErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '@/lib/use-session';
import { listOwnMemorials, profileMemorialKeys, putMemorial } from '../api/profile-memorials.api';
import {
  PostUpdateFields,
  toUpdateFormData,
  validatePostUpdate,
  type PostUpdateField,
  type PostUpdateValues,
} from './post-update-fields';

const UPDATED = 'Post updated successfully!';
const EMPTY: PostUpdateValues = { title: '', description: '', image: null };

/** /profile/update-post: the alternate update form; pick one of your Rips (or arrive with ?id=). */
export function UpdatePostPage() {
  useDocumentTitle('Update a Rip');
  const { user } = useSession();
  if (!user) return <Navigate to={paths.login.href()} replace />;
  return <UpdatePostForm userId={user._id} />;
}

function UpdatePostForm({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const formRef = useRef<HTMLFormElement>(null);
  const selected = params.get('id');
  const own = useQuery({
    queryKey: profileMemorialKeys.own(userId),
    queryFn: ({ signal }) => listOwnMemorials(signal),
  });
  const memorial = own.data?.find((m) => m._id === selected) ?? null;
  const [values, setValues] = useState<PostUpdateValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<PostUpdateField, string>>>({});

  // Choosing a memorial fills the form with what it says today.
  useEffect(() => {
    setValues(
      memorial ? { title: memorial.title, description: memorial.description, image: null } : EMPTY,
    );
    setErrors({});
  }, [memorial]);

  const mutation = useMutation({
    mutationFn: (id: string) => putMemorial(id, toUpdateFormData(values)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['memorials'] });
      notify.success(UPDATED);
      void navigate(paths.profile.href());
    },
    onError: (error) => {
      if (error instanceof ApiError)
        setErrors(toFormErrors(error.errors, ['title', 'description', 'image'] as const));
      notify.error(errorMessage(error, 'We could not update this Rip. Please try again.'));
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!memorial) return;
    const next = validatePostUpdate(values);
    setErrors(next);
    if (hasErrors(next)) {
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    mutation.mutate(memorial._id);
  }

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
            <form ref={formRef} onSubmit={onSubmit} noValidate>
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
                {memorial ? (
                  <PostUpdateFields
                    postId={memorial._id}
                    values={values}
                    errors={errors}
                    onChange={(field, value) => {
                      setValues((v) => ({ ...v, [field]: value }));
                      setErrors((e) => ({ ...e, [field]: undefined }));
                    }}
                  />
                ) : null}
                <Group justify="flex-end" gap="sm">
                  <Button component={Link} to={paths.profile.href()} variant="default">
                    Cancel
                  </Button>
                  <Button type="submit" disabled={!memorial} loading={mutation.isPending}>
                    Update
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </Paper>
      </Stack>
    </Container>
  );
}
