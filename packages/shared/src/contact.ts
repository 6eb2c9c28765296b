import { z } from 'zod';
import { blockText, lineText } from './text.js';
import { EmailSchema } from './users.js';

export const CONTACT_MESSAGE_MAX = 5000;
export const CONTACT_SENT_MESSAGE = 'Thank you. Your message has been sent.';

export const ContactMessageSchema = z.object({
  // One line only: the name goes into a mail subject.
  name: lineText('Your name')
    .min(1, 'Please enter your name.')
    .max(100, 'Name must be at most 100 characters.'),
  email: EmailSchema,
  message: blockText('The message')
    .min(1, 'Please write a message.')
    .max(CONTACT_MESSAGE_MAX, `Message must be at most ${CONTACT_MESSAGE_MAX} characters.`),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;
