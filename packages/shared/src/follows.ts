import { z } from 'zod';
import { GUEST_NAME_MAX, RobotSignsShape } from './guest-tributes.js';
import { lineText } from './text.js';
import { EmailSchema } from './users.js';
import { FOLLOW_FREQUENCIES } from './follows-words.js';

export * from './follows-words.js';

/*
 * Following a memorial (decision 0114): members, and guests by a confirmed address, get a digest
 * of what is new on it, weekly by default or daily on request.
 */

const FrequencySchema = z
  .enum(FOLLOW_FREQUENCIES, { error: 'Please choose weekly or daily.' })
  .default('weekly')
  .meta({ description: 'How often the digest comes: `weekly` (the default) or `daily`.' });

/** POST /follows: a member follows a memorial, or changes how often the digest comes. */
export const FollowSchema = z.object({
  postId: z.string({ error: 'Please choose a memorial to follow.' }).max(100),
  frequency: FrequencySchema,
});
export type FollowInput = z.input<typeof FollowSchema>;

/** POST /follows/guest: a guest follows by email; the emailed link confirms it. */
export const GuestFollowSchema = z.object({
  postId: z.string({ error: 'Please choose a memorial to follow.' }).max(100),
  frequency: FrequencySchema,
  guestName: lineText('Your name')
    .max(GUEST_NAME_MAX, `Your name can be at most ${GUEST_NAME_MAX} characters.`)
    .optional()
    .meta({ description: 'Optional: how the emails greet the guest.' }),
  guestEmail: z
    .string({ error: 'Please enter your email address: we send the link there.' })
    .trim()
    .min(1, 'Please enter your email address: we send the link there.')
    .pipe(EmailSchema),
  ...RobotSignsShape,
});
export type GuestFollowInput = z.input<typeof GuestFollowSchema>;

/** A follow as its follower sees it. */
export const FollowViewSchema = z.object({
  postId: z.string(),
  memorialTitle: z.string(),
  frequency: z.enum(FOLLOW_FREQUENCIES),
});
export type FollowView = z.infer<typeof FollowViewSchema>;

/** The 202 answer to a guest's follow: it waits for the emailed link. The address is not echoed. */
export const GuestFollowReceiptSchema = z.object({
  status: z.literal('awaiting_email'),
  postId: z.string(),
  /** ISO 8601: the link stops working then and the request is removed. */
  expiresAt: z.string(),
});
export type GuestFollowReceipt = z.infer<typeof GuestFollowReceiptSchema>;

/** What the unsubscribe answer tells: which memorial's emails stop. */
export const UnfollowedSchema = z.object({ memorialTitle: z.string() });
export type Unfollowed = z.infer<typeof UnfollowedSchema>;
