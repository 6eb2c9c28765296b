import { z } from 'zod';
import { lineText } from './text.js';

export const ROLES = ['visitor', 'sponsor', 'admin'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const USERNAME_PATTERN = /^[a-zA-Z0-9_.-]+$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const EmailSchema = z
  .string()
  .trim()
  .min(1, 'Email is required.')
  .max(254, 'Email is too long.')
  .email('Enter a valid email address.')
  .transform((v) => v.toLowerCase());

export const UserNameSchema = z
  .string()
  .trim()
  .min(3, 'Username must be at least 3 characters.')
  .max(30, 'Username must be at most 30 characters.')
  .regex(USERNAME_PATTERN, 'Username may use letters, digits, dots, dashes and underscores only.');

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`)
  .refine(
    (v) => /[a-zA-Z]/.test(v) && /[0-9]/.test(v),
    'Password must contain a letter and a digit.',
  )
  // The rule above, as the API document states it.
  .meta({
    pattern: '^(?=[\\s\\S]*[A-Za-z])(?=[\\s\\S]*[0-9])',
    description: `${PASSWORD_MIN} to ${PASSWORD_MAX} characters, with a letter and a digit.`,
  });

export const FullNameSchema = lineText('The full name')
  .min(1, 'Full name is required.')
  .max(100, 'Full name must be at most 100 characters.');

/** Sign-up and a profile without an avatar need one (spec section 5). */
export const AVATAR_REQUIRED = 'Please select an avatar image.';
/** The spec's texts for a taken email and username (section 8). */
export const EMAIL_TAKEN_MESSAGE = 'Email Already Exists';
export const USERNAME_TAKEN_MESSAGE = 'Username Already Exists';

/** Text fields of the multipart register call; the avatar file travels beside them. */
export const RegisterFieldsSchema = z.object({
  fullName: FullNameSchema,
  email: EmailSchema,
  userName: UserNameSchema,
  password: PasswordSchema,
});
export type RegisterFields = z.infer<typeof RegisterFieldsSchema>;

/** The spec sends both email and userName; either identifies the account. */
export const LoginSchema = z
  .object({
    userName: z.string().trim().max(254).optional(),
    email: z.string().trim().max(254).optional(),
    password: z.string().min(1, 'Password is required.').max(PASSWORD_MAX),
  })
  .refine((v) => Boolean(v.userName || v.email), {
    message: 'Enter your username or email.',
    path: ['userName'],
  })
  // The rule above, in words: an `anyOf` of required fields beside the properties turns the
  // body into a union that generated clients type wrongly (docs/decisions/0095).
  .meta({
    description: 'Either `userName` or `email` identifies the account; one of them is required.',
  });
export type Login = z.infer<typeof LoginSchema>;

export const PublicUserSchema = z.object({
  _id: z.string(),
  userName: z.string(),
  fullName: z.string(),
  avatar: z.string().nullable().describe('Image URL (absolute when CORS_ORIGINS is set).'),
});
export type PublicUser = z.infer<typeof PublicUserSchema>;

/** The signed-in member's own view of their account. */
export const SelfUserSchema = PublicUserSchema.extend({
  email: z.string(),
  roles: RoleSchema,
  createdAt: z.string(),
});
export type SelfUser = z.infer<typeof SelfUserSchema>;

export const SessionSchema = z.object({
  accessToken: z.string(),
  user: SelfUserSchema,
  roles: RoleSchema,
});
export type Session = z.infer<typeof SessionSchema>;

/** Answers that change the caller's account give the user and the role, as the session holds them. */
export const UserAndRolesSchema = z.object({ user: SelfUserSchema, roles: RoleSchema });
export type UserAndRoles = z.infer<typeof UserAndRolesSchema>;

export const RegisteredSchema = z.object({ user: SelfUserSchema });
