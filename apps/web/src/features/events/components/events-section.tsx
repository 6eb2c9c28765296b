import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  NumberInput,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import {
  EVENT_KIND_NAMES,
  currentTimeZone,
  RSVP_MAX_PEOPLE,
  instantText,
  localDateText,
  localTimeText,
  LIVESTREAM_LEAD_MINUTES,
} from '@rips/shared/events-words';
import type { MemorialEvent } from '@rips/shared/events';
import { GUEST_HONEYPOT_FIELD } from '@rips/shared/guest-words';
import type { MemorialAbilities, MemorialDetail } from '@rips/shared/memorials';
import { ConfirmModal } from '@/components/confirm-modal';
import { HoneypotField } from '@/components/honeypot-field';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/use-session';
import {
  eventsQuery,
  rsvpListQuery,
  useEventAction,
  useGuestRsvp,
  useMemberRsvp,
} from '../api/events.api';

// The family's form loads when a manager opens it: visitors only read and answer.
const EventFormModal = lazy(() =>
  import('./event-form').then((m) => ({ default: m.EventFormModal })),
);

interface EventsSectionProps {
  memorial: MemorialDetail;
  abilities: MemorialAbilities | null;
}

/**
 * The event's start on the visitor's own clock, "March 14, 2030, 9:00 AM (America/New_York)",
 * when it differs from the event's wall clock; known only in the browser (the server renders the
 * event's zone). The offsets are compared first, without Intl: its first use in a page loads
 * locale data (a long task on a slow phone), so only a visitor whose clock differs pays for it.
 */
function useVisitorTime(event: MemorialEvent): string | null {
  const [text, setText] = useState<string | null>(null);
  const { startsAt, startsLocal } = event;
  useEffect(() => {
    const at = new Date(startsAt);
    const eventOffsetMinutes = (Date.parse(`${startsLocal}:00Z`) - at.getTime()) / 60_000;
    if (-at.getTimezoneOffset() === eventOffsetMinutes) return setText(null);
    const zone = currentTimeZone();
    setText(`${instantText(at, zone)} (${zone})`);
  }, [startsAt, startsLocal]);
  return text;
}

/** "March 14, 2030, 2:00 PM to 3:30 PM (Europe/London time)". */
function whenText(event: MemorialEvent): string {
  const sameDay = event.startsLocal.slice(0, 10) === event.endsLocal.slice(0, 10);
  const end = sameDay
    ? localTimeText(event.endsLocal)
    : `${localDateText(event.endsLocal)}, ${localTimeText(event.endsLocal)}`;
  return `${localDateText(event.startsLocal)}, ${localTimeText(event.startsLocal)} to ${end} (${event.timeZone} time)`;
}

