import {
  GUEST_HONEYPOT_FIELD,
  GUEST_MIN_FILL_MS,
  GUEST_REFUSED_MESSAGE,
} from '@rips/shared/guest-words';
import { AppError } from '../errors.js';

/** What a guest's form sends besides its fields, for telling people from simple robots. */
export interface RobotSigns {
  /** When the form was opened (milliseconds since 1970). */
  startedAt?: number | undefined;
  /** The hidden field only robots fill. */
  [GUEST_HONEYPOT_FIELD]?: string | undefined;
}

/**
 * Refuses, with a calm 400 that names no reason, a guest's form whose hidden field was filled,
 * that says nothing of when it was opened, or that was sent sooner than a person types.
 */
export function refuseRobots(sent: RobotSigns, now: Date): void {
  const honeypot = sent[GUEST_HONEYPOT_FIELD];
  if (
    (honeypot && honeypot.trim() !== '') ||
    !sent.startedAt ||
    now.getTime() - sent.startedAt < GUEST_MIN_FILL_MS
  ) {
    throw AppError.badRequest(GUEST_REFUSED_MESSAGE);
  }
}
