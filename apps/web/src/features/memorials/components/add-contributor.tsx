import { Button, Group, TextInput } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { MemorialDetail } from '@rips/shared/memorials';

export const PICKER_LABEL = 'Add Contributer';
export const PICKER_PLACEHOLDER = 'Search members by name';

const loadPicker = () => import('./add-contributor-picker');
const AddContributorPicker = lazy(loadPicker);

/**
 * The owner's contributor picker. The searchable list (and the floating-ui machinery under it)
 * is a chunk of its own that loads when the pointer or focus comes to the field; until then a
 * plain field of the same look stands in and keeps whatever is typed into it.
 */
export function AddContributor({ memorial }: { memorial: MemorialDetail }) {
  const input = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState('');
  const [wanted, setWanted] = useState(false);
  const [ready, setReady] = useState(false);
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void loadPicker().then(() => {
      if (!live) return;
      setFocused(document.activeElement === input.current);
      setReady(true);
    });
    return () => {
      live = false;
    };
  }, [wanted]);

  const standIn = (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        ref={input}
        label={PICKER_LABEL}
        placeholder={PICKER_PLACEHOLDER}
        role="combobox"
        aria-expanded={false}
        aria-autocomplete="list"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        onFocus={() => setWanted(true)}
        onPointerEnter={() => setWanted(true)}
        rightSection={<Chevron />}
        rightSectionPointerEvents="none"
        style={{ flex: '1 1 240px' }}
      />
      <Button disabled>Confirm</Button>
    </Group>
  );
  if (!ready) return standIn;
  return (
    <Suspense fallback={standIn}>
      <AddContributorPicker memorial={memorial} initialSearch={search} focused={focused} />
    </Suspense>
  );
}

/** The same up-and-down caret the picker shows (Mantine draws it with the Radix "caret sort" icon). */
function Chevron() {
  return (
    <svg width="15" height="15" viewBox="0 0 15 15" aria-hidden="true" focusable="false">
      <path
        d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}
