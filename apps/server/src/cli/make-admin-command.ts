import { EmailSchema, FullNameSchema, UserNameSchema } from '@rips/shared/users';
import { hashPassword } from '../modules/auth/passwords.js';
import {
  findUserByEmail,
  findUserByLogin,
  findUserByUserName,
  insertUser,
  updateUser,
} from '../modules/users/users.repository.js';
import { randomPassword } from '../lib/random-password.js';
import { openForCli } from './cli-context.js';

export const MAKE_ADMIN_USAGE = [
  'Usage:',
  '  npm run make-admin -- <userName or email>                   make an existing account an administrator',
  '  npm run make-admin -- --create <userName> <email> [full name]  create an administrator account',
].join('\n');

export interface Console {
  log(text: string): void;
  error(text: string): void;
}

type Request =
  | { kind: 'promote'; identifier: string }
  | { kind: 'create'; userName: string; email: string; fullName: string };

function parse(args: string[]): Request | string {
  if (args[0] !== '--create') {
    const identifier = args[0]?.trim();
    if (!identifier || args.length > 1 || identifier.startsWith('-')) return MAKE_ADMIN_USAGE;
    return { kind: 'promote', identifier };
  }
  const [, userName, email, ...name] = args;
  const fields = {
    userName: UserNameSchema.safeParse(userName ?? ''),
    email: EmailSchema.safeParse(email ?? ''),
    fullName: FullNameSchema.safeParse(name.join(' ') || userName || ''),
  };
  for (const result of Object.values(fields)) {
    if (!result.success) return `${result.error.issues[0]?.message}\n${MAKE_ADMIN_USAGE}`;
  }
  return {
    kind: 'create',
    userName: fields.userName.data!,
    email: fields.email.data!,
    fullName: fields.fullName.data!,
  };
}

/**
 * The operator's explicit act that makes an administrator (no address or setting ever does).
 * Returns the process exit code. With the embedded database it takes the data dir's lock, so it
 * refuses while a server runs rather than writing a change the server would never see.
 */
export async function makeAdmin(
  args: string[],
  out: Console,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const request = parse(args);
  if (typeof request === 'string') {
    out.error(request);
    return 2;
  }
  const { database } = await openForCli('make-admin', env);
  try {
    const { db } = database;
    if (request.kind === 'promote') {
      const user = await findUserByLogin(db, request.identifier);
      if (!user) {
        out.error(`No account has the username or email "${request.identifier}".`);
        return 1;
      }
      if (user.role === 'admin') {
        out.log(`${user.userName} is already an administrator.`);
        return 0;
      }
      await updateUser(db, user.id, { role: 'admin' });
      out.log(`${user.userName} is now an administrator.`);
      return 0;
    }
    if (await findUserByUserName(db, request.userName)) {
      out.error(`The username "${request.userName}" is taken.`);
      return 1;
    }
    if (await findUserByEmail(db, request.email)) {
      out.error(`An account already uses ${request.email}; make it an administrator instead.`);
      return 1;
    }
    const password = randomPassword();
    await insertUser(db, {
      userName: request.userName,
      email: request.email,
      fullName: request.fullName,
      role: 'admin',
      passwordHash: await hashPassword(password),
    });
    out.log(
      [
        `Created the administrator ${request.userName}.`,
        `Its password, shown only this once: ${password}`,
        'Log in and change it under Account.',
      ].join('\n'),
    );
    return 0;
  } finally {
    await database.close();
  }
}
