import type { MailMessage } from '../../mail/mailer.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { ErrorCode } from '@rips/shared/api';
import { AppError } from '../../errors.js';
import type { MemorialRow } from '../memorials/memorials.policy.js';
import * as repo from './stewardship.repository.js';

/** The one line every stewardship email ends with: why the reader got it. */
export function mail(to: string, subject: string, lines: string[], why: string): MailMessage {
  return {
    to,
    subject,
    text: [...lines, '', `Why you got this: ${why}`, '', 'Rips Memorial'].join('\n'),
  };
}

/** Queues an email to a member by name, in the transaction of what it tells of. */
export async function mailMember(
  ctx: AppContext,
  tx: Db,
  member: { email: string; fullName: string },
  subject: string,
  lines: string[],
  why: string,
): Promise<void> {
  await ctx.mail.enqueue(
    tx,
    mail(member.email, subject, [`Hello ${member.fullName},`, '', ...lines], why),
  );
}

export async function tellManagers(
  ctx: AppContext,
  tx: Db,
  memorial: MemorialRow,
  subject: string,
  lines: string[],
  link: string,
): Promise<void> {
  for (const person of await repo.managersToTell(tx, memorial.id)) {
    await mailMember(
      ctx,
      tx,
      person,
      subject,
      [...lines, link],
      `you look after the memorial of ${memorial.title} as its ${person.role}.`,
    );
  }
}

/** The memorial's page, or one of its pages (`/transfer`, `/manage/people`), as a link in an email. */
export const memorialLink = (ctx: AppContext, memorialId: string, page = '') =>
  `${ctx.config.publicUrl}/post/${memorialId}${page}`;

export const manageLink = (ctx: AppContext, memorialId: string, tab: string) =>
  memorialLink(ctx, memorialId, `/manage/${tab}`);

/**
 * What a member sends a memorial's managers (a report, a request to see it): a few per member in a
 * while, each once (sending the same again changes nothing, tells nobody again and answers 409
 * with `limit.again`), and told to the managers by email in the transaction that records it.
 */
export async function sendToManagers(
  ctx: AppContext,
  memorial: MemorialRow,
  limit: { key: string; message: string; again: string },
  insert: (tx: Db) => Promise<unknown>,
  email: { subject: string; lines: string[]; tab: string },
): Promise<void> {
  await ctx.limiter.consume(limit.key, ctx.config.REPORT_LIMIT_PER_USER, limit.message);
  await ctx.db.transaction(async (tx) => {
    if (!(await insert(tx))) throw AppError.conflict(ErrorCode.Conflict, limit.again);
    const link = manageLink(ctx, memorial.id, email.tab);
    await tellManagers(ctx, tx, memorial, email.subject, email.lines, link);
  });
}
