/*
 * The plain words of following a memorial (no schema library: the memorial page's follow section
 * loads them; `./follows.ts` re-exports them beside the schemas).
 */

export const FOLLOW_FREQUENCIES = ['weekly', 'daily'] as const;
export type FollowFrequency = (typeof FOLLOW_FREQUENCIES)[number];

/** "Weekly", "Daily": the choice as the forms show it. */
export const FREQUENCY_LABELS: Record<FollowFrequency, string> = {
  weekly: 'Weekly',
  daily: 'Daily',
};
