import { ErrorCode } from '@rips/shared/api';
import type { Login, RegisterFields, Role, Session } from '@rips/shared/users';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import type { UploadForm } from '../../lib/multipart.js';
import { storeImage } from '../../media/image-store.js';
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
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.js';

export const EMAIL_TAKEN_MESSAGE = 'Email Already Exists';
export const USERNAME_TAKEN_MESSAGE = 'Username Already Exists';
const INVALID_CREDENTIALS = 'Invalid username, email or password.';

export function imageLimits(ctx: AppContext) {
  return { maxBytes: ctx.config.MAX_IMAGE_BYTES, maxPixels: ctx.config.MAX_IMAGE_PIXELS };
}

export async function register(
  ctx: AppContext,
  ip: string,
  form: UploadForm<RegisterFields, 'avatar'>,
): Promise<UserRow> {
  ctx.limiter.consume(
    `register:ip:${ip}`,
    ctx.config.REGISTER_LIMIT_PER_IP,
    'Too many sign-ups from this address.',
  );
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
  const stored = await storeImage(ctx.storage, 'avatars', avatar.buffer, imageLimits(ctx));
  try {
    const role: Role = ctx.config.ADMIN_EMAIL === fields.email ? 'admin' : 'visitor';
    return await insertUser(ctx.db, {
      fullName: fields.fullName,
      email: fields.email,
      userName: fields.userName,
      passwordHash: await hashPassword(fields.password),
      avatarKey: stored.imageKey,
      role,
    });
  } catch (error) {
    await ctx.storage.deletePrefix(stored.imageKey);
    throw asTakenError(error);
  }
}

/** Two sign-ups racing for one name: the database's unique index decides, we name the loser's field. */
export function asTakenError(error: unknown): unknown {
  const constraint = uniqueViolation(error);
  if (constraint === null) return error;
  return constraint.includes('email')
    ? AppError.conflict(ErrorCode.EmailTaken, EMAIL_TAKEN_MESSAGE)
    : AppError.conflict(ErrorCode.UsernameTaken, USERNAME_TAKEN_MESSAGE);
}

export async function login(ctx: AppContext, ip: string, body: Login): Promise<Session> {
  const { userName, email, password } = body;
  const identifier = (userName || email || '').toLowerCase();
  const { limiter, config } = ctx;
  const perIp = `login:ip:${ip}`;
  const perAccountIp = `login:account-ip:${identifier}:${ip}`;
  const perAccount = `login:account:${identifier}`;
  limiter.consume(perIp, config.LOGIN_LIMIT_PER_IP, 'Too many login attempts from this address.');
  const accountMessage = 'Too many failed login attempts for this account.';
  limiter.assertUnder(perAccountIp, config.LOGIN_LIMIT_PER_ACCOUNT, accountMessage);
  // Other addresses may fail ten times as often before the owner's own address is refused too.
  limiter.assertUnder(perAccount, config.LOGIN_LIMIT_PER_ACCOUNT * 10, accountMessage);

  const user = await findUserByLogin(ctx.db, identifier);
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !valid) {
    limiter.hit(perAccountIp);
    limiter.hit(perAccount);
    throw new AppError(401, ErrorCode.InvalidCredentials, INVALID_CREDENTIALS);
  }
  if (user.disabledAt)
    throw new AppError(403, ErrorCode.AccountDisabled, 'This account has been disabled.');
  limiter.reset(perAccountIp);
  return issueSession(ctx, user);
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
