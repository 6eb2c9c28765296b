import type { ContactMessage } from '@rips/shared/contact';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { ErrorCode } from '@rips/shared/api';
import type { FastifyBaseLogger } from 'fastify';

const MESSAGES_PER_IP = 5;

/** Forwards a visitor's message to the care address; replying answers the visitor directly. */
export async function sendContactMessage(
  ctx: AppContext,
  ip: string,
  message: ContactMessage,
  log: FastifyBaseLogger,
): Promise<void> {
  await ctx.limiter.consume(
    `contact:ip:${ip}`,
    MESSAGES_PER_IP,
    'Too many messages from this address.',
  );
  try {
    await ctx.mail.enqueue(ctx.db, {
      to: ctx.config.CONTACT_EMAIL,
      replyTo: message.email,
      subject: `Rips Memorial: message from ${message.name}`,
      text: [`From: ${message.name} <${message.email}>`, '', message.message].join('\n'),
    });
  } catch (error) {
    log.error({ err: error }, 'contact message could not be sent');
    throw new AppError(
      503,
      ErrorCode.ServiceUnavailable,
      'Your message could not be sent just now. Please try again in a few minutes.',
    );
  }
}
