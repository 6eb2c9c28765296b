import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '@rips/shared/users';

export interface AccessClaims {
  sub: string;
  ver: number;
  role: Role;
}

const ALGORITHM = 'HS256';
const ISSUER = 'rips';

export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ ver: claims.ver, role: claims.role })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** The token's claims, or null for anything not signed by us with HS256 and unexpired. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        requiredClaims: ['exp', 'sub'],
      });
      if (typeof payload.sub !== 'string' || typeof payload['ver'] !== 'number') return null;
      return { sub: payload.sub, ver: payload['ver'], role: payload['role'] as Role };
    } catch {
      return null;
    }
  }
}
