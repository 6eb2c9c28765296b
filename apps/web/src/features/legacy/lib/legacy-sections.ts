import type { Legacy } from '@rips/shared/legacy';

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

export type Entry = Record<string, string> & { id: string };

export interface LegacyForm {
  birthPlace: string;
  description: string;
  sections: Record<SectionKey, Entry[]>;
}

let nextId = 0;
const entryId = () => `entry-${(nextId += 1)}`;

/** A new entry: empty text (placeholders guide) and years that default to this year. */
export function newEntry(section: SectionDef): Entry {
  const year = String(new Date().getFullYear());
  const entry: Entry = { id: entryId() };
  for (const field of section.fields) entry[field.key] = field.kind === 'year' ? year : '';
  return entry;
}

export function formFromLegacy(legacy: Legacy | null): LegacyForm {
  const sections = {} as Record<SectionKey, Entry[]>;
  for (const section of SECTIONS) {
    // Every section's entries are plain text records (see the shared Legacy schema).
    const saved: Record<string, string>[] = legacy?.[section.key] ?? [];
    sections[section.key] = saved.map((entry) => ({ ...entry, id: entryId() }));
  }
  return { birthPlace: legacy?.birthPlace ?? '', description: legacy?.description ?? '', sections };
}

/** Keeps at most 4 digits, as the spec's year inputs do. */
export function truncateYear(value: string): string {
  return value.replace(/\D/g, '').slice(0, 4);
}
