import { Alert, Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  EVENT_KINDS,
  EVENT_KIND_NAMES,
  currentTimeZone,
  type EventKind,
  type MemorialEvent,
} from '@rips/shared/events';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSaveEvent } from '../api/events.api';

interface EventFormModalProps {
  postId: string;
  event: MemorialEvent | null;
  onClose: () => void;
}

const zones = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
})();

/** The family's form for a service or event: times are wall-clock times in the chosen zone. */
export function EventFormModal({ postId, event, onClose }: EventFormModalProps) {
  const save = useSaveEvent(postId);
  const [kind, setKind] = useState<EventKind>(event?.kind ?? 'funeral');
  const [title, setTitle] = useState(event?.title ?? '');
  const [startsLocal, setStarts] = useState(event?.startsLocal ?? '');
  const [endsLocal, setEnds] = useState(event?.endsLocal ?? '');
  const [timeZone, setZone] = useState<string>(event?.timeZone ?? currentTimeZone());
  const [placeName, setPlaceName] = useState(event?.placeName ?? '');
  const [placeAddress, setPlaceAddress] = useState(event?.placeAddress ?? '');
  const [notes, setNotes] = useState(event?.notes ?? '');
  const [livestreamUrl, setLivestream] = useState(event?.livestreamUrl ?? '');
  const [recordingUrl, setRecording] = useState(event?.recordingUrl ?? '');
  const fieldError = (field: string) =>
    save.error instanceof ApiError
      ? save.error.errors.find((e) => e.path === field)?.message
      : undefined;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    save.mutate(
      {
        ...(event ? { id: event._id } : {}),
        body: {
          kind,
          title,
          startsLocal,
          endsLocal,
          timeZone,
          placeName,
          placeAddress,
          notes,
          livestreamUrl,
          recordingUrl,
        },
      },
      { onSuccess: onClose },
    );
  };

  return (
    <Modal opened onClose={onClose} title={event ? 'Edit the event' : 'Add an event'} size="lg">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Select
            label="Kind"
            data={EVENT_KINDS.map((k) => ({ value: k, label: EVENT_KIND_NAMES[k] }))}
            value={kind}
            onChange={(v) => v && setKind(v as EventKind)}
            allowDeselect={false}
            error={fieldError('kind')}
          />
          <TextInput
            label="Title"
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            required
            error={fieldError('title')}
          />
          <TextInput
            type="datetime-local"
            label="Starts"
            value={startsLocal}
            onChange={(e) => setStarts(e.currentTarget.value)}
            required
            error={fieldError('startsLocal')}
          />
          <TextInput
            type="datetime-local"
            label="Ends"
            value={endsLocal}
            onChange={(e) => setEnds(e.currentTarget.value)}
            required
            error={fieldError('endsLocal')}
          />
          <Select
            label="Time zone of the place"
            data={zones}
            value={timeZone}
            onChange={(v) => v && setZone(v)}
            searchable
            allowDeselect={false}
            error={fieldError('timeZone')}
          />
          <TextInput
            label="Place"
            value={placeName}
            onChange={(e) => setPlaceName(e.currentTarget.value)}
            error={fieldError('placeName')}
          />
          <TextInput
            label="Address"
            description="Shown with a link to OpenStreetMap."
            value={placeAddress}
            onChange={(e) => setPlaceAddress(e.currentTarget.value)}
            error={fieldError('placeAddress')}
          />
          <Textarea
            label="Notes"
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
            autosize
            minRows={2}
            error={fieldError('notes')}
          />
          <TextInput
            label="Livestream link (optional)"
            description="Shown from 15 minutes before the start until you add the recording."
            value={livestreamUrl}
            onChange={(e) => setLivestream(e.currentTarget.value)}
            error={fieldError('livestreamUrl')}
          />
          <TextInput
            label="Recording link (optional)"
            value={recordingUrl}
            onChange={(e) => setRecording(e.currentTarget.value)}
            error={fieldError('recordingUrl')}
          />
          {save.isError ? (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(save.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