/** Services and events: upcoming at the front, past ones folded away below. */
export function EventsSection({ memorial, abilities }: EventsSectionProps) {
  const postId = memorial._id;
  const events = useQuery(eventsQuery(postId));
  const [editing, setEditing] = useState<MemorialEvent | 'new' | null>(null);
  const [showPast, setShowPast] = useState(false);
  const manages = abilities?.update ?? false;
  const list = events.data ?? [];
  const upcoming = list.filter((e) => !e.past);
  const past = list.filter((e) => e.past);
  if (list.length === 0 && !manages) return null;
  const code = memorial.shortUrl.split('/m/')[1] ?? '';

  return (
    <section aria-labelledby="events-heading" style={{ marginBlock: 'var(--mantine-spacing-xl)' }}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} id="events-heading">
            Services and events
          </Title>
          {manages ? (
            <Button variant="default" onClick={() => setEditing('new')}>
              Add an event
            </Button>
          ) : null}
        </Group>
        {upcoming.length === 0 ? (
          <Text c="dimmed">No upcoming events.</Text>
        ) : (
          upcoming.map((event) => (
            <EventCard
              key={event._id}
              event={event}
              code={code}
              postId={postId}
              manages={manages}
              onEdit={() => setEditing(event)}
            />
          ))
        )}
        {past.length > 0 ? (
          <Stack gap="sm">
            <Button
              variant="subtle"
              onClick={() => setShowPast((v) => !v)}
              aria-expanded={showPast}
              aria-controls="past-events"
              style={{ alignSelf: 'flex-start' }}
            >
              {showPast ? 'Hide past events' : `Past events (${past.length})`}
            </Button>
            {showPast ? (
              <Stack gap="md" id="past-events">
                {past.map((event) => (
                  <EventCard
                    key={event._id}
                    event={event}
                    code={code}
                    postId={postId}
                    manages={manages}
                    onEdit={() => setEditing(event)}
                  />
                ))}
              </Stack>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
      {editing ? (
        <Suspense fallback={null}>
          <EventFormModal
            postId={postId}
            event={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

interface EventCardProps {
  event: MemorialEvent;
  code: string;
  postId: string;
  manages: boolean;
  onEdit: () => void;
}

function EventCard({ event, code, postId, manages, onEdit }: EventCardProps) {
  const visitorTime = useVisitorTime(event);
  const action = useEventAction(postId);
  const [answers, setAnswers] = useState(false);
  const [removing, setRemoving] = useState(false);
  const place = [event.placeName, event.placeAddress].filter(Boolean).join(', ');
  const headingId = `event-${event._id}`;
  return (
    <article
      aria-labelledby={headingId}
      style={{
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 'var(--mantine-radius-md)',
        padding: 'var(--mantine-spacing-md)',
      }}
    >
      <Stack gap="xs">
        <Group gap="xs">
          <Badge variant="light">{EVENT_KIND_NAMES[event.kind]}</Badge>
          {event.closed ? <Badge color="gray">Closed</Badge> : null}
        </Group>
        <Title order={3} id={headingId}>
          {event.title}
        </Title>
        <Text>
          <time dateTime={event.startsAt}>{whenText(event)}</time>
        </Text>
        {visitorTime ? (
          <Text size="sm" c="dimmed">
            {`Your time: ${visitorTime}`}
          </Text>
        ) : null}
        {place ? (
          <Text>
            {place}
            {event.mapUrl ? (
              <>
                {' · '}
                <Anchor href={event.mapUrl} target="_blank" rel="noopener noreferrer">
                  Map
                </Anchor>
              </>
            ) : null}
          </Text>
        ) : null}
        {event.notes ? <Text style={{ whiteSpace: 'pre-line' }}>{event.notes}</Text> : null}
        {event.livestreamShown && event.livestreamUrl ? (
          <Anchor href={event.livestreamUrl} target="_blank" rel="noopener noreferrer" fw={600}>
            Watch the livestream
          </Anchor>
        ) : null}
        {manages && !event.livestreamShown && event.livestreamUrl ? (
          <Text size="sm" c="dimmed">
            {'The '}
            <Anchor href={event.livestreamUrl} target="_blank" rel="noopener noreferrer">
              livestream link
            </Anchor>
            {` shows to visitors from ${LIVESTREAM_LEAD_MINUTES} minutes before the start until the recording is added.`}
          </Text>
        ) : null}
        {event.recordingUrl ? (
          <Anchor href={event.recordingUrl} target="_blank" rel="noopener noreferrer" fw={600}>
            Watch the recording
          </Anchor>
        ) : null}
        {code ? (
          <Anchor href={`/m/${code}/events/${event._id}.ics`} download>
            Add to calendar
          </Anchor>
        ) : null}
        {event.rsvpOpen ? <RsvpForm event={event} postId={postId} /> : null}
        {manages ? (
          <Group gap="xs" wrap="wrap">
            <Button size="xs" variant="default" onClick={onEdit}>
              Edit
            </Button>
            {!event.closed ? (
              <Button
                size="xs"
                variant="default"
                loading={action.isPending}
                onClick={() => action.mutate({ id: event._id, action: 'close' })}
              >
                Close the service
              </Button>
            ) : null}
            <Button size="xs" variant="default" color="red" onClick={() => setRemoving(true)}>
              Remove
            </Button>
            <Button size="xs" variant="subtle" onClick={() => setAnswers((v) => !v)}>
              {answers ? 'Hide answers' : 'Answers'}
            </Button>
          </Group>
        ) : null}
        {action.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(action.error)}
          </Alert>
        ) : null}
        {manages && answers ? <RsvpListView eventId={event._id} /> : null}
        {manages ? (
          <ConfirmModal
            opened={removing}
            title="Remove this event?"
            body={`“${event.title}” and every answer to it will be removed from the memorial. This cannot be undone.`}
            confirmLabel="Remove the event"
            busy={action.isPending}
            onConfirm={() =>
              action.mutate(
                { id: event._id, action: 'remove' },
                { onSettled: () => setRemoving(false) },
              )
            }
            onClose={() => setRemoving(false)}
          />
        ) : null}
      </Stack>
    </article>
  );
}

function RsvpListView({ eventId }: { eventId: string }) {
  const list = useQuery(rsvpListQuery(eventId));
  if (list.isPending) return <Text c="dimmed">Loading the answers…</Text>;
  if (list.isError) return <Alert color="red">{errorMessage(list.error)}</Alert>;
  const { people, responses, rsvps } = list.data;
  return (
    <Stack gap={4}>
      <Text fw={600}>
        {`${people} ${people === 1 ? 'person' : 'people'} coming, from ${responses} ${responses === 1 ? 'answer' : 'answers'}`}
      </Text>
      <ul style={{ margin: 0, paddingLeft: 20 }}>
        {rsvps.map((r) => (
          <li key={r._id}>
            <Text span fw={500}>
              {r.name}
            </Text>
            {` · ${r.people}${r.guest ? ' · guest' : ''}`}
            {r.note ? (
              <Text size="sm" c="dimmed">
                {r.note}
              </Text>
            ) : null}
          </li>
        ))}
      </ul>
    </Stack>
  );
}

/** "Will you come?": a member answers at once, a guest confirms by the emailed link. */
function RsvpForm({ event, postId }: { event: MemorialEvent; postId: string }) {
  const { isAuthenticated } = useSession();
  const member = useMemberRsvp(postId, event._id);
  const guest = useGuestRsvp(event._id);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(event.myRsvp?.name ?? '');
  const [people, setPeople] = useState<number | string>(event.myRsvp?.people ?? 1);
  const [note, setNote] = useState(event.myRsvp?.note ?? '');
  const [email, setEmail] = useState('');
  const [startedAt, setStartedAt] = useState(0);
  const [honeypot, setHoneypot] = useState('');
  const mutation = isAuthenticated ? member : guest;
  if (guest.isSuccess) {
    return (
      <Alert color="sage" variant="light" role="status">
        Thank you. We have sent you an email: open its link to count your answer.
      </Alert>
    );
  }
  if (!open) {
    return (
      <Group gap="sm">
        <Button
          variant="light"
          onClick={() => {
            setStartedAt(Date.now());
            setOpen(true);
          }}
        >
          {event.myRsvp ? 'Change my answer' : 'I will come'}
        </Button>
        {event.myRsvp ? (
          <Text size="sm" c="dimmed">
            {`You answered: ${event.myRsvp.people} ${event.myRsvp.people === 1 ? 'person' : 'people'}.`}
          </Text>
        ) : null}
      </Group>
    );
  }
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = { name, people: Number(people), note };
    if (isAuthenticated) member.mutate(body, { onSuccess: () => setOpen(false) });
    else guest.mutate({ ...body, guestEmail: email, startedAt, [GUEST_HONEYPOT_FIELD]: honeypot });
  };
  return (
    <form onSubmit={submit} aria-label={`Answer to ${event.title}`}>
      <Stack gap="sm">
        <TextInput
          label="Your name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          required
          maxLength={100}
        />
        <NumberInput
          label="How many people, you included"
          min={1}
          max={RSVP_MAX_PEOPLE}
          value={people}
          onChange={setPeople}
          required
        />
        {!isAuthenticated ? (
          <TextInput
            label="Your email address"
            description="We send you a link to confirm; it is never shown."
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            required
          />
        ) : null}
        {!isAuthenticated ? <HoneypotField value={honeypot} onChange={setHoneypot} /> : null}
        <Textarea
          label="A note for the family (optional)"
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={2}
        />
        {mutation.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(mutation.error)}
          </Alert>
        ) : null}
        <Group gap="sm">
          <Button type="submit" loading={mutation.isPending}>
            Send my answer
          </Button>
          <Button variant="default" onClick={() => setOpen(false)}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
