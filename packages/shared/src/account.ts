import { z } from 'zod';
import { EmailSchema, FullNameSchema, PasswordSchema, UserNameSchema } from './users.js';

/** Text fields of the multipart update-profile call; the avatar file travels beside them. */
export const UpdateProfileFieldsSchema = z.object({
  fullName: FullNameSchema,
  userName: UserNameSchema,
});
export type UpdateProfileFields = z.infer<typeof UpdateProfileFieldsSchema>;

/** The spec's client sends its whole stored user; only these two fields are read, the rest is ignored. */
export const UpdateAccountSchema = z.object({
  fullName: FullNameSchema,
  email: EmailSchema,
});
export type UpdateAccount = z.infer<typeof UpdateAccountSchema>;

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

export const RESET_REQUESTED_MESSAGE = `If an account matches, we have emailed a link to confirm your new password. It expires in ${RESET_LINK_TTL_MINUTES} minutes.`;

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

/** 32 random bytes in base64url are 43 characters. */
export const ResetPasswordConfirmSchema = z.object({
  token: z
    .string()
    .trim()
    .regex(
      /^[A-Za-z0-9_-]{43}$/,
      'This link is not valid. Please copy the whole link from the email.',
    ),
});
export type ResetPasswordConfirm = z.infer<typeof ResetPasswordConfirmSchema>;
