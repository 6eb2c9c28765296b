import { z } from 'zod';
import { lineText } from './text.js';
import { EmailSchema } from './users.js';

/**
 * Tributes left without an account (decision 0103): the create call of a kind whose shared entry
 * says `guests`, sent without a token, carries these fields beside the kind's own.
 */
export {
  GUEST_HONEYPOT_FIELD,
  GUEST_LINK_DAYS,
  GUEST_MIN_FILL_MS,
  GUEST_NAME_MAX,
  GUEST_REFUSED_MESSAGE,
} from './guest-words.js';
import { GUEST_HONEYPOT_FIELD, GUEST_NAME_MAX } from './guest-words.js';

/**
 * What every guest form sends besides its fields, to tell people from simple robots (the server's
 * `refuseRobots`): when it was opened, and a hidden field people leave empty.
 */
export const RobotSignsShape = {
  startedAt: z.coerce.number().optional().meta({
    description:
      'A guest: when the form was opened (milliseconds since 1970), for the minimum fill time.',
  }),
  [GUEST_HONEYPOT_FIELD]: z
    .string()
    .optional()
    .meta({ description: 'Left empty by people: a hidden field only robots fill.' }),
};

/** What a guest's create call adds, all optional so the member's call (with a token) is unchanged. */
export const GuestFieldsSchema = z.object({
  guestName: z.string().optional().meta({
    description: 'A guest (no token): the name shown with the tribute, marked as a guest.',
  }),
  guestEmail: z.string().optional().meta({
    description:
      'A guest (no token): where the link that publishes the tribute is sent; never shown or answered.',
  }),
  ...RobotSignsShape,
});
export type GuestFields = z.infer<typeof GuestFieldsSchema>;

/** The guest's name and address, checked with clear messages once a call is a guest's. */
export const GuestAuthorSchema = z.object({
  guestName: lineText('Your name')
    .min(1, 'Please enter your name.')
    .max(GUEST_NAME_MAX, `Your name can be at most ${GUEST_NAME_MAX} characters.`),
  guestEmail: z
    .string({ error: 'Please enter your email address: we send the link there.' })
    .trim()
    .min(1, 'Please enter your email address: we send the link there.')
    .pipe(EmailSchema),
});
export type GuestAuthor = z.infer<typeof GuestAuthorSchema>;

/**
 * The 202 answer to a guest's tribute: it waits for the emailed link (`awaiting_email`) and is in
 * no list until then. The address is never echoed back.
 */
export const GuestTributeReceiptSchema = z.object({
  status: z.literal('awaiting_email'),
  kind: z.string(),
  postId: z.string(),
  guestName: z.string(),
  /** ISO 8601: the link stops working then and the tribute is removed. */
  expiresAt: z.string(),
});
export type GuestTributeReceipt = z.infer<typeof GuestTributeReceiptSchema>;

/** POST /guest-tributes/confirm and /guest-tributes/preview: the token from the emailed link. */
export const GuestTokenSchema = z.object({
  token: z
    .string({ error: 'This link is incomplete. Please open the link from the email again.' })
    .trim()
    .min(1, 'This link is incomplete. Please open the link from the email again.')
    .max(200, 'This link is not valid.'),
});
export type GuestToken = z.infer<typeof GuestTokenSchema>;

/** What the confirm page shows before the button is pressed: the memorial and what was left. */
export const GuestTributePreviewSchema = z.object({
  kind: z.string(),
  /** "prayer", "flower". */
  noun: z.string(),
  postId: z.string(),
  memorialTitle: z.string(),
  guestName: z.string(),
});
export type GuestTributePreview = z.infer<typeof GuestTributePreviewSchema>;

/** After the button: live now (`published`), or waiting for the family's approval (`pending`). */
export const GuestTributeConfirmedSchema = GuestTributePreviewSchema.extend({
  status: z.enum(['published', 'pending']),
});
export type GuestTributeConfirmed = z.infer<typeof GuestTributeConfirmedSchema>;

/**
 * POST /guest-tributes/claim (decision 0110): the link mailed to a new account's address, used
 * while signed in, adds the tributes that address confirmed as a guest to the account.
 */
export const GuestClaimedSchema = z.object({
  /** How many tributes now show under the account's name. */
  claimed: z.number().int(),
});
export type GuestClaimed = z.infer<typeof GuestClaimedSchema>;

/** "3 tributes", "1 tribute". */
export function tributeCount(n: number): string {
  return `${n} ${n === 1 ? 'tribute' : 'tributes'}`;
}
