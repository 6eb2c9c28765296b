import { Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { capitalized, kindAt } from '@rips/shared/kinds';
import type { MemorialDetail } from '@rips/shared/memorials';
import type { ModerationItem } from '@rips/shared/stewardship';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { FormModal } from '@/components/form-modal';
import { moderationQuery, useModerate } from '../../api/stewardship.api';
import { Loaded, outcome } from './panel-parts';

type ModerationVerb = 'approve' | 'hide' | 'unhide' | 'delete' | 'return';

/** The note's form, loaded when a manager first returns a tribute (decision 0117). */
const ReturnNoteForm = lazy(() => import('./return-note-form'));

/** One action of a moderation list: the button's word and what it says once done. */
interface ModerationChoice {
  action: ModerationVerb;
  label: string;
  done: (what: string) => string;
}

const MODERATION_CHOICES = {
  approve: { action: 'approve', label: 'Approve', done: (what) => `${what} is published.` },
  keep: {
    action: 'approve',
    label: 'Keep',
    done: (what) => `${what} stays on the memorial; its reports are closed.`,
  },
  hide: {
    action: 'hide',
    label: 'Hide',
    done: (what) => `${what} is hidden. You can show it again from Hidden.`,
  },
  unhide: { action: 'unhide', label: 'Show again', done: (what) => `${what} is shown again.` },
  delete: { action: 'delete', label: 'Delete', done: (what) => `${what} was deleted.` },
  // Opens the note's dialog; the form says how it went.
  return: {
    action: 'return',
    label: 'Return with a note',
    done: (what) => `${what} was returned.`,
  },
} satisfies Record<string, ModerationChoice>;

/** "the photo by Ann Lee": how a button's accessible name and the messages name an item. */
function itemName(item: ModerationItem): string {
  return `the ${kindAt(item.kind)?.noun ?? 'item'} by ${item.author.fullName}`;
}

/** One list of the queue, each item with the actions `choices` offers. */
function ModerationList({
  memorial,
  title,
  items,
  choices,
}: {
  memorial: MemorialDetail;
  title: string;
  items: ModerationItem[];
  choices: readonly ModerationChoice[];
}) {
  const moderate = useModerate(memorial._id);
  // Deleting cannot be undone, so it asks first; hiding is the way back.
  const [deleting, setDeleting] = useState<ModerationItem | null>(null);
  const [returning, setReturning] = useState<ModerationItem | null>(null);
  const act = (item: ModerationItem, choice: ModerationChoice, after?: () => void) =>
    moderate.mutate(
      { kind: item.kind, itemId: item.itemId, action: choice.action },
      outcome(choice.done(capitalized(itemName(item))), after),
    );
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {items.length === 0 ? (
        <Text c="dimmed">Nothing here.</Text>
      ) : (
        <Stack gap="md">
          {items.map((item) => (
            <Stack key={item.itemId} gap={4}>
              <Text size="sm" c="dimmed">
                {capitalized(itemName(item).replace(/^the /, 'a '))}
              </Text>
              {item.text ? <Text>{item.text}</Text> : null}
              {item.image ? <Image src={item.image} alt="" w={96} h={96} radius="sm" /> : null}
              {item.returnNote ? (
                <Text size="sm">
                  Your note: <q>{item.returnNote}</q>
                </Text>
              ) : null}
              {item.reports.map((r) => (
                <Text key={r.createdAt + r.reason} size="sm">
                  Reported: {r.reason}
                </Text>
              ))}
              <Group gap="xs" wrap="wrap">
                {choices.map((choice) => (
                  <Button
                    key={choice.label}
                    size="xs"
                    variant={choice.action === 'delete' ? 'outline' : 'filled'}
                    color={choice.action === 'delete' ? 'red' : undefined}
                    aria-label={`${choice.label} ${itemName(item)}`}
                    disabled={moderate.isPending}
                    onClick={() =>
                      choice.action === 'delete'
                        ? setDeleting(item)
                        : choice.action === 'return'
                          ? setReturning(item)
                          : act(item, choice)
                    }
                  >
                    {choice.label}
                  </Button>
                ))}
              </Group>
            </Stack>
          ))}
        </Stack>
      )}
      <FormModal
        opened={returning !== null}
        onClose={() => setReturning(null)}
        title={`Return ${returning ? itemName(returning) : 'this tribute'} with a note`}
      >
        {returning ? (
          <Suspense fallback={null}>
            <ReturnNoteForm
              memorialId={memorial._id}
              kind={returning.kind}
              itemId={returning.itemId}
              name={capitalized(itemName(returning))}
              onDone={() => setReturning(null)}
            />
          </Suspense>
        ) : null}
      </FormModal>
      <ConfirmModal
        opened={deleting !== null}
        busy={moderate.isPending}
        title={`Delete ${deleting ? itemName(deleting) : 'this tribute'} for good?`}
        body="It will be gone from the memorial for everyone and cannot be brought back. Hide keeps it out of sight instead, and can be undone."
        confirmLabel="Delete for good"
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) act(deleting, MODERATION_CHOICES.delete, () => setDeleting(null));
        }}
      />
    </Paper>
  );
}

/** The moderation queue's lists, each with the actions that suit it. */
const QUEUE_LISTS = [
  {
    key: 'pending',
    title: 'Awaiting approval',
    choices: [
      MODERATION_CHOICES.approve,
      MODERATION_CHOICES.return,
      MODERATION_CHOICES.hide,
      MODERATION_CHOICES.delete,
    ],
  },
  {
    key: 'reported',
    title: 'Reported',
    choices: [MODERATION_CHOICES.keep, MODERATION_CHOICES.hide, MODERATION_CHOICES.delete],
  },
  {
    key: 'hidden',
    title: 'Hidden',
    choices: [MODERATION_CHOICES.unhide, MODERATION_CHOICES.delete],
  },
  {
    key: 'returned',
    title: 'Returned to their authors',
    choices: [MODERATION_CHOICES.hide, MODERATION_CHOICES.delete],
  },
] as const;

/** Manage → Moderation: what awaits approval, what was reported, hidden, or returned with a note. */
export function ModerationPanel({ memorial }: { memorial: MemorialDetail }) {
  const queue = useQuery(moderationQuery(memorial._id));
  return (
    <Loaded query={queue}>
      {(lists) => (
        <Stack gap="lg">
          {QUEUE_LISTS.map(({ key, title, choices }) => (
            <ModerationList
              key={key}
              memorial={memorial}
              title={title}
              items={lists[key]}
              choices={choices}
            />
          ))}
        </Stack>
      )}
    </Loaded>
  );
}
