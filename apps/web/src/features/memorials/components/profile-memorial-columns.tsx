import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { MemorialSummary } from '@rips/shared/memorials';
import { ConfirmModal } from '@/components/confirm-modal';
import { SectionLoader } from '@/components/page-loader';
import { FormActions } from '@/components/form-actions';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/use-session';
import { useZodForm } from '@/lib/use-zod-form';
import { contributedMemorialsQuery, ownMemorialsQuery } from '../api/memorials.api';
import { useDeleteMemorial, useUpdateMemorial } from '../api/memorials.mutations';
import { likedByText } from '../lib/format';
import { postUpdateFormData, PostUpdateFormSchema, postUpdateValues } from '../lib/memorial-form';
import { ImportMemorialButton } from './import-memorial-modal';
import { PostUpdateFields } from './post-update-fields';
import { TraitBadges } from './trait-badges';
import classes from './memorials.module.css';

const UPDATED = 'Post updated successfully!';
const UPDATE_FAILED = 'We could not update this Rip. Please try again.';

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

interface MemorialColumnProps {
  headingId: string;
  title: string;
  query: UseQueryResult<MemorialSummary[]>;
  emptyText: string;
  /** What each memorial offers below its line. */
  renderTools: (memorial: MemorialSummary) => ReactNode;
}

/** A titled column of memorials, with its loading, failure and empty states. */
function MemorialColumn({ headingId, title, query, emptyText, renderTools }: MemorialColumnProps) {
  const { status, data } = query;
  const items = data ?? [];
  return (
    <section aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} id={headingId} size="h3">
          {title}
        </Title>
        {status === 'pending' ? (
          <SectionLoader label="Loading…" />
        ) : status === 'error' ? (
          <Text c="dimmed">We could not load this list just now.</Text>
        ) : items.length === 0 ? (
          <Text c="dimmed">{emptyText}</Text>
        ) : null}
        {items.map((memorial) => (
          <Paper key={memorial._id} withBorder radius="md" p="md">
            <Stack gap="sm">
              <MemorialLine memorial={memorial} />
              {renderTools(memorial)}
            </Stack>
          </Paper>
        ))}
      </Stack>
    </section>
  );
}

function ContributedMemorials({ userId }: { userId: string }) {
  const query = useQuery(contributedMemorialsQuery(userId));
  return (
    <MemorialColumn
      headingId="your-contributor"
      title="Your Contributor"
      query={query}
      emptyText="You are not a contributor to any Rip yet."
      renderTools={(memorial) => (
        <Text size="sm" c="dimmed">
          {likedByText(memorial.reactions)}
        </Text>
      )}
    />
  );
}

function OwnMemorials({ userId }: { userId: string }) {
  const query = useQuery(ownMemorialsQuery(userId));
  const { isSponsor } = useSession();
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<MemorialSummary | null>(null);
  return (
    <>
      <MemorialColumn
        headingId="your-rips"
        title="Your Rips"
        query={query}
        emptyText="You have not added a Rip yet."
        renderTools={(memorial) =>
          editing === memorial._id ? (
            <InlineUpdateForm memorial={memorial} onDone={() => setEditing(null)} />
          ) : (
            <Group gap="sm">
              <Button size="xs" variant="light" onClick={() => setEditing(memorial._id)}>
                Update
              </Button>
              <Button size="xs" variant="outline" color="red" onClick={() => setDeleting(memorial)}>
                Delete
              </Button>
            </Group>
          )
        }
      />
      {isSponsor ? (
        <Group mt="md">
          <ImportMemorialButton />
        </Group>
      ) : null}
      <ConfirmDelete memorial={deleting} onClose={() => setDeleting(null)} />
    </>
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
          className={classes.cardTitle}
        >
          {memorial.title}
        </Anchor>
        {memorial.description ? (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {memorial.description}
          </Text>
        ) : null}
        <TraitBadges tags={memorial.tags} max={4} size="sm" />
      </Stack>
    </Group>
  );
}

function InlineUpdateForm({ memorial, onDone }: { memorial: MemorialSummary; onDone: () => void }) {
  const navigate = useNavigate();
  const form = useZodForm(PostUpdateFormSchema, { initialValues: postUpdateValues(memorial) });
  const mutation = useUpdateMemorial(memorial._id);

  const onSubmit = form.handleSubmit((input) => {
    mutation.mutate(postUpdateFormData(input), {
      onSuccess: () => {
        form.notice.success(UPDATED);
        onDone();
        void navigate(paths.profile.href());
      },
      onError: (error) => {
        form.showServerErrors(error, { fileField: 'image' });
        form.notice.error(errorMessage(error, UPDATE_FAILED));
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Update ${memorial.title}`}>
      <Stack gap="sm">
        <PostUpdateFields postId={memorial._id} form={form} />
        <FormActions submitLabel="Update" busy={mutation.isPending} cancel={onDone} />
      </Stack>
    </form>
  );
}

function ConfirmDelete({
  memorial,
  onClose,
}: {
  memorial: MemorialSummary | null;
  onClose: () => void;
}) {
  const mutation = useDeleteMemorial();
  return (
    <ConfirmModal
      opened={memorial !== null}
      title="Delete this Rip?"
      body={`${memorial ? `The memorial of ${memorial.title}` : 'This memorial'}, with its flowers, prayers, photos, memorabilia and documents, will be removed for everyone. This cannot be undone.`}
      confirmLabel="Delete"
      busy={mutation.isPending}
      onClose={onClose}
      onConfirm={() =>
        memorial &&
        mutation.mutate(memorial._id, {
          onSuccess: () => {
            notify.success('The Rip has been deleted.');
            onClose();
          },
          // The spec only logs delete failures; a quiet notice tells the member nothing changed.
          onError: (error) =>
            notify.error(errorMessage(error, 'We could not delete this Rip. Please try again.')),
        })
      }
    />
  );
}
