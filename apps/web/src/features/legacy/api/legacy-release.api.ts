import type {
  LegacyPlan,
  ReleasedLegacy,
  SaveLegacyRules,
  Stewardship,
} from '@rips/shared/legacy-release';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadFromApi } from '@/lib/download';

/*
 * A Life Legacy's release after its member's death: the member's plan (rules, stewards, any
 * release), the stewardships of the members who named the signed-in member, and the emailed
 * links' actions. Tokens travel in POST bodies only. Type-only imports keep zod out.
 */

export const legacyReleaseKeys = {
  plan: (userId: string | undefined) => ['legacy', 'plan', userId] as const,
  stewardships: (userId: string | undefined) => ['legacy', 'stewardships', userId] as const,
};

const stewardship = (id: string) => `/legacy-stewardships/${encodeURIComponent(id)}`;

/** The signed-in member's own plan: rules, stewards, any release and who read what. */
export const legacyPlanQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: legacyReleaseKeys.plan(userId),
    queryFn: ({ signal }) => api.get<LegacyPlan>('/legacy-plan', { signal }),
    enabled: Boolean(userId),
  });

/** Every change of the plan answers the whole plan: it replaces the one shown. */
function usePlanMutation<I>(userId: string | undefined, run: (input: I) => Promise<LegacyPlan>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (plan) => client.setQueryData(legacyReleaseKeys.plan(userId), plan),
  });
}

export const useSaveLegacyRules = (userId: string | undefined) =>
  usePlanMutation(userId, (rules: SaveLegacyRules) =>
    api.put<LegacyPlan>('/legacy-plan/rules', rules),
  );

/** Emails the steward a link to accept. */
export const useInviteSteward = (userId: string | undefined) =>
  usePlanMutation(userId, (email: string) =>
    api.post<LegacyPlan>('/legacy-plan/stewards', { email }),
  );

export const useRemoveSteward = (userId: string | undefined) =>
  usePlanMutation(userId, (stewardId: string) =>
    api.delete<LegacyPlan>(`/legacy-plan/stewards/${encodeURIComponent(stewardId)}`),
  );

/** Stops a release that is reported or waiting. */
export const useStopRelease = (userId: string | undefined) =>
  usePlanMutation(userId, () => api.post<LegacyPlan>('/legacy-plan/stop'));

/** Withdraws every reader's access to a released legacy. */
export const useRevokeRelease = (userId: string | undefined) =>
  usePlanMutation(userId, () => api.post<LegacyPlan>('/legacy-plan/revoke'));

/** The members who named the signed-in member as a steward, and where each release stands. */
export const stewardshipsQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: legacyReleaseKeys.stewardships(userId),
    queryFn: ({ signal }) => api.get<Stewardship[]>('/legacy-stewardships', { signal }),
    enabled: Boolean(userId),
  });

/** A steward's change: the list is asked for again, so every card shows where it stands. */
function useStewardshipMutation<I, O>(userId: string | undefined, run: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: legacyReleaseKeys.stewardships(userId) }),
  });
}

/** The emailed invitation's button: the signed-in member becomes a steward. */
export const useAcceptStewardship = (userId: string | undefined) =>
  useStewardshipMutation(userId, (token: string) =>
    api.post<Stewardship>('/legacy-stewardships/accept', { token }),
  );

export const useStepDown = (userId: string | undefined) =>
  useStewardshipMutation(userId, (id: string) => api.delete<null>(stewardship(id)));

export const useReportDeath = (userId: string | undefined) =>
  useStewardshipMutation(userId, ({ id, dateOfDeath }: { id: string; dateOfDeath: string }) =>
    api.post<Stewardship>(`${stewardship(id)}/report`, { dateOfDeath }),
  );

export interface StartMemorialInput {
  id: string;
  title: string;
  dateOfBirth: string | null;
  deathDate: string;
}

/** After a release: a memorial started from the legacy; answers its id. */
export const useStartMemorial = (userId: string | undefined) =>
  useStewardshipMutation(userId, ({ id, ...body }: StartMemorialInput) =>
    api.post<{ memorialId: string }>(`${stewardship(id)}/memorial`, body),
  );

/** The member's emailed one-click stop (no sign-in); answers the member's name. */
export function stopReleaseByLink(token: string) {
  return api.post<{ memberName: string }>('/legacy-release/stop', { token });
}

/** What a released legacy holds for the reader of this link; opening it is counted. */
export function openReleasedLegacy(token: string) {
  return api.post<ReleasedLegacy>('/legacy-access/open', { token });
}

/** The reader's part as a file, saved under the name the server gives. */
export function downloadReleasedLegacy(token: string) {
  return downloadFromApi('/legacy-access/download', 'life-legacy.json', { body: { token } });
}
