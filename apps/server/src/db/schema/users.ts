import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type PgColumn,
  type PgColumnBuilderBase,
} from 'drizzle-orm/pg-core';
import { ROLES } from '@rips/shared/users';
import { createdAt, id, oneOf, updatedAt } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: id(),
    fullName: text('full_name').notNull(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    userName: text('user_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Storage key of the re-encoded avatar, or null. */
    avatarKey: text('avatar_key'),
    role: text('role', { enum: ROLES }).notNull().default('visitor'),
    /** Bumped on logout, password change and reset: every older token stops working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * When the account last proved it holds its email: a link mailed to the address was used (an
     * email change confirmed, a password reset, an invitation sent to it accepted). Null: never;
     * invitations to the address are not listed to the account until then (decision 0084).
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** When the member last signed in (null: not since this was kept); a legacy's inactivity trigger reads it. */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /**
     * Set when the member deleted their account: the row stays, emptied of who they were, so what
     * they left on memorials stays with the families (docs/decisions/0061-deleting-an-account.md).
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_user_name_lower_key').on(sql`lower(${t.userName})`),
    index('users_created_at_idx').on(t.createdAt),
    // /media finds the member a picture belongs to before serving it without a signature.
    index('users_avatar_key_idx').on(t.avatarKey),
    check('users_role_check', oneOf(t.role, ROLES)),
  ],
);

/** A member a row belongs to: the row goes when the member does. */
export const memberRef = (column: string) =>
  uuid(column)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Links emailed to a member that work once, until they expire: each row keeps the SHA-256 of the
 * emailed token (the token itself is never stored) and `usedAt` once it is used or cancelled.
 */
function oneTimeLinks<C extends Record<string, PgColumnBuilderBase>>(
  name: string,
  columns: C,
  /** The table's own columns that also hold a token's hash: unique, and looked up. */
  tokenColumns: (keyof C & string)[] = [],
) {
  return pgTable(
    name,
    {
      id: id(),
      userId: memberRef('user_id'),
      ...columns,
      tokenHash: text('token_hash').notNull(),
      expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
      /** Set when used, or when cancelled by a newer request or a password change. */
      usedAt: timestamp('used_at', { withTimezone: true }),
      createdAt: createdAt(),
    },
    (t) => [
      uniqueIndex(`${name}_token_hash_key`).on(t.tokenHash),
      index(`${name}_user_idx`).on(t.userId),
      ...tokenColumns.map((column) =>
        uniqueIndex(`${name}_${snakeCase(column)}_key`).on(t[column] as PgColumn),
      ),
    ],
  );
}

export const passwordResets = oneTimeLinks('password_resets', {
  /**
   * The password typed on the reset request, already hashed. Never applied on its own: the
   * holder of the link must type the same password again on the page the link opens
   * (docs/decisions/0014-reset-link-opens-a-form.md).
   */
  newPasswordHash: text('new_password_hash').notNull(),
});

/**
 * A new email waiting for its owner to confirm it from the link sent to it. The account keeps its
 * current email until then (docs/decisions/0015-email-change-needs-proof.md).
 */
export const emailChanges = oneTimeLinks(
  'email_changes',
  {
    /** Stored lower-cased, like users.email. */
    newEmail: text('new_email').notNull(),
    /**
     * SHA-256 of the token of the "this was not me" link sent to the current address: it cancels
     * the change and signs out every session (docs/decisions/0088-email-change-confirmed-with-password.md).
     * Null on changes asked for before that link existed.
     */
    cancelTokenHash: text('cancel_token_hash'),
  },
  ['cancelTokenHash'],
);

/**
 * A link mailed to a new account's address when tributes were confirmed from that address as a
 * guest (decision 0110): used by that account while signed in, and while its address is still the
 * one hashed here, it adds those tributes to the account and proves the address.
 */
export const guestClaims = oneTimeLinks('guest_claims', {
  /** The SHA-256 of the lower-cased address the link was mailed to (never the address). */
  emailHash: text('email_hash').notNull(),
});
