import type { Legacy } from '@rips/shared/legacy';
import type { EntryMark } from '@rips/shared/legacy-release';

export type SectionKey =
  'accomplishments' | 'assets' | 'relationships' | 'bucketlists' | 'aspirations';

export interface EntryField {
  key: string;
  label: string;
  /** Shown as a placeholder only: a new entry starts empty, never with text to delete. */
  placeholder: string;
  kind?: 'year' | 'long';
}

export interface SectionDef {
  key: SectionKey;
  /** Used in 'Please fill out all fields in {title}!' and as the heading. */
  title: string;
  singular: string;
  intro: string;
  fields: EntryField[];
  empty: string;
}

export const SECTIONS: readonly SectionDef[] = [
  {
    key: 'accomplishments',
    title: 'Accomplishments',
    singular: 'accomplishment',
    intro: 'What you built, changed or gave, and who it helped.',
    fields: [
      {
        key: 'description',
        label: 'Description',
        placeholder: 'Founded the community choir',
        kind: 'long',
      },
      { key: 'from', label: 'From (year)', placeholder: 'e.g. 1998', kind: 'year' },
      { key: 'to', label: 'To (year)', placeholder: 'e.g. 2010', kind: 'year' },
      { key: 'beneficiaries', label: 'Beneficiaries', placeholder: 'Our neighbourhood' },
    ],
    empty: 'No accomplishments recorded yet.',
  },
  {
    key: 'assets',
    title: 'Assets',
    singular: 'asset',
    intro: 'What you own and who you would like to receive it. Only you can see this.',
    fields: [
      { key: 'item', label: 'Item', placeholder: 'Family home' },
      {
        key: 'description',
        label: 'Description',
        placeholder: 'The house on Elm Street',
        kind: 'long',
      },
      { key: 'value', label: 'Value', placeholder: '$250,000' },
      { key: 'beneficiaries', label: 'Beneficiaries', placeholder: 'My children' },
    ],
    empty: 'No assets recorded yet.',
  },
  {
    key: 'relationships',
    title: 'Relationships',
    singular: 'relationship',
    intro: 'The people who matter most to you.',
    fields: [
      { key: 'name', label: 'Name', placeholder: 'Anna' },
      { key: 'lastName', label: 'Last Name', placeholder: 'Smith' },
      { key: 'relationship', label: 'Relationship', placeholder: 'Sister' },
    ],
    empty: 'No relationships recorded yet.',
  },
  {
    key: 'bucketlists',
    title: 'Bucket List',
    singular: 'bucket list item',
    intro: 'Places to see and things to do.',
    fields: [
      { key: 'type', label: 'Type', placeholder: 'Travel' },
      { key: 'description', label: 'Place', placeholder: 'Kyoto, Japan' },
      { key: 'status', label: 'Status', placeholder: 'Planned' },
    ],
    empty: 'Your bucket list is empty.',
  },
  {
    key: 'aspirations',
    title: 'Aspirations',
    singular: 'aspiration',
    intro: 'Hopes you hold for yourself and for others.',
    fields: [
      { key: 'name', label: 'Name', placeholder: 'Write a memoir' },
      {
        key: 'description',
        label: 'Description',
        placeholder: 'Stories from my childhood',
        kind: 'long',
      },
      { key: 'comment', label: 'Comment', placeholder: 'Before I turn seventy', kind: 'long' },
    ],
    empty: 'No aspirations recorded yet.',
  },
];

/**
 * An entry of the form: its text fields by key, who it is released to after the member's death
 * (`releaseTo`: the beneficiaries' emails, when `release` is `beneficiaries`), and its id.
 */
export type Entry = Record<string, string | string[]> & {
  id: string;
  release: EntryMark;
  releaseTo: string[];
};

/** An entry's text field (never the list of beneficiaries' emails). */
export function fieldText(entry: Record<string, unknown>, key: string): string {
  const value = entry[key];
  return typeof value === 'string' ? value : '';
}

/**
 * The Build Legacy form's values: the shared SaveLegacy shape, each entry with an id of its own
 * so the inputs keep their place when an entry above is removed (the schema drops the id).
 */
export type LegacyFormValues = {
  birthPlace: string;
  description: string;
} & Record<SectionKey, Entry[]>;

let nextId = 0;
const entryId = () => `entry-${(nextId += 1)}`;

/** A new entry: empty text (placeholders guide) and years that default to this year. */
export function newEntry(section: SectionDef): Entry {
  const year = String(new Date().getFullYear());
  const entry: Entry = { id: entryId(), release: 'section', releaseTo: [] };
  for (const field of section.fields) entry[field.key] = field.kind === 'year' ? year : '';
  return entry;
}

export function legacyFormValues(legacy: Legacy | null): LegacyFormValues {
  const values = {
    birthPlace: legacy?.birthPlace ?? '',
    description: legacy?.description ?? '',
  } as LegacyFormValues;
  for (const section of SECTIONS) {
    // Text fields, and who the entry is released to (see the shared Legacy schema).
    const saved: (Record<string, string | string[]> & {
      release?: EntryMark;
      releaseTo?: string[];
    })[] = legacy?.[section.key] ?? [];
    values[section.key] = saved.map((entry) => ({
      ...entry,
      release: entry.release ?? 'section',
      releaseTo: entry.releaseTo ?? [],
      id: entryId(),
    }));
  }
  return values;
}

/** The first section with an entry that has an empty field (the spec names it in its alert). */
export function incompleteSections(values: LegacyFormValues): SectionDef[] {
  return SECTIONS.filter((section) =>
    values[section.key].some((entry) =>
      section.fields.some((field) => !fieldText(entry, field.key).trim()),
    ),
  );
}

/** Keeps at most 4 digits, as the spec's year inputs do. */
export function truncateYear(value: string): string {
  return value.replace(/\D/g, '').slice(0, 4);
}
