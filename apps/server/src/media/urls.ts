import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How long anyone, shared caches (CDNs, proxies) included, may keep a picture served on its public
 * address: a memorial made private, or an item hidden by moderation, stops being served everywhere
 * within this time (docs/decisions/0055-memorial-privacy-levels.md, amended).
 */
export const PUBLIC_PICTURE_MAX_AGE_SECONDS = 300;
export const PUBLIC_PICTURE_CACHE_CONTROL = `public, max-age=${PUBLIC_PICTURE_MAX_AGE_SECONDS}, s-maxage=${PUBLIC_PICTURE_MAX_AGE_SECONDS}`;

export interface ImageRef {
  /** A mid-size variant, for clients that ignore srcset. */
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

/** One picture of a single known size, e.g. a bouquet served by the web app. */
export function singleSizeImage(src: string, width: number, height = width): ImageRef {
  return { src, srcSet: `${src} ${width}w`, width, height };
}

/** Stands in where an item must carry an image but its stored variants are gone. */
export function missingImage(width: number, height = width): ImageRef {
  return { src: '', srcSet: '', width, height };
}

/** Builds media URLs; private kinds get an expiring signature instead of a public path. */
export class MediaUrls {
  private readonly key: Buffer;

  /**
   * `origin` prefixes every URL handed out: empty for same-origin paths, or PUBLIC_URL when
   * clients on other origins (CORS_ORIGINS) must load images and files from ours.
   */
  constructor(
    secret: string,
    private readonly origin = '',
  ) {
    this.key = createHmac('sha256', secret).update('media-url-signing').digest();
  }

  /** A path of this server as clients should use it (absolute when other origins are allowed). */
  absolute(path: string): string {
    return `${this.origin}${path}`;
  }

  sign(key: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${key}\n${expires}`).digest('base64url');
  }

  verify(key: string, expires: number, signature: string, now = Date.now()): boolean {
    if (!Number.isFinite(expires) || expires * 1000 < now) return false;
    const expected = Buffer.from(this.sign(key, expires));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** Public URL, or a signed one valid for `ttlSeconds` when `ttlSeconds` is given. */
  file(key: string, ttlSeconds?: number): string {
    const base = this.absolute(`/media/${key}`);
    if (ttlSeconds === undefined) return base;
    // Rounded to the hour so the same list answers with the same URLs (browser cache, ETag).
    const expires = Math.ceil(Date.now() / 3_600_000) * 3600 + ttlSeconds;
    return `${base}?expires=${expires}&sig=${this.sign(key, expires)}`;
  }

  /** The same URLs, every one signed for `ttlSeconds`: pictures on a memorial that is not public. */
  signedOnly(ttlSeconds: number): MediaUrls {
    const copy = Object.create(this) as MediaUrls;
    copy.file = (key: string, ttl?: number) => this.file(key, ttl ?? ttlSeconds);
    return copy;
  }

  image(
    stored: {
      imageKey: string | null;
      imageWidths: number[] | null;
      imageWidth: number | null;
      imageHeight: number | null;
    },
    ttlSeconds?: number,
  ): ImageRef | null {
    const widths = stored.imageWidths ?? [];
    if (!stored.imageKey || widths.length === 0) return null;
    const sorted = [...widths].sort((a, b) => a - b);
    const urls = sorted.map((w) => ({
      w,
      url: this.file(`${stored.imageKey}/${w}.webp`, ttlSeconds),
    }));
    const preferred = urls.find((u) => u.w >= 640) ?? urls[urls.length - 1]!;
    return {
      src: preferred.url,
      srcSet: urls.map((u) => `${u.url} ${u.w}w`).join(', '),
      width: stored.imageWidth ?? sorted[sorted.length - 1]!,
      height: stored.imageHeight ?? sorted[sorted.length - 1]!,
    };
  }
}
