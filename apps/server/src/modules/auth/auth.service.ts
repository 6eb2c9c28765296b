import { ErrorCode } from '@rips/shared/api';
import type { Login, RegisterFields, Session } from '@rips/shared/users';
import type { AppContext } from '../../context.js';
import { noteSignIn } from '../legacy-release/legacy-release.service.js';
import { AppError } from '../../errors.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import type { UploadForm } from '../../lib/multipart.js';
import { storeImage, type ImageSettings } from '../../media/image-store.js';
import { presentSelf } from '../users/users.presenter.js';
import {
  bumpTokenVersion,
  findUserByEmail,
  findUserByLogin,
  findUserByUserName,
  insertUser,
  updateUser,
  type UserRow,
} from '../users/users.repository.js';
import type { KnownDevice } from './device-cookie.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.js';
import { offerGuestClaim } from '../tributes/guest-tributes.service.js';

export const EMAIL_TAKEN_MESSAGE = 'Email Already Exists';
export const USERNAME_TAKEN_MESSAGE = 'Username Already Exists';
const INVALID_CREDENTIALS = 'Invalid username, email or password.';

export function imageLimits(ctx: AppContext): ImageSettings {
  return {
    maxBytes: ctx.config.MAX_IMAGE_BYTES,
    maxPixels: ctx.config.MAX_IMAGE_PIXELS,
    maxPixelsFor: {
      avatars: ctx.config.MAX_AVATAR_PIXELS,
      flowers: ctx.config.MAX_FLOWER_PIXELS,
    },
    gate: ctx.imageWork,
  };
}

/** Counts a sign-up from `ip`; the route calls it before reading the body (and its avatar). */
export async function limitRegistration(ctx: AppContext, ip: string): Promise<void> {
  await ctx.limiter.consume(
    `register:ip:${ip}`,
    ctx.config.REGISTER_LIMIT_PER_IP,
    'Too many sign-ups from this address.',
  );
}

export async function register(
  ctx: AppContext,
  form: UploadForm<RegisterFields, 'avatar'>,
): Promise<UserRow> {
  const { fields } = form;
  const avatar = form.files.avatar;
  if (!avatar)
    throw AppError.validation('Please select an avatar image.', [
      { path: 'avatar', message: 'Please select an avatar image.' },
    ]);
  if (await findUserByEmail(ctx.db, fields.email))
    throw AppError.conflict(ErrorCode.EmailTaken, EMAIL_TAKEN_MESSAGE);
  if (await findUserByUserName(ctx.db, fields.userName)) {
    throw AppError.conflict(ErrorCode.UsernameTaken, USERNAME_TAKEN_MESSAGE);
  }
  const stored = await storeImage(ctx.storage, 'avatars', avatar, imageLimits(ctx));
  let user: UserRow;
  try {
    user = await insertUser(ctx.db, {
      fullName: fields.fullName,
      email: fields.email,
      userName: fields.userName,
      passwordHash: await hashPassword(fields.password),
      avatarKey: stored.imageKey,
      role: 'visitor',
    });
  } catch (error) {
    await ctx.storage.deletePrefix(stored.imageKey);
    throw asTakenError(error);
  }
  // Signing up does not prove the address: tributes confirmed from it as a guest are offered by a
  // link mailed to it, and join the account only once that link is used (decision 0110).
  await offerGuestClaim(ctx, user);
  return user;
}

/** Two sign-ups racing for one name: the database's unique index decides, we name the loser's field. */
export function asTakenError(error: unknown): unknown {
  const constraint = uniqueViolation(error);
  if (constraint === null) return error;
  return constraint.includes('email')
    ? AppError.conflict(ErrorCode.EmailTaken, EMAIL_TAKEN_MESSAGE)
    : AppError.conflict(ErrorCode.UsernameTaken, USERNAME_TAKEN_MESSAGE);
}

/**
 * Signs in by username or email. The name is resolved to its account first, so both share one
 * budget; `device` is the account a valid device cookie on this request names, if any.
 */
export async function login(
  ctx: AppContext,
  client: { ip: string; device: KnownDevice | null },
  body: Login,
): Promise<{ session: Session; user: UserRow }> {
  const { userName, email, password } = body;
  const identifier = (userName || email || '').trim().toLowerCase();
  const user = await findUserByLogin(ctx.db, identifier);
  // Unknown names keep a budget of their own, so guessing names is limited the same way.
  const subject = user ? user.id : `name:${identifier}`;
  const deviceId = user && client.device?.accountId === user.id ? client.device.deviceId : null;
  const ticket = await ctx.loginThrottle.admit({ ip: client.ip, subject, deviceId });

  // An unknown name is checked against a dummy hash, so both answers take the same time.
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !valid) throw new AppError(401, ErrorCode.InvalidCredentials, INVALID_CREDENTIALS);
  await ticket.succeeded();
  if (user.disabledAt)
    throw new AppError(403, ErrorCode.AccountDisabled, 'This account has been disabled.');
  // A sign-in keeps a Life Legacy's inactivity trigger away.
  await noteSignIn(ctx, user.id);
  return { session: await issueSession(ctx, user), user };
}

export async function issueSession(ctx: AppContext, user: UserRow): Promise<Session> {
  const accessToken = await ctx.tokens.sign({
    sub: user.id,
    ver: user.tokenVersion,
    role: user.role,
  });
  return { accessToken, user: presentSelf(ctx.urls, user), roles: user.role };
}

export async function logout(ctx: AppContext, user: UserRow): Promise<void> {
  await bumpTokenVersion(ctx.db, user.id);
}

export async function becomeSponsor(ctx: AppContext, user: UserRow): Promise<UserRow> {
  if (!ctx.config.SPONSOR_SELF_SERVICE) {
    throw AppError.forbidden(
      'Sponsors are appointed by an administrator. Please contact us to become one.',
    );
  }
  if (user.role !== 'visitor') return user;
  return (await updateUser(ctx.db, user.id, { role: 'sponsor' })) ?? user;
}
