import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { isUuid } from './ids.js';

/**
 * A row's id with a MAC of it, for a link that must work without signing in and must not be
 * guessed (a digest's or a reminder's one-click unsubscribe): `{id}.{mac}`. The key is derived
 * from the site's secret for one `purpose`, so a token made for one kind of link is refused by
 * another.
 */
export class SignedIds {
  private readonly key: Buffer;

  constructor(secret: string, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, '', purpose, 32));
  }

  private mac(id: string): string {
    return createHmac('sha256', this.key).update(id).digest('base64url');
  }

  issue(id: string): string {
    return `${id}.${this.mac(id)}`;
  }

  /** The id the token names, when it was made here for this purpose; null for anything else. */
  verify(token: string): string | null {
    const [id, mac, extra] = token.split('.');
    if (!id || !mac || extra !== undefined || !isUuid(id)) return null;
    const given = Buffer.from(mac);
    const expected = Buffer.from(this.mac(id));
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }
}
