import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { MemorialAbilities, MemorialDetail } from '@rips/shared/memorials';
import type { Moment } from '@rips/shared/timeline';
import { CHARITY_NO_MONEY_NOTE, momentDateIso } from '@rips/shared/timeline-words';
import { useReturnFocus } from '@/lib/use-return-focus';
import { charitiesQuery, timelineQuery, useMomentAction } from '../api/timeline.api';
import classes from './timeline.module.css';

// The forms load when a manager or contributor opens one: visitors only read.
const MomentFormModal = lazy(() =>
  import('./moment-form').then((m) => ({ default: m.MomentFormModal })),
);
const CharitiesFormModal = lazy(() =>
  import('./charities-form').then((m) => ({ default: m.CharitiesFormModal })),
);

interface LifeSectionProps {
  memorial: MemorialDetail;
  abilities: MemorialAbilities | null;
}

/** The life timeline (a calm vertical list, the year first) and the charities in lieu of flowers. */
export function LifeSection({ memorial, abilities }: LifeSectionProps) {
  const postId = memorial._id;
  const moments = useQuery(timelineQuery(postId));
  const charities = useQuery(charitiesQuery(postId));
  const [editing, setEditing] = useState<Moment | 'new' | null>(null);
  const [charitiesOpen, setCharitiesOpen] = useState(false);
  const rememberOpener = useReturnFocus(editing !== null || charitiesOpen);
  const manages = abilities?.update ?? false;
  const suggests = !manages && (abilities?.addToGalleries ?? false);
  const list = moments.data ?? [];
  const charityList = charities.data ?? [];
  const open = (what: Moment | 'new') => {
    rememberOpener();
    setEditing(what);
  };

  return (
    <>
      {list.length > 0 || manages || suggests ? (
        <section aria-labelledby="life-heading" className={classes.section}>
          <Stack gap="md">
            <Group justify="space-between" gap="sm">
              <Title order={2} id="life-heading">
                Life
              </Title>
              {manages || suggests ? (
                <Button variant="default" onClick={() => open('new')}>
                  {manages ? 'Add a moment' : 'Suggest a moment'}
                </Button>
              ) : null}
            </Group>
            {list.length === 0 ? (
              <Text c="dimmed">No moments yet. Add the first one.</Text>
            ) : (
              <ol className={classes.timeline}>
                {list.map((moment) => (
                  <MomentItem
                    key={moment._id}
                    moment={moment}
                    postId={postId}
                    manages={manages}
                    onEdit={() => open(moment)}
                  />
                ))}
              </ol>
            )}
          </Stack>
        </section>
      ) : null}
      {charityList.length > 0 || manages ? (
        <section aria-labelledby="charities-heading" className={classes.section}>
          <Stack gap="sm">
            <Group justify="space-between" gap="sm">
              <Title order={2} id="charities-heading">
                In lieu of flowers
              </Title>
              {manages ? (
                <Button
                  variant="default"
                  onClick={() => {
                    rememberOpener();
                    setCharitiesOpen(true);
                  }}
                >
                  {charityList.length ? 'Change charities' : 'Name charities'}
                </Button>
              ) : null}
            </Group>
            {charityList.length === 0 ? (
              <Text c="dimmed">No charities named. The family may name up to three.</Text>
            ) : (
              <>
                <ul className={classes.charities}>
                  {charityList.map((charity) => (
                    <li key={charity.url + charity.name}>
                      <Anchor href={charity.url} target="_blank" rel="noopener noreferrer" fw={600}>
                        {charity.name}
                      </Anchor>
                      {charity.registeredNumber ? (
                        <Text span size="sm" c="dimmed">
                          {' '}
                          · Registered charity {charity.registeredNumber}
                        </Text>
                      ) : null}
                      {charity.reason ? <Text size="sm">{charity.reason}</Text> : null}
                    </li>
                  ))}
                </ul>
                <Text size="sm" c="dimmed">
                  {CHARITY_NO_MONEY_NOTE}
                </Text>
              </>
            )}
          </Stack>
        </section>
      ) : null}
      {editing ? (
        <Suspense fallback={null}>
          <MomentFormModal
            postId={postId}
            moment={editing === 'new' ? null : editing}
            suggest={suggests}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      ) : null}
      {charitiesOpen ? (
        <Suspense fallback={null}>
          <CharitiesFormModal
            postId={postId}
            charities={charityList}
            onClose={() => setCharitiesOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function MomentItem({
  moment,
  postId,
  manages,
  onEdit,
}: {
  moment: Moment;
  postId: string;
  manages: boolean;
  onEdit: () => void;
}) {
  const action = useMomentAction(postId);
  const pending = moment.status === 'pending';
  const act = (which: 'approve' | 'decline' | 'remove') =>
    action.mutate({ id: moment._id, action: which });
  return (
    <li className={classes.moment}>
      <time dateTime={momentDateIso(moment)} className={classes.date}>
        {moment.dateText}
      </time>
      <Text fw={600}>
        {moment.title}
        {pending ? (
          <Badge ml="xs" variant="light" color="yellow">
            Waiting for approval
          </Badge>
        ) : null}
      </Text>
      {moment.place ? (
        <Text size="sm" c="dimmed">
          {moment.place}
        </Text>
      ) : null}
      {moment.text ? <Text className={classes.text}>{moment.text}</Text> : null}
      {pending && moment.suggestedBy ? (
        <Text size="sm" c="dimmed">
          Suggested by {moment.suggestedBy}
        </Text>
      ) : null}
      {manages ? (
        <Group gap="xs" mt={4} className="no-print">
          {pending ? (
            <>
              <Button size="xs" onClick={() => act('approve')} loading={action.isPending}>
                Approve {moment.title}
              </Button>
              <Button size="xs" variant="default" onClick={() => act('decline')}>
                Decline {moment.title}
              </Button>
            </>
          ) : (
            <>
              <Button size="xs" variant="default" onClick={onEdit}>
                Edit {moment.title}
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={() => act('remove')}>
                Remove {moment.title}
              </Button>
            </>
          )}
        </Group>
      ) : null}
      {action.isError ? (
        <Text size="sm" c="red" role="alert">
          {action.error.message}
        </Text>
      ) : null}
    </li>
  );
}
