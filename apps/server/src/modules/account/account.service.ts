import { ErrorCode } from '@rips/shared/api';
import {
  type ChangePassword,
  type UpdateAccountFields,
  type UpdateProfileFields,
} from '@rips/shared/account';
import type { Session } from '@rips/shared/users';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import type { UploadForm } from '../../lib/multipart.js';
import { storeImage } from '../../media/image-store.js';
import {
  asTakenError,
  EMAIL_TAKEN_MESSAGE,
  imageLimits,
  issueSession,
  USERNAME_TAKEN_MESSAGE,
} from '../auth/auth.service.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { cancelPendingResets } from '../password-reset/password-reset.repository.js';
import { passwordChangedNotice } from './account.notices.js';
import { CURRENT_PASSWORD_ATTEMPTS, currentPasswordKey } from './current-password.js';
import { cancelPendingEmailChanges, findPendingEmail } from './email-change.repository.js';
import { requestEmailChange } from './email-change.service.js';
import {
  findUserByEmail,
  findUserByUserName,
  setPasswordAndRevokeTokens,
  updateUser,
  type UserRow,
} from '../users/users.repository.js';

const EMAIL_CHANGES_PER_ACCOUNT = 5;
const AVATAR_REQUIRED = 'Please select an avatar image.';

/**
 * Full name, username and avatar. A new avatar replaces the old one, which is deleted only after
 * the database points at the new one; an account that already has an avatar may keep it
 * (docs/decisions/0004-profile-avatar-optional.md).
 */
export async function updateProfile(
  ctx: AppContext,
  user: UserRow,
  form: UploadForm<UpdateProfileFields, 'avatar'>,
): Promise<UserRow> {
  const { fields } = form;
  const avatar = form.files.avatar;
  if (!avatar && !user.avatarKey) {
    throw AppError.validation(AVATAR_REQUIRED, [{ path: 'avatar', message: AVATAR_REQUIRED }]);
  }
  const holder = await findUserByUserName(ctx.db, fields.userName);
  if (holder && holder.id !== user.id)
    throw AppError.conflict(ErrorCode.UsernameTaken, USERNAME_TAKEN_MESSAGE);

  const stored = avatar ? await storeImage(ctx.storage, 'avatars', avatar, imageLimits(ctx)) : null;
  let updated: UserRow | undefined;
  try {
    updated = await updateUser(ctx.db, user.id, {
      fullName: fields.fullName,
      userName: fields.userName,
      ...(stored ? { avatarKey: stored.imageKey } : {}),
    });
  } catch (error) {
    if (stored) await ctx.storage.deletePrefix(stored.imageKey);
    throw asTakenError(error);
  }
  if (!updated) {
    if (stored) await ctx.storage.deletePrefix(stored.imageKey);
    throw AppError.unauthenticated();
  }
  if (stored && user.avatarKey && user.avatarKey !== stored.imageKey) {
    await ctx.storage.deletePrefix(user.avatarKey);
  }
  return updated;
}

/**
 * Full name changes at once. A different email only becomes pending: it applies once the link
 * sent to it is opened and the current password typed there (email-change.service.ts). The
 * spec's body has no password, and a session alone cannot move the account: the confirmation
 * asks for the password, and the current address is told with a way to cancel.
 */
export async function updateAccount(
  ctx: AppContext,
  user: UserRow,
  fields: UpdateAccountFields,
): Promise<{ user: UserRow; pendingEmail: string | null }> {
  const newEmail = fields.email === user.email ? null : fields.email;
  if (newEmail) {
    // Each request mails two addresses, one of them chosen by the caller.
    await ctx.limiter.consume(
      `email-change:account:${user.id}`,
      EMAIL_CHANGES_PER_ACCOUNT,
      'Too many email changes. Please try again later.',
    );
    const holder = await findUserByEmail(ctx.db, newEmail);
    if (holder && holder.id !== user.id)
      throw AppError.conflict(ErrorCode.EmailTaken, EMAIL_TAKEN_MESSAGE);
  }
  const updated = await updateUser(ctx.db, user.id, { fullName: fields.fullName });
  if (!updated) throw AppError.unauthenticated();
  if (newEmail) await requestEmailChange(ctx, updated, newEmail);
  const pendingEmail = newEmail ?? (await findPendingEmail(ctx.db, user.id, new Date()));
  return { user: updated, pendingEmail };
}

/**
 * Proof that the caller is the owner, not just someone holding a session. Wrong guesses are
 * throttled per account. 400, not 401: the session itself is fine, and a 401 would sign the
 * member out.
 */
export async function assertCurrentPassword(
  ctx: AppContext,
  user: UserRow,
  currentPassword: string | undefined,
  missingMessage: string,
): Promise<void> {
  if (!currentPassword) {
    throw AppError.validation(missingMessage, [
      { path: 'currentPassword', message: missingMessage },
    ]);
  }
  const key = currentPasswordKey(user.id);
  await ctx.limiter.assertUnder(key, CURRENT_PASSWORD_ATTEMPTS, 'Too many wrong passwords.');
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    await ctx.limiter.hit(key);
    const message = 'Your current password is not correct.';
    throw new AppError(400, ErrorCode.InvalidCredentials, message, [
      { path: 'currentPassword', message },
    ]);
  }
  await ctx.limiter.reset(key);
}

/**
 * Checks the current password, sets the new one, revokes every session, cancels pending resets and
 * email changes, and tells the account by email. The caller's own session continues with the
 * fresh token this returns.
 */
export async function changePassword(
  ctx: AppContext,
  user: UserRow,
  fields: ChangePassword,
): Promise<Session> {
  await assertCurrentPassword(ctx, user, fields.currentPassword, 'Current password is required.');
  const passwordHash = await hashPassword(fields.newPassword);
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await setPasswordAndRevokeTokens(tx, user.id, passwordHash);
    if (!row) return undefined;
    await cancelPendingResets(tx, user.id);
    await cancelPendingEmailChanges(tx, user.id);
    await ctx.mail.enqueue(tx, passwordChangedNotice(ctx, row));
    return row;
  });
  if (!updated) throw AppError.unauthenticated();
  return issueSession(ctx, updated);
}
