import type { IncomingHttpHeaders } from 'node:http';

/** A page as it goes out: its status, its HTML, and whether search engines may index it. */
export interface CachedPage {
  status: number;
  html: string;
  /** Sent with `X-Robots-Tag: noindex`. */
  noindex?: boolean;
  /** The HTML encoded (UTF-8) once, what an answer from the cache sends as it is. */
  body?: Buffer;
}

/** A page as the cache keeps it: its bytes always there. */
type KeptPage = CachedPage & { body: Buffer };

/**
 * What the cache keeps and answers of a page (never whether it may be cached): its HTML encoded
 * once, so a hit writes bytes instead of encoding the page again (a fifth of a hit's time was that
 * on a 39 KB memorial page), and kept once, as those bytes.
 */
function kept({ status, html, noindex }: CachedPage): KeptPage {
  const body = Buffer.from(html);
  return {
    status,
    body,
    ...(noindex && { noindex }),
    get html() {
      return body.toString();
    },
  };
}

/** A page fresh from the renderer; `cacheable: false` for fallbacks (errors, time-outs, limits). */
export interface RenderedPage extends CachedPage {
  cacheable: boolean;
}

/**
 * A count of writes kept where every instance sees it. The cache compares it on each lookup, so a
 * write on another instance makes this one's pages stale before its next answer.
 */
export interface SharedDataVersion {
  current(): Promise<string>;
  advance(): Promise<void>;
}

export interface PageCacheOptions {
  /** How long a rendered page is served again; 0 turns the cache off. */
  ttlMs: number;
  maxEntries: number;
  /** The HTML kept, in bytes, across all entries. */
  maxBytes: number;
  now?: () => number;
  /** Several instances: the version they share; unset, this process's writes alone count. */
  shared?: SharedDataVersion;
}

interface Entry {
  page: CachedPage;
  expiresAt: number;
  bytes: number;
}

/**
 * Whether a page request may be answered from (and fill) the shared cache: only a visitor who
 * is not signed in, since every cached page is the anonymous view. Conservative on purpose: any
 * Authorization header or any cookie at all opts out (the app sets no cookie today, so a cookie
 * means something this rule does not know, such as a future session). To let a harmless cookie
 * through, name it here.
 */
export function isCacheableRender(request: { headers: IncomingHttpHeaders }): boolean {
  const { authorization, cookie } = request.headers;
  return authorization === undefined && (cookie === undefined || cookie.trim() === '');
}

/**
 * Rendered public pages for anonymous visitors, kept a few seconds. Entries are keyed by the URL
 * and the data version, a counter `dataChanged()` moves on after every successful write, so a
 * page never outlives a change to what it shows in this process. Concurrent misses for the same
 * key share one render. Bounded by entries and bytes, least recently used first out.
 */
export class PageCache {
  private version = 0;
  /** The shared version as this instance last read it. */
  private sharedSeen: string | null = null;
  private bytes = 0;
  /** In least-recently-used order: a hit moves its entry to the end. */
  private readonly entries = new Map<string, Entry>();
  private readonly rendering = new Map<string, Promise<{ page: KeptPage; cacheable: boolean }>>();
  private readonly now: () => number;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.options.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Something a page may show has changed: every page rendered before is stale, here at once and
   * on the other instances once the shared version has moved on (the returned promise).
   */
  async dataChanged(): Promise<void> {
    this.forget();
    await this.options.shared?.advance();
  }

  private forget(): void {
    this.version += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  /**
   * The page for `url`, from the cache when a fresh one is there, else from `render` (shared
   * with any request already rendering the same key). `hit` says which.
   */
  async get(
    url: string,
    render: () => Promise<RenderedPage>,
  ): Promise<{ page: CachedPage; hit: boolean }> {
    if (!this.enabled) return { page: await render(), hit: false };
    if (this.options.shared) {
      const shared = await this.options.shared.current();
      if (shared !== this.sharedSeen) {
        if (this.sharedSeen !== null) this.forget();
        this.sharedSeen = shared;
      }
    }
    const version = this.version;
    const key = `${version}\n${url}`;
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > this.now()) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      return { page: entry.page, hit: true };
    }
    if (entry) this.remove(key, entry);

    let pending = this.rendering.get(key);
    if (!pending) {
      // Encoded once, for every waiter and for the cache alike.
      pending = render()
        .then((page) => ({ page: kept(page), cacheable: page.cacheable }))
        .finally(() => this.rendering.delete(key));
      this.rendering.set(key, pending);
      void pending.then(
        ({ page, cacheable }) => {
          // A page rendered while data changed may show either state: not kept.
          if (cacheable && page.status < 500 && this.version === version) this.store(key, page);
        },
        () => undefined,
      );
    }
    const { page } = await pending;
    return { page, hit: false };
  }

  private store(key: string, page: KeptPage): void {
    const bytes = page.body.length;
    if (bytes > this.options.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    this.entries.set(key, { page, bytes, expiresAt: this.now() + this.options.ttlMs });
    this.bytes += bytes;
    for (const [oldKey, old] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes)
        break;
      this.remove(oldKey, old);
    }
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
