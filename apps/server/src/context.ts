import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { PageCache } from './lib/page-cache.js';
import type { RateLimiter } from './lib/rate-limiter.js';
import type { Semaphore } from './lib/semaphore.js';
import type { JobQueue } from './jobs/job-queue.js';
import type { MailQueue } from './mail/mail-queue.js';
import type { MediaUrls } from './media/urls.js';
import type { LoginThrottle } from './modules/auth/login-throttle.js';
import type { TokenService } from './modules/auth/tokens.js';
import type { Storage } from './storage/storage.js';

/** The side-effect adapters every module reaches through `app.ctx`. */
export interface AppContext {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  storage: Storage;
  /** Work that must not be lost or hold up a request: rows in the database, done by workers. */
  jobs: JobQueue;
  /** Every mail goes through here, in the transaction of what it tells of. */
  mail: MailQueue;
  urls: MediaUrls;
  tokens: TokenService;
  limiter: RateLimiter;
  loginThrottle: LoginThrottle;
  /** Server-rendered pages for anonymous visitors (plugins/web-app.ts). */
  pageCache: PageCache;
  /** Bounds image decoding (IMAGE_CONCURRENCY); nothing else waits on it. */
  imageWork: Semaphore;
  /** Bounds how many documents are read whole to be verified (DOCUMENT_CONCURRENCY). */
  documentWork: Semaphore;
  /** The time expiries are set and checked by; tests pass their own (`BuildOptions.now`). */
  now: () => Date;
}
