import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import cors, { type FastifyCorsOptions } from '@fastify/cors';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_PREFIX, ErrorCode } from '@rips/shared/api';
import { REQUEST_ID_HEADER, REQUEST_ID_PATTERN } from '@rips/shared/operations';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/client.js';
import { logSerializers } from './lib/log-redaction.js';
import { createMetrics } from './lib/metrics.js';
import { PageCache } from './lib/page-cache.js';
import { RateLimiter } from './lib/rate-limiter.js';
import { fastifyTrustProxy } from './lib/trust-proxy.js';
import { releaseSpoolOnClose } from './lib/multipart.js';
import { Semaphore } from './lib/semaphore.js';
import { JobQueue } from './jobs/job-queue.js';
import { MailQueue, MailSeal } from './mail/mail-queue.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { MediaUrls } from './media/urls.js';
import { adminReportsRoutes, stewardshipRoutes } from './modules/stewardship/stewardship.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { memorialsRoutes } from './modules/memorials/memorials.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { passwordResetRoutes } from './modules/password-reset/password-reset.routes.js';
import { legacyRoutes } from './modules/legacy/legacy.routes.js';
import { legacyReleaseRoutes } from './modules/legacy-release/legacy-release.routes.js';
import { testClockRoutes } from './plugins/test-clock.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { tributesRoutes } from './modules/tributes/tributes.routes.js';
import { galleriesRoutes } from './modules/galleries/galleries.routes.js';
import { timelineRoutes } from './modules/timeline/timeline.routes.js';
import { followsRoutes, unsubscribeRoutes } from './modules/follows/follows.routes.js';
import {
  copyStopRoutes,
  yearlyCopiesRoutes,
} from './modules/yearly-copies/yearly-copies.routes.js';
import { homeRoutes } from './modules/home/home.routes.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { archivesRoutes } from './modules/archives/archives.routes.js';
import { previewsRoutes } from './modules/previews/previews.routes.js';
import { LoginThrottle } from './modules/auth/login-throttle.js';
import { TokenService } from './modules/auth/tokens.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { anniversariesRoutes } from './modules/anniversaries/anniversaries.routes.js';
import {
  reminderUnsubscribeRoutes,
  remindersRoutes,
} from './modules/reminders/reminders.routes.js';
import { eventCalendarRoutes, eventsRoutes } from './modules/events/events.routes.js';
import { shareRoutes, shortLinkRoutes } from './modules/share/share.routes.js';
import { bookRoutes } from './modules/book/book.routes.js';
import { sitemapRoutes } from './modules/sitemap/sitemap.routes.js';
import { registerApiDocs } from './plugins/api-docs.js';
import { authPlugin } from './plugins/auth.js';
import { errorHandlerPlugin, sendFrameworkError } from './plugins/error-handler.js';
import { inputGuardPlugin } from './plugins/input-guard.js';
import { operationsRoutes } from './plugins/operations.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { webAppPlugin } from './plugins/web-app.js';
import { createStorage } from './storage/create-storage.js';
import { ChecksummedStorage } from './storage/checksummed-storage.js';
import { createFixityCounters, defineFixityCheck } from './maintenance/fixity.js';
import type { Storage } from './storage/storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Set on SIGTERM: new requests get 503 while in-flight ones finish. */
    draining: boolean;
    /** Resolves once no request is in flight (or after `timeoutMs`). */
    whenIdle(timeoutMs: number): Promise<void>;
    /** Every route registered, so tests can prove each one is covered (and declares its answers). */
    registeredRoutes: {
      method: string;
      url: string;
      /** Status codes with a response schema. */
      responses: string[];
      /** Declared request parts: params, querystring, body, upload (multipart). */
      parts: string[];
      hidden: boolean;
    }[];
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What a closed, read-only site answers to any change (READ_ONLY). */
export const READ_ONLY_MESSAGE =
  'Rips Memorial has closed. Its memorials stay open to read, but nothing can be added or changed.';

export interface BuildOptions {
  config: Config;
  database: Database;
  storage?: Storage;
  /** How queued mail is finally handed over; by default SMTP_URL, else the outbox folder. */
  mailer?: Mailer;
  /** Built web app to serve; null serves the API alone. */
  webDistDir?: string | null;
  /** `npm run dev`: render pages from the web app's sources through Vite (WEB_DEV). */
  webDevRoot?: string | null;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** The clock expiries are set and checked by (`ctx.now`); the system's by default. */
  now?: () => Date;
}

/**
 * CORS for the API alone (not the web app's pages): the listed origins, every method the API
 * uses, and the two request headers its clients send. No cookies: the API takes bearer tokens.
 */
