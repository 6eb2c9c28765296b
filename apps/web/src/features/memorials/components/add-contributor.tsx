import { Button, ComboboxChevron, Group, TextInput } from '@mantine/core';
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
        rightSection={
          // Decorative, as the picker's own: hidden from the accessibility tree.
          <span aria-hidden="true">
            <ComboboxChevron />
          </span>
        }
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
