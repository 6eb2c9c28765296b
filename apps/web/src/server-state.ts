import type { DehydratedState } from '@tanstack/react-query';

/** The id of the JSON script in which the server hands the browser what it rendered with. */
export const SERVER_STATE_ID = 'rips-server-state';

// The exact times (by the server's clock) its answers were fetched: compared for equality only,
// so a browser clock that differs from the server's cannot confuse them.
const serverFetchTimes = new Set<number>();

/** Remembers the answers the server rendered with (main.tsx calls this). */
export function noteServerState(state: DehydratedState) {
  for (const query of state.queries) serverFetchTimes.add(query.state.dataUpdatedAt);
}

/**
 * Whether an answer is the one the server fetched for the page. The server fetches as a visitor,
 * so for a signed-in member such an answer lacks their own view (likes, rights) until it is
 * fetched again.
 */
export function isServerCopy(dataUpdatedAt: number): boolean {
  return serverFetchTimes.has(dataUpdatedAt);
}