function corsOptions(origins: string[]): FastifyCorsOptions {
  const allowed: FastifyCorsOptions = {
    origin: origins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match'],
    exposedHeaders: ['ETag', 'Retry-After'],
    maxAge: 600,
  };
  return {
    delegator: (request, callback) =>
      callback(null, request.url?.startsWith(`${API_PREFIX}/`) ? allowed : { origin: false }),
  } as FastifyCorsOptions;
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            serializers: logSerializers,
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // A request id from the proxy in front (or the client) is kept when it looks like one, so one
    // request can be followed through every hop's logs; otherwise a new one is made.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers[REQUEST_ID_HEADER];
      return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
    },
    // A broken percent-encoding or an over-long parameter answers the API's envelope too.
    frameworkErrors: sendFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  let redisWarnedAt = 0;
  const limiter = new RateLimiter({
    windowMs: config.RATE_LIMIT_WINDOW_SECONDS * 1000,
    redisUrl: config.REDIS_URL,
    keyPrefix: config.REDIS_KEY_PREFIX,
    // Reconnection retries repeat the same error every few seconds: one line a minute says it.
    onRedisError: (error) => {
      if (Date.now() - redisWarnedAt < 60_000) return;
      redisWarnedAt = Date.now();
      app.log.warn(
        { err: { message: error.message } },
        'Redis is unreachable: rate limits count in this instance alone until it is back',
      );
    },
  });
  const jobs = new JobQueue(database, (error) => app.log.error({ err: error }, 'job queue error'));
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.SMTP_URL,
      connections: config.MAIL_CONCURRENCY,
      from: config.MAIL_FROM,
      outboxDir: config.outboxDir,
      log: app.log,
    });
  const mail = MailQueue.define(
    jobs,
    new MailSeal(config.jwtSecret),
    mailer,
    {
      retryLimit: config.MAIL_RETRY_LIMIT,
      retryDelaySeconds: config.MAIL_RETRY_DELAY_SECONDS,
      workers: config.MAIL_CONCURRENCY,
    },
    app.log,
  );
  const baseNow = options.now ?? (() => new Date());
  /** How far TEST_CLOCK_CONTROL moved the clock forward (tests only; production refuses it). */
  let clockOffsetMs = 0;
  const now = () => new Date(baseNow().getTime() + clockOffsetMs);
  const storage =
    options.storage ?? createStorage(config, { minFreeBytes: config.MIN_FREE_DISK_BYTES });
  const ctx: AppContext = {
    config,
    db: database.db,
    dbKind: database.kind,
    // Every write of an upload file records its SHA-256 for the fixity check (decision 0125).
    storage: new ChecksummedStorage(storage, database.db, now),
    jobs,
    mail,
    // Clients on other origins need absolute URLs to load our images and files.
    urls: new MediaUrls(config.jwtSecret, config.CORS_ORIGINS.length ? config.publicUrl : ''),
    tokens: new TokenService(config.jwtSecret, config.JWT_TTL_SECONDS),
    limiter,
    loginThrottle: new LoginThrottle(limiter, {
      perIp: config.LOGIN_LIMIT_PER_IP,
      perAccount: config.LOGIN_LIMIT_PER_ACCOUNT,
      baseDelayMs: config.LOGIN_DELAY_BASE_MS,
      maxDelayMs: config.LOGIN_DELAY_MAX_MS,
    }),
    pageCache: new PageCache({
      ttlMs: config.PAGE_CACHE_SECONDS * 1000,
      maxEntries: 500,
      maxBytes: 32 * 1024 * 1024,
      // Only PostgreSQL serves several instances; the embedded database has this one alone.
      ...(database.kind === 'postgres' ? { shared: database.dataVersion } : {}),
    }),
    imageWork: new Semaphore(config.IMAGE_CONCURRENCY),
    documentWork: new Semaphore(config.DOCUMENT_CONCURRENCY),
    now,
  };
  app.decorate('ctx', ctx);
  const fixityCounters = createFixityCounters();
  // The check moves a failed file with the storage under the checksums: its row stays, failed.
  defineFixityCheck(ctx, storage, app.log, fixityCounters);
  // Before any route, so its hooks measure every one (and it meters the storage routes use).
  const metrics = config.METRICS_TOKEN ? createMetrics(app, database, fixityCounters) : null;
  // Workers start with the app and stop before it closes, ahead of the database they use.
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.stop();
    mailer.close?.();
    ctx.storage.close?.();
    ctx.limiter.close();
  });
  app.decorate('draining', false);
  app.decorate('registeredRoutes', []);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const responses = Object.keys((route.schema?.response as object | undefined) ?? {});
      const hidden = Boolean(route.schema?.hide);
      const parts = ['params', 'querystring', 'body', 'upload'].filter(
        (part) => route.schema?.[part as keyof typeof route.schema] !== undefined,
      );
      app.registeredRoutes.push({ method, url: route.url, responses, parts, hidden });
    }
  });

  // By request, not by id: ids may come from clients, and two requests may carry the same one.
  const inFlight = new Set<FastifyRequest>();
  app.decorate('whenIdle', async (timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (inFlight.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  });
  app.addHook('onResponse', async (request) => {
    inFlight.delete(request);
  });
  app.addHook('onRequestAbort', async (request) => {
    inFlight.delete(request);
  });

  app.addHook('onRequest', async (request, reply) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    // Health and readiness answer for themselves while draining (readiness: 503 "draining").
    const operational = request.url === '/healthz' || request.url === '/readyz';
    if (!app.draining || operational) {
      inFlight.add(request);
      return;
    }
    void reply.header('connection', 'close');
    return reply.status(503).send({
      statusCode: 503,
      code: ErrorCode.ServiceUnavailable,
      message: 'The server is restarting. Please try again in a moment.',
      success: false,
    });
  });

  // A site that has closed keeps every memorial readable and refuses every change: sign-ins,
  // tributes and uploads alike (decision 0127). Its families were sent their archives first.
  if (config.READ_ONLY) {
    app.addHook('onRequest', async (request, reply) => {
      if (SAFE_METHODS.has(request.method)) return;
      return reply.status(503).send({
        statusCode: 503,
        code: ErrorCode.ServiceUnavailable,
        message: READ_ONLY_MESSAGE,
        success: false,
      });
    });
  }

  // A successful write may change what pages show: cached pages go stale before its answer
  // leaves, so a client that reads the page right after its write sees the change (decision 0022).
  app.addHook('onSend', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || reply.statusCode >= 400) return;
    // The write is stored either way; other instances at worst keep a page PAGE_CACHE_SECONDS.
    await ctx.pageCache.dataChanged().catch((error: unknown) => {
      request.log.warn({ err: error }, 'could not tell other instances that data changed');
    });
  });

  // While draining, every answer closes its connection, so kept-alive sockets do not hold the
  // process open after their last in-flight request.
  app.addHook('onSend', async (_request, reply) => {
    if (app.draining) void reply.header('connection', 'close');
  });

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, {
    crossOriginPaths: config.CORS_ORIGINS.length ? ['/media/', '/bouquets/'] : [],
  });
  if (config.CORS_ORIGINS.length) await app.register(cors, corsOptions(config.CORS_ORIGINS));
  // JSON and rendered pages over 1 KB go out compressed (built assets are compressed already).
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  // Parses cookies (the login's device cookie); it signs nothing itself, DeviceCookies does.
  await app.register(cookie);
  await app.register(authPlugin);
  await app.register(inputGuardPlugin);
  await app.register(multipart, {
    limits: {
      fieldNameSize: 100,
      fieldSize: 64 * 1024,
      fields: 40,
      parts: 50,
      files: 1,
      headerPairs: 100,
    },
  });
  // Uploads are spooled to disk as they arrive; each request's files go when its response ends.
  app.addHook('onRequest', releaseSpoolOnClose);

  await registerApiDocs(app);
  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(memorialsRoutes);
      await api.register(shareRoutes);
      await api.register(bookRoutes);
      await api.register(usersRoutes);
      await api.register(accountRoutes);
      await api.register(passwordResetRoutes);
      await api.register(legacyRoutes);
      await api.register(legacyReleaseRoutes);
      if (config.TEST_CLOCK_CONTROL) {
        await api.register(testClockRoutes, {
          advance: (ms: number) => (clockOffsetMs += ms),
        });
      }
      await api.register(contactRoutes);
      await api.register(tributesRoutes);
      await api.register(galleriesRoutes);
      await api.register(timelineRoutes);
      await api.register(followsRoutes);
      await api.register(remindersRoutes);
      await api.register(eventsRoutes);
      await api.register(homeRoutes);
      await api.register(stewardshipRoutes);
      await api.register(archivesRoutes);
      await api.register(yearlyCopiesRoutes);
      await api.register(previewsRoutes);
      await api.register(adminRoutes, { prefix: '/admin' });
      await api.register(adminReportsRoutes, { prefix: '/admin' });
    },
    { prefix: API_PREFIX },
  );
  await app.register(mediaRoutes);
  await app.register(shortLinkRoutes);
  await app.register(anniversariesRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(reminderUnsubscribeRoutes);
  await app.register(copyStopRoutes);
  await app.register(eventCalendarRoutes);
  await app.register(sitemapRoutes);
  await app.register(operationsRoutes, { metrics });
  await app.register(webAppPlugin, {
    distDir: options.webDistDir ?? null,
    devRoot: options.webDevRoot ?? null,
  });
  return app;
}
