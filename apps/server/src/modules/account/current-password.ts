/**
 * Wrong current passwords an account may send before a wait, counted together by every form that
 * asks for it (change password, delete account, confirm a new email).
 */
export const CURRENT_PASSWORD_ATTEMPTS = 10;

/** The limiter key that counts an account's wrong current passwords. */
export const currentPasswordKey = (userId: string) => `current-password:${userId}`;
