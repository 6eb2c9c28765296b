import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '@rips/shared/api';

export const DEVICE_COOKIE = 'rips_device';
/** Sent to the login call only: nothing else needs it. */
const COOKIE_PATH = `${API_PREFIX}/users/login`;
/** How long a browser stays recognised after its last successful login. */
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

/** A browser that logged in to this account successfully before. */
export interface KnownDevice {
  accountId: string;
  /** Tells this browser's budget apart from the account's other browsers. */
  deviceId: string;
}

/**
 * The "this browser has logged in here before" cookie: account id, issue time and a random device
 * id, with an HMAC under a key derived from the JWT secret. It grants nothing by itself; it only
 * lets its holder reach the password check while strangers flood the account (decision 0016).
 */
export class DeviceCookies {
  private readonly key: Buffer;

  constructor(
    jwtSecret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = createHmac('sha256', jwtSecret).update('rips device cookie v1').digest();
  }

  read(request: FastifyRequest): KnownDevice | null {
    const value = request.cookies[DEVICE_COOKIE];
    const parts = value?.split('.') ?? [];
    if (parts.length !== 4) return null;
    const [accountId, issuedAt, deviceId, mac] = parts as [string, string, string, string];
    const expected = this.mac(accountId, issuedAt, deviceId);
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const ageSeconds = this.now() / 1000 - Number(issuedAt);
    if (!(ageSeconds >= -60 && ageSeconds <= MAX_AGE_SECONDS)) return null;
    return { accountId, deviceId };
  }

  /** Marks this browser as one that just logged in to `accountId`. */
  issue(request: FastifyRequest, reply: FastifyReply, accountId: string): void {
    const issuedAt = String(Math.floor(this.now() / 1000));
    const deviceId = randomBytes(9).toString('base64url');
    const mac = this.mac(accountId, issuedAt, deviceId).toString('base64url');
    void reply.setCookie(DEVICE_COOKIE, `${accountId}.${issuedAt}.${deviceId}.${mac}`, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: MAX_AGE_SECONDS,
    });
  }

  private mac(accountId: string, issuedAt: string, deviceId: string): Buffer {
    return createHmac('sha256', this.key).update(`${accountId}.${issuedAt}.${deviceId}`).digest();
  }
}
