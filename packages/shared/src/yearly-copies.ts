import { z } from 'zod';
import { EmailSchema } from './users.js';

/** A memorial's yearly copy as the caller sees it on its Manage page (decision 0126). */
export const CopySettingsSchema = z.object({
  /** The caller receives a copy by right: owner, manager or named successor. */
  receives: z.boolean(),
  /** The caller did not opt out of this memorial's copy. */
  sendToMe: z.boolean(),
  /** Addresses of the family's choosing; null unless the caller is the owner or a manager. */
  addresses: z
    .array(z.object({ _id: z.string(), email: z.string(), confirmed: z.boolean() }))
    .nullable(),
});
export type CopySettings = z.infer<typeof CopySettingsSchema>;

export const SendToMeSchema = z.object({ sendToMe: z.boolean() });
export const CopyAddressBodySchema = z.object({ email: EmailSchema });
export const CopyAddressParamsSchema = z.object({
  id: z.string().max(64),
  addressId: z.string().max(64),
});
export const CopyConfirmBodySchema = z.object({ token: z.string().min(1).max(200) });
export const CopyConfirmedSchema = z.object({ title: z.string() });
