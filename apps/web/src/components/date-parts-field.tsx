import '@mantine/dates/styles.css';
import {
  ActionIcon,
  Group,
  Input,
  NativeSelect,
  Popover,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useId, useState, type ReactNode } from 'react';
import { MONTHS } from '@/lib/long-date';

interface Parts {
  day: string;
  month: string;
  year: string;
}

const EMPTY: Parts = { day: '', month: '', year: '' };

/** "1948-03-12" (or a partly typed "1948--12") into its parts; null is empty. */
function toParts(value: string | null | undefined): Parts {
  const match = /^(\d*)-(\d*)-(\d*)$/.exec(value ?? '');
  if (!match) return EMPTY;
  const [, year = '', month = '', day = ''] = match;
  return { year, month: month ? String(Number(month)).padStart(2, '0') : '', day };
}

/**
 * The parts as the form holds them: null when all are empty, "YYYY-MM-DD" when complete (the
 * day padded), else the parts as typed ("1948--12"), which the shared schema calls incomplete.
 * Nothing is ever corrected or clamped: an impossible date stays as typed and gets a message.
 */
function fromParts({ day, month, year }: Parts): string | null {
  if (!day && !month && !year) return null;
  const paddedDay = day.length === 1 ? `0${day}` : day;
  return `${year}-${month}-${paddedDay}`;
}

/** The parts typed as digits: their placeholder, their most digits and their box's width. */
const TYPED_PARTS = {
  day: { placeholder: 'DD', max: 2, width: 58 },
  year: { placeholder: 'YYYY', max: 4, width: 72 },
} as const;

function digits(text: string, max: number): string {
  return text.replace(/\D/g, '').slice(0, max);
}

interface DatePartsFieldProps {
  label: string;
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  error?: ReactNode;
  /** Where the calendar opens when this date is still empty (the other date of the memorial). */
  near?: string | null;
  /** Days after this cannot be picked in the calendar (typing one gets the form's message). */
  maxDate?: string;
}

/**
 * A date typed as day, month and year, so "12/03/1948" can never be read the American way, with
 * a calendar beside it that opens at the year being typed.
 */
export function DatePartsField({
  label,
  value,
  onChange,
  onBlur,
  error,
  near,
  maxDate,
}: DatePartsFieldProps) {
  const id = useId();
  const [parts, setParts] = useState<Parts>(() => toParts(value));
  const [calendarOpen, setCalendarOpen] = useState(false);
  // A new value from outside (a restored draft, a calendar pick) replaces the typed parts.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== fromParts(parts)) setParts(toParts(value));
  }

  const change = (patch: Partial<Parts>) => {
    const next = { ...parts, ...patch };
    setParts(next);
    const nextValue = fromParts(next);
    setSeen(nextValue);
    onChange(nextValue);
  };

  const complete = /^\d{4}-\d{2}-\d{2}$/.test(value ?? '') ? (value as string) : null;
  const yearNear = /^\d{4}$/.test(parts.year)
    ? `${parts.year}-${parts.month || '01'}-01`
    : (near ?? undefined);
  const errorId = `${id}-error`;
  // Every part is marked with the date's error and points at its one message.
  const invalid = {
    error: Boolean(error),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  const digitsInput = (part: keyof typeof TYPED_PARTS) => (
    <TextInput
      aria-label={`${label}: ${part}`}
      placeholder={TYPED_PARTS[part].placeholder}
      inputMode="numeric"
      autoComplete="off"
      w={TYPED_PARTS[part].width}
      value={parts[part]}
      {...invalid}
      onChange={(event) =>
        change({ [part]: digits(event.currentTarget.value, TYPED_PARTS[part].max) })
      }
    />
  );

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      error={error}
      errorProps={{ id: errorId }}
      description="Day, month and year"
    >
      <Group
        gap={6}
        wrap="nowrap"
        role="group"
        aria-label={label}
        mt={4}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur?.();
        }}
      >
        {digitsInput('day')}
        <NativeSelect
          aria-label={`${label}: month`}
          style={{ flex: 1, minWidth: 0 }}
          value={parts.month}
          {...invalid}
          onChange={(event) => change({ month: event.currentTarget.value })}
          data={[
            { value: '', label: 'Month' },
            ...MONTHS.map((name, index) => ({
              value: String(index + 1).padStart(2, '0'),
              label: name,
            })),
          ]}
        />
        {digitsInput('year')}
        <Popover opened={calendarOpen} onChange={setCalendarOpen} position="bottom-end" trapFocus>
          <Popover.Target>
            <ActionIcon
              variant="default"
              size={36}
              aria-label={`Choose the ${label.toLowerCase()} from a calendar`}
              onClick={() => setCalendarOpen((open) => !open)}
            >
              <svg viewBox="0 0 24 24" width={18} height={18} aria-hidden="true">
                <path
                  fill="none"
                  stroke="currentColor"
                  strokeWidth={2}
                  strokeLinecap="round"
                  d="M4 6h16v14H4zM4 10h16M8 3v4M16 3v4"
                />
              </svg>
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <VisuallyHidden>{label}</VisuallyHidden>
            <DatePicker
              value={complete}
              defaultDate={complete ?? yearNear}
              defaultLevel={complete || yearNear ? 'month' : 'decade'}
              maxDate={maxDate}
              onChange={(picked) => {
                setCalendarOpen(false);
                change(toParts(picked));
              }}
            />
          </Popover.Dropdown>
        </Popover>
      </Group>
    </Input.Wrapper>
  );
}
