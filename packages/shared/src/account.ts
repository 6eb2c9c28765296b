import { z } from 'zod';
import {
  EmailSchema,
  FullNameSchema,
  PasswordSchema,
  RoleSchema,
  SelfUserSchema,
  SessionSchema,
  UserNameSchema,
} from './users.js';

/** Text fields of the multipart update-profile call; the avatar file travels beside them. */
export const UpdateProfileFieldsSchema = z.object({
  fullName: FullNameSchema,
  userName: UserNameSchema,
});
export type UpdateProfileFields = z.infer<typeof UpdateProfileFieldsSchema>;

/**
 * The spec's client sends its whole stored user; only these fields are read, the rest is ignored
 * (a `currentPassword` too). A new email takes effect only once the link sent to it is opened and
 * the current password typed there (docs/decisions/0088-email-change-confirmed-with-password.md).
 */
export const UpdateAccountSchema = z.object({
  fullName: FullNameSchema,
  email: EmailSchema,
});
export type UpdateAccount = z.input<typeof UpdateAccountSchema>;
export type UpdateAccountFields = z.infer<typeof UpdateAccountSchema>;

/** How long the link that confirms a new email stays valid. */
export const EMAIL_CHANGE_LINK_TTL_MINUTES = 60;
/** Wrong current passwords typed on one confirmation link before the link stops working. */
export const EMAIL_CONFIRM_WRONG_PASSWORDS_PER_LINK = 5;

export const ACCOUNT_UPDATED_MESSAGE = 'Account details updated.';
export const CURRENT_PASSWORD_TO_CONFIRM = 'Please enter your current password to confirm.';

/** The answer when a new email waits for its confirmation: nothing about the email changed yet. */
export function emailChangePendingMessage(newEmail: string): string {
  return `We have sent a confirmation link to ${newEmail}. Your email changes only when you open that link and confirm it with your current password; until then you keep signing in and receiving mail at your current address. The link expires in ${EMAIL_CHANGE_LINK_TTL_MINUTES} minutes.`;
}

/**
 * The member's own account as GET /users/me and update-account answer it: the account as it is
 * now, and the new email that waits for its confirmation link (null when none waits).
 */
export const AccountStateSchema = z.object({
  user: SelfUserSchema,
  roles: RoleSchema,
  pendingEmail: z.string().nullable(),
});
export type AccountState = z.infer<typeof AccountStateSchema>;
export const UpdateAccountResultSchema = AccountStateSchema;
export type UpdateAccountResult = AccountState;

/** 32 random bytes in base64url are 43 characters. */
const LinkTokenSchema = z
  .string()
  .trim()
  .regex(
    /^[A-Za-z0-9_-]{43}$/,
    'This link is not valid. Please copy the whole link from the email.',
  );

/** The page the new address's link opens: its token, and the account's current password. */
export const ConfirmEmailChangeSchema = z.object({
  token: LinkTokenSchema,
  currentPassword: z.string().min(1, CURRENT_PASSWORD_TO_CONFIRM).max(128),
});
export type ConfirmEmailChange = z.infer<typeof ConfirmEmailChangeSchema>;

/** The "this was not me" page the current address's notice opens: the button posts its token. */
export const CancelEmailChangeSchema = z.object({ token: LinkTokenSchema });
export type CancelEmailChange = z.infer<typeof CancelEmailChangeSchema>;

/** The account whose email change was cancelled: a browser signed in to it ends its session. */
export const EmailChangeCancelledSchema = z.object({ userId: z.string() });

export const EMAIL_CHANGE_CANCELLED_MESSAGE =
  'The email change was cancelled and every session of your account was signed out. Someone may know your password: log in and change it now.';

/** The confirmed account; a fresh session only for the browser signed in to that account. */
export const EmailChangeConfirmedSchema = z.object({
  userId: z.string(),
  session: SessionSchema.nullable(),
});

export const EMAIL_CHANGED_MESSAGE =
  'Your new email is confirmed. Every other session of this account has been signed out.';

export const PASSWORDS_DO_NOT_MATCH = 'The passwords do not match.';

/** The new password typed again; the form's refinement refuses it unless it is the same. */
const ConfirmNewPasswordSchema = z
  .string()
  .min(1, 'Please confirm the new password.')
  .max(128)
  .meta({ description: 'The same text as `newPassword`.' });

export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required.').max(128),
    newPassword: PasswordSchema,
    confirmNewPassword: ConfirmNewPasswordSchema,
  })
  .refine((v) => v.newPassword === v.confirmNewPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmNewPassword'],
  });
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

/** How long an emailed password-reset link stays valid. */
export const RESET_LINK_TTL_MINUTES = 30;

export const RESET_REQUESTED_MESSAGE = `If an account matches, we have emailed it a link. Open the link and type your new password there to set it; until then your current password keeps working. The link expires in ${RESET_LINK_TTL_MINUTES} minutes.`;

export const PASSWORD_RESET_DONE_MESSAGE =
  'Your new password is now active. Every session of this account has been signed out; please log in with it.';

/** The spec's reset form: the email is optional, and when given it must be the account's own. */
export const ForgotPasswordSchema = z
  .object({
    userName: z.string().trim().min(1, 'Username is required.').max(254),
    // The form sends '' when the optional email is left empty.
    email: z
      .string()
      .max(254)
      .optional()
      .transform((v) => (v?.trim() ? v : undefined))
      .pipe(EmailSchema.optional())
      .meta({ description: 'Empty, or the account’s own email address.' }),
    newPassword: PasswordSchema,
    confirmNewPassword: ConfirmNewPasswordSchema,
  })
  .refine((v) => v.newPassword === v.confirmNewPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmNewPassword'],
  });
export type ForgotPassword = z.input<typeof ForgotPasswordSchema>;

/**
 * Submitted from the page the emailed link opens: the link holder types the new password twice.
 * Opening the link alone changes nothing (docs/decisions/0014-reset-link-opens-a-form.md).
 */
export const ResetPasswordConfirmSchema = z
  .object({
    token: LinkTokenSchema,
    newPassword: PasswordSchema,
    confirmNewPassword: ConfirmNewPasswordSchema,
  })
  .refine((v) => v.newPassword === v.confirmNewPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmNewPassword'],
  });
export type ResetPasswordConfirm = z.infer<typeof ResetPasswordConfirmSchema>;

/** The id lets a browser signed in to this account end its now-revoked session. */
export const PasswordResetDoneSchema = z.object({ userId: z.string() });
