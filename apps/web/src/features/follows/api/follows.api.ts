import type {
  FollowFrequency,
  FollowView,
  GuestFollowReceipt,
  Unfollowed,
} from '@rips/shared/follows';
import { api } from '@/lib/api-client';

const UNSUBSCRIBE_FAILED = 'We could not stop the emails just now. Please try again.';

export const followsQueryKey = ['follows'] as const;

/** The memorials the signed-in member follows. */
export function myFollows() {
  return api.get<FollowView[]>('/follows');
}

/** Follow a memorial, or change how often the digest comes. */
export function follow(postId: string, frequency: FollowFrequency) {
  return api.post<FollowView>('/follows', { postId, frequency });
}

export function unfollow(postId: string) {
  return api.delete<null>(`/follows/post/${encodeURIComponent(postId)}`);
}

/** A guest follows by email; the emailed link confirms it. */
export function followAsGuest(body: object) {
  return api.post<GuestFollowReceipt>('/follows/guest', body);
}

/** What a guest's emailed link confirms; asking changes nothing. */
export function previewGuestFollow(token: string) {
  return api.post<FollowView>('/follows/guest/preview', { token });
}

export function confirmGuestFollow(token: string) {
  return api.post<FollowView>('/follows/guest/confirm', { token });
}

/**
 * The digest's unsubscribe button: a POST to the very address of the mail's one-click header
 * (decision 0115), with its token in the query.
 */
export async function unsubscribe(token: string): Promise<Unfollowed> {
  const response = await fetch(`/follows/unsubscribe?token=${encodeURIComponent(token)}`, {
    method: 'POST',
  });
  const body = (await response.json().catch(() => null)) as {
    data?: Unfollowed;
    message?: string;
  } | null;
  if (!response.ok || !body?.data) {
    throw new UnsubscribeError(body?.message ?? UNSUBSCRIBE_FAILED, response.status === 404);
  }
  return body.data;
}

/** A refused unsubscribe; `gone` when the link names no follow any more (the emails stopped). */
export class UnsubscribeError extends Error {
  constructor(
    message: string,
    readonly gone: boolean,
  ) {
    super(message);
    this.name = 'UnsubscribeError';
  }
}
