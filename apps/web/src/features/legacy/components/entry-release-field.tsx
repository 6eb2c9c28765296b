import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import type { EntryMark } from '@rips/shared/legacy-release';
import { useState } from 'react';
import { emailList, ENTRY_MARK_CHOICES } from '../lib/release-words';

/** The first message about the beneficiaries' list or one of its addresses (`…releaseTo.2`). */
function releaseToError(errors: FormErrors, path: string): string | undefined {
  const own = errors[`${path}.releaseTo`];
  if (own) return String(own);
  const prefix = `${path}.releaseTo.`;
  const first = Object.keys(errors).find((key) => key.startsWith(prefix));
  return first ? String(errors[first]) : undefined;
}

interface EntryReleaseFieldProps {
  /** The entry's path in the form ("assets.1"). */
  path: string;
  release: EntryMark | undefined;
  releaseTo: string[] | undefined;
  errors: FormErrors;
  onRelease: (release: EntryMark) => void;
  onReleaseTo: (emails: string[]) => void;
}

/**
 * "Released after my death to": as its section, private forever, the member's stewards, or the
 * beneficiaries named by email (typed as a list with commas, kept as the entry's `releaseTo`).
 */
export function EntryReleaseField({
  path,
  release = 'section',
  releaseTo = [],
  errors,
  onRelease,
  onReleaseTo,
}: EntryReleaseFieldProps) {
  // What is typed stays as typed ("ada@example.org, "); the entry keeps the addresses.
  const [typed, setTyped] = useState(() => releaseTo.join(', '));
  if (emailList(typed).join(' ') !== releaseTo.join(' ')) {
    // A list from outside (a restored draft, another choice that emptied it): show it.
    setTyped(releaseTo.join(', '));
  }
  const releaseError = errors[`${path}.release`];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="md">
      <NativeSelect
        label="Released after my death to"
        data={ENTRY_MARK_CHOICES.map((choice) => ({ ...choice }))}
        value={release}
        error={releaseError ? String(releaseError) : undefined}
        onChange={(event) => onRelease(event.currentTarget.value as EntryMark)}
      />
      {release === 'beneficiaries' ? (
        <TextInput
          label="Email addresses of the beneficiaries"
          description="Separate the addresses with commas."
          type="text"
          inputMode="email"
          autoComplete="off"
          required
          placeholder="ada@example.org, tom@example.org"
          value={typed}
          error={releaseToError(errors, path)}
          onChange={(event) => {
            const text = event.currentTarget.value;
            const emails = emailList(text);
            setTyped(text);
            onReleaseTo(emails);
          }}
        />
      ) : null}
    </SimpleGrid>
  );
}
