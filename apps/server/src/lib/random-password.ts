import { randomInt } from 'node:crypto';

// No look-alikes (0/O, 1/l/I), so a password read off a console is typed right the first time.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A random password nobody else can know (about 111 bits), in groups of five for reading aloud,
 * with a letter and a digit so the account's own password rules accept it.
 */
export function randomPassword(): string {
  for (;;) {
    const chars = Array.from({ length: 20 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    if (/[a-zA-Z]/.test(chars) && /[0-9]/.test(chars)) return chars.match(/.{5}/g)!.join('-');
  }
}
