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
 * The spec's client sends its whole stored user; only these fields are read, the rest is ignored.
 * A new email also needs the current password, and takes effect only once the link sent to it is
 * confirmed (docs/decisions/0015-email-change-needs-proof.md).
 */
export const UpdateAccountSchema = z.object({
  fullName: FullNameSchema,
  email: EmailSchema,
  currentPassword: z.string().max(128).optional(),
});
export type UpdateAccount = z.input<typeof UpdateAccountSchema>;
export type UpdateAccountFields = z.infer<typeof UpdateAccountSchema>;

/** How long the link that confirms a new email stays valid. */
export const EMAIL_CHANGE_LINK_TTL_MINUTES = 60;

export const ACCOUNT_UPDATED_MESSAGE = 'Account details updated.';
export const CURRENT_PASSWORD_FOR_EMAIL =
  'Please enter your current password to change your email.';

/** The answer when a new email waits for its confirmation: nothing about the email changed yet. */
export function emailChangePendingMessage(newEmail: string): string {
  return `We have sent a confirmation link to ${newEmail}. Your email changes only when you open that link and confirm; until then you keep signing in and receiving mail at your current address. The link expires in ${EMAIL_CHANGE_LINK_TTL_MINUTES} minutes.`;
}

/** What update-account answers: the account as it is now, and the email waiting for confirmation. */
export const UpdateAccountResultSchema = z.object({
  user: SelfUserSchema,
  roles: RoleSchema,
  /** The new email that waits for its confirmation link, or null when the email did not change. */
  pendingEmail: z.string().nullable(),
});
export type UpdateAccountResult = z.infer<typeof UpdateAccountResultSchema>;

/** 32 random bytes in base64url are 43 characters. */
const LinkTokenSchema = z
  .string()
  .trim()
  .regex(
    /^[A-Za-z0-9_-]{43}$/,
    'This link is not valid. Please copy the whole link from the email.',
  );

export const ConfirmEmailChangeSchema = z.object({ token: LinkTokenSchema });
export type ConfirmEmailChange = z.infer<typeof ConfirmEmailChangeSchema>;

/** The confirmed account; a fresh session only for the browser signed in to that account. */
export const EmailChangeConfirmedSchema = z.object({
  userId: z.string(),
  session: SessionSchema.nullable(),
});

export const EMAIL_CHANGED_MESSAGE =
  'Your new email is confirmed. Every other session of this account has been signed out.';

export const PASSWORDS_DO_NOT_MATCH = 'The passwords do not match.';

export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required.').max(128),
    newPassword: PasswordSchema,
    confirmNewPassword: z.string().min(1, 'Please confirm the new password.').max(128),
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
      .pipe(EmailSchema.optional()),
    newPassword: PasswordSchema,
    confirmNewPassword: z.string().min(1, 'Please confirm the new password.').max(128),
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
    confirmNewPassword: z.string().min(1, 'Please confirm the new password.').max(128),
  })
  .refine((v) => v.newPassword === v.confirmNewPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmNewPassword'],
  });
export type ResetPasswordConfirm = z.infer<typeof ResetPasswordConfirmSchema>;

/** The id lets a browser signed in to this account end its now-revoked session. */
export const PasswordResetDoneSchema = z.object({ userId: z.string() });
