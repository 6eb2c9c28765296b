/*
 * The plain words of what a guest sends without an account (no schema library: a memorial's
 * sections that offer a guest form load them; `./guest-tributes.ts` re-exports them).
 */

/** The longest name a guest may give. */
export const GUEST_NAME_MAX = 100;

/** A guest's link works this long; an unconfirmed tribute is then removed. */
export const GUEST_LINK_DAYS = 7;

/** A form sent sooner than this after it opened is taken for a robot's. */
export const GUEST_MIN_FILL_MS = 3000;

/** The calm answer to a submission taken for a robot's (the honeypot filled, or sent too fast). */
export const GUEST_REFUSED_MESSAGE =
  'We could not accept this just now. Please wait a moment and send it again.';

/** The honeypot: a field hidden from people, which only robots fill. */
export const GUEST_HONEYPOT_FIELD = 'website';
