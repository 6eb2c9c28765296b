import {
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { MemorialSummary } from '@rips/shared/memorials';
import { SectionLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { focusFirstInvalid, hasErrors, toFormErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/use-session';
import {
  deleteMemorial,
  likedByText,
  listContributedMemorials,
  listOwnMemorials,
  patchMemorial,
  profileMemorialKeys,
} from '../api/profile-memorials.api';
import {
  PostUpdateFields,
  toUpdateFormData,
  validatePostUpdate,
  type PostUpdateField,
  type PostUpdateValues,
} from './post-update-fields';
import classes from './profile-memorials.module.css';

const UPDATED = 'Post updated successfully!';

/** The profile's two memorial columns: 'Your Rips' and 'Your Contributor'. */
export function ProfileMemorialColumns() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      <OwnMemorials userId={user._id} />
      <ContributedMemorials userId={user._id} />
    </SimpleGrid>
  );
}

function ColumnState({
  status,
  empty,
  emptyText,
}: {
  status: 'pending' | 'error' | 'success';
  empty: boolean;
  emptyText: string;
}) {
  if (status === 'pending') {
    return <SectionLoader label="Loading…" />;
  }
  if (status === 'error') return <Text c="dimmed">We could not load this list just now.</Text>;
  return empty ? <Text c="dimmed">{emptyText}</Text> : null;
}

function OwnMemorials({ userId }: { userId: string }) {
  const query = useQuery({
    queryKey: profileMemorialKeys.own(userId),
    queryFn: ({ signal }) => listOwnMemorials(signal),
  });
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<MemorialSummary | null>(null);
  const items = query.data ?? [];
  return (
    <section aria-labelledby="your-rips">
      <Stack gap="md">
        <Title order={2} id="your-rips" size="h3">
          Your Rips
        </Title>
        <ColumnState
          status={query.status}
          empty={items.length === 0}
          emptyText="You have not added a Rip yet."
        />
        {items.map((memorial) => (
          <Paper key={memorial._id} withBorder radius="md" p="md">
            <Stack gap="sm">
              <MemorialLine memorial={memorial} />
              {editing === memorial._id ? (
                <InlineUpdateForm
                  memorial={memorial}
                  userId={userId}
                  onDone={() => setEditing(null)}
                />
              ) : (
                <Group gap="sm">
                  <Button size="xs" variant="light" onClick={() => setEditing(memorial._id)}>
                    Update
                  </Button>
                  <Button
                    size="xs"
                    variant="outline"
                    color="red"
                    onClick={() => setDeleting(memorial)}
                  >
                    Delete
                  </Button>
                </Group>
              )}
            </Stack>
          </Paper>
        ))}
      </Stack>
      <ConfirmDelete memorial={deleting} userId={userId} onClose={() => setDeleting(null)} />
    </section>
  );
}

function ContributedMemorials({ userId }: { userId: string }) {
  const query = useQuery({
    queryKey: profileMemorialKeys.contributed(userId),
    queryFn: ({ signal }) => listContributedMemorials(signal),
  });
  const items = query.data ?? [];
  return (
    <section aria-labelledby="your-contributor">
      <Stack gap="md">
        <Title order={2} id="your-contributor" size="h3">
          Your Contributor
        </Title>
        <ColumnState
          status={query.status}
          empty={items.length === 0}
          emptyText="You are not a contributor to any Rip yet."
        />
        {items.map((memorial) => (
          <Paper key={memorial._id} withBorder radius="md" p="md">
            <Stack gap={6}>
              <MemorialLine memorial={memorial} />
              <Text size="sm" c="dimmed">
                {likedByText(memorial.reactions)}
              </Text>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </section>
  );
}

function MemorialLine({ memorial }: { memorial: MemorialSummary }) {
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      {memorial.image ? (
        <img
          src={memorial.image.src}
          srcSet={memorial.image.srcSet}
          sizes="72px"
          width={72}
          height={Math.round((72 * memorial.image.height) / memorial.image.width)}
          alt={`Photo of ${memorial.title}`}
          loading="lazy"
          className={classes.thumb}
        />
      ) : null}
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Anchor
          component={Link}
          to={paths.post.href(memorial._id)}
          fw={600}
          className={classes.title}
        >
          {memorial.title}
        </Anchor>
        {memorial.description ? (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {memorial.description}
          </Text>
        ) : null}
        {memorial.tags.length > 0 ? (
          <Group gap={4}>
            {memorial.tags.slice(0, 4).map((tag) => (
              <Badge key={tag} size="sm" variant="light" tt="none">
                {tag}
              </Badge>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Group>
  );
}

function InlineUpdateForm({
  memorial,
  userId,
  onDone,
}: {
  memorial: MemorialSummary;
  userId: string;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<PostUpdateValues>({
    title: memorial.title,
    description: memorial.description,
    image: null,
  });
  const [errors, setErrors] = useState<Partial<Record<PostUpdateField, string>>>({});

  const mutation = useMutation({
    mutationFn: () => patchMemorial(memorial._id, toUpdateFormData(values)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: profileMemorialKeys.own(userId) });
      void queryClient.invalidateQueries({ queryKey: ['memorials'] });
      notify.success(UPDATED);
      onDone();
      void navigate(paths.profile.href());
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        setErrors(toFormErrors(error.errors, ['title', 'description', 'image'] as const));
        if (error.code === 'INVALID_FILE') setErrors((e) => ({ ...e, image: error.message }));
      }
      notify.error(errorMessage(error, 'We could not update this Rip. Please try again.'));
    },
  });

  function onChange<K extends PostUpdateField>(field: K, value: PostUpdateValues[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = validatePostUpdate(values);
    setErrors(next);
    if (hasErrors(next)) {
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    mutation.mutate();
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={`Update ${memorial.title}`}>
      <Stack gap="sm">
        <PostUpdateFields
          postId={memorial._id}
          values={values}
          errors={errors}
          onChange={onChange}
        />
        <Group gap="sm" justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Update
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ConfirmDelete({
  memorial,
  userId,
  onClose,
}: {
  memorial: MemorialSummary | null;
  userId: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (id: string) => deleteMemorial(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: profileMemorialKeys.own(userId) });
      void queryClient.invalidateQueries({ queryKey: ['memorials'] });
      notify.success('The Rip has been deleted.');
      onClose();
    },
    // The spec only logs delete failures; a quiet notice tells the member nothing changed.
    onError: (error) =>
      notify.error(errorMessage(error, 'We could not delete this Rip. Please try again.')),
  });
  return (
    <Modal opened={memorial !== null} onClose={onClose} title="Delete this Rip?" radius="lg">
      <Stack gap="md">
        <Text>
          {memorial ? `The memorial of ${memorial.title}` : 'This memorial'}, with its flowers,
          prayers, photos, memorabilia and documents, will be removed for everyone. This cannot be
          undone.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={mutation.isPending}
            onClick={() => memorial && mutation.mutate(memorial._id)}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
