import {
  Button,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { UpdateMomentSchema, type Moment } from '@rips/shared/timeline';
import { FormModal } from '@/components/form-modal';
import { MONTHS } from '@/lib/long-date';
import { useSaveMoment } from '../api/timeline.api';

interface MomentFormModalProps {
  postId: string;
  /** The moment to change; null: a new one. */
  moment: Moment | null;
  /** A contributor's moment is a suggestion for the family. */
  suggest: boolean;
  onClose: () => void;
}

/** Adds, suggests or changes a moment: a year, optionally its month and day, a title, a place. */
export function MomentFormModal({ postId, moment, suggest, onClose }: MomentFormModalProps) {
  const [year, setYear] = useState(moment ? String(moment.year) : '');
  const [month, setMonth] = useState(moment?.month ? String(moment.month) : '');
  const [day, setDay] = useState(moment?.day ? String(moment.day) : '');
  const [title, setTitle] = useState(moment?.title ?? '');
  const [place, setPlace] = useState(moment?.place ?? '');
  const [text, setText] = useState(moment?.text ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveMoment(postId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = UpdateMomentSchema.safeParse({
      year: year.trim() === '' ? undefined : Number(year),
      month: month ? Number(month) : null,
      day: day.trim() === '' ? null : Number(day),
      title,
      place,
      text,
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'title');
        found[key] ??=
          key === 'year' && year.trim() === '' ? 'Please give the year.' : issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate({ id: moment?._id, body: parsed.data }, { onSuccess: onClose });
  };

  const heading = moment ? 'Edit a moment' : suggest ? 'Suggest a moment' : 'Add a moment';
  return (
    <FormModal opened onClose={onClose} title={heading}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {suggest ? (
            <Text size="sm" c="dimmed">
              The family sees your moment first and adds it to the timeline.
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
            <TextInput
              label="Year"
              required
              inputMode="numeric"
              value={year}
              onChange={(e) => setYear(e.currentTarget.value)}
              error={errors['year']}
            />
            <NativeSelect
              label="Month (optional)"
              value={month}
              onChange={(e) => setMonth(e.currentTarget.value)}
              data={[{ value: '', label: 'No month' }].concat(
                MONTHS.map((name, i) => ({ value: String(i + 1), label: name })),
              )}
              error={errors['month']}
            />
            <TextInput
              label="Day (optional)"
              inputMode="numeric"
              value={day}
              onChange={(e) => setDay(e.currentTarget.value)}
              error={errors['day']}
            />
          </SimpleGrid>
          <TextInput
            label="Title"
            required
            maxLength={120}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={errors['title']}
          />
          <TextInput
            label="Place (optional)"
            maxLength={200}
            value={place}
            onChange={(e) => setPlace(e.currentTarget.value)}
            error={errors['place']}
          />
          <Textarea
            label="What happened (optional)"
            autosize
            minRows={3}
            maxLength={2000}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={errors['text']}
          />
          {save.isError ? (
            <Text c="red" size="sm" role="alert">
              {save.error.message}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {moment ? 'Save' : suggest ? 'Send suggestion' : 'Add moment'}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormModal>
  );
}
