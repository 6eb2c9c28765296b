/*
 * What a change did to a memorial, for the screens of the other features that show it. Features
 * do not import each other, so none can refresh another's answers: a mutation names its change
 * in its `meta` (`meta: memorialChange(...)`), and the app's query client refreshes, after every
 * successful mutation, the answers of each feature that show it (app/memorial-changes.ts).
 */

export type MemorialChange =
  /** The memorial is gone: every list and page it was in. */
  | { change: 'deleted'; memorialId: string }
  /** An item on it was hidden, shown, approved, removed or reported: its lists and its queue. */
  | { change: 'tributes'; memorialId: string };

type Describe = (variables: unknown, data: unknown) => MemorialChange;

const META_KEY = 'memorialChange';

/** A mutation's `meta` saying what it changes, from its input (and answer). */
export function memorialChange<V, D = unknown>(
  describe: (variables: V, data: D) => MemorialChange,
): Record<string, unknown> {
  return { [META_KEY]: describe as Describe };
}

/** The change a finished mutation made, if its `meta` names one. */
export function memorialChangeOf(
  meta: Record<string, unknown> | undefined,
  variables: unknown,
  data: unknown,
): MemorialChange | null {
  const describe = meta?.[META_KEY];
  return typeof describe === 'function' ? (describe as Describe)(variables, data) : null;
}
