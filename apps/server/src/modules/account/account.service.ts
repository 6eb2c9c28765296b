import { ErrorCode } from '@rips/shared/api';
import type { ChangePassword, UpdateAccount, UpdateProfileFields } from '@rips/shared/account';
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
import {
  findUserByEmail,
  findUserByUserName,
  setPasswordAndRevokeTokens,
  updateUser,
  type UserRow,
} from '../users/users.repository.js';

const CHANGE_PASSWORD_ATTEMPTS = 10;
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

  const stored = avatar
    ? await storeImage(ctx.storage, 'avatars', avatar.buffer, imageLimits(ctx))
    : null;
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

export async function updateAccount(
  ctx: AppContext,
  user: UserRow,
  fields: UpdateAccount,
): Promise<UserRow> {
  const holder = await findUserByEmail(ctx.db, fields.email);
  if (holder && holder.id !== user.id)
    throw AppError.conflict(ErrorCode.EmailTaken, EMAIL_TAKEN_MESSAGE);
  try {
    const updated = await updateUser(ctx.db, user.id, {
      fullName: fields.fullName,
      email: fields.email,
    });
    if (!updated) throw AppError.unauthenticated();
    return updated;
  } catch (error) {
    throw asTakenError(error);
  }
}

/**
 * Checks the current password, sets the new one and revokes every other session. The caller's own
 * session continues with the fresh token this returns.
 */
export async function changePassword(
  ctx: AppContext,
  user: UserRow,
  fields: ChangePassword,
): Promise<Session> {
  const key = `change-password:${user.id}`;
  ctx.limiter.assertUnder(
    key,
    CHANGE_PASSWORD_ATTEMPTS,
    'Too many attempts to change the password.',
  );
  if (!(await verifyPassword(user.passwordHash, fields.currentPassword))) {
    ctx.limiter.hit(key);
    const message = 'Your current password is not correct.';
    // 400, not 401: the session itself is fine, and a 401 would sign the member out.
    throw new AppError(400, ErrorCode.InvalidCredentials, message, [
      { path: 'currentPassword', message },
    ]);
  }
  ctx.limiter.reset(key);
  const updated = await setPasswordAndRevokeTokens(
    ctx.db,
    user.id,
    await hashPassword(fields.newPassword),
  );
  if (!updated) throw AppError.unauthenticated();
  await cancelPendingResets(ctx.db, user.id);
  return issueSession(ctx, updated);
}
