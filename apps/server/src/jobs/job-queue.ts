import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, Db, SqlExecutor } from '../db/client.js';

/** How a kind of job is retried: `retryLimit` more attempts, from `retryDelaySeconds`, doubling. */
export interface JobKind {
  retryLimit: number;
  retryDelaySeconds: number;
  /** An attempt still running after this long is given up and retried. */
  expireInSeconds: number;
  /** `stately`: at most one job waiting and one running, whoever sends more. */
  policy?: 'standard' | 'stately';
  /** Jobs of this kind run this many at a time in each instance (1 unless told). */
  workers?: number;
}

export type JobHandler = (data: unknown, job: { id: string }) => Promise<void>;

/** How often a worker looks for due jobs when nothing woke it; retries become due on their own. */
const POLL_SECONDS = 1;
const WAKE_AFTER_MS = [0, 50];

/**
 * A text with $1…$n parameters as drizzle SQL, so the queue can write its job row through any
 * drizzle handle: the app's database, or a transaction that is still open.
 */
function positional(text: string, values: unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => {
    if (i % 2 === 0) {
      if (part) chunks.push(sql.raw(part));
    } else {
      // drizzle leaves an undefined value out of the text altogether; SQL wants NULL there.
      chunks.push(sql`${values[Number(part) - 1] ?? null}`);
    }
  });
  return sql.join(chunks);
}

function throughDrizzle(db: Db): SqlExecutor {
  return {
    executeSql: async (text, values) => {
      const result = await db.execute(positional(text, values));
      return { rows: (result as unknown as { rows: unknown[] }).rows };
    },
  };
}

/**
 * Durable jobs on the site's own database through pg-boss (decision 0042): on PostgreSQL and, over
 * the same SQL, on the embedded PGlite. A job is a row; `send` writes it through the caller's
 * drizzle handle, so inside a transaction it exists only if that transaction commits, and once
 * committed it survives a restart. Failed attempts are retried with exponential backoff.
 */
/** pg-boss's tables live in a schema of their own. */
const SCHEMA = 'pgboss';

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly kinds = new Map<string, { kind: JobKind; handler: JobHandler }>();
  private readonly workers = new Map<string, string[]>();
  /** Kinds that run periodically (`every`), with their interval. */
  private readonly periodic = new Map<string, number>();
  private started = false;
  /** Set once `stop` is done: the database may close from then on. */
  private closed = false;
  /** pg-boss's own queries still running: it marks a job done without waiting for the answer. */
  private queriesInFlight = 0;
  private readonly sql: SqlExecutor;

  private readonly exclusively: Database['exclusively'];
  /** The embedded database has one process (the data dir's lock): what it ran, it alone ran. */
  private readonly soleInstance: boolean;

  constructor(
    database: Pick<Database, 'sql' | 'exclusively' | 'kind'>,
    private readonly onError: (error: Error) => void,
  ) {
    this.sql = database.sql;
    this.exclusively = database.exclusively;
    this.soleInstance = database.kind === 'pglite';
    const counted: SqlExecutor = {
      executeSql: async (text, values) => {
        // A job that outlived the shutdown's wait ends after the database closed; pg-boss's note
        // that it is done (or failed) is dropped, and the job runs again once its expiry comes
        // (on the embedded database, at the next start). The answer has the shape its callers read.
        if (this.closed) return { rows: [{ count: '0' }] };
        this.queriesInFlight += 1;
        try {
          return await database.sql.executeSql(text, values);
        } finally {
          this.queriesInFlight -= 1;
        }
      },
    };
    this.boss = new PgBoss({
      db: counted as PgBoss.Db,
      schema: SCHEMA,
      // No cron here; maintenance (expiry, archiving) runs on every instance, pg-boss coordinates.
      schedule: false,
      supervise: true,
    });
    this.boss.on('error', (error: Error) => this.onError(error));
  }

  /**
   * pg-boss installs itself under its own advisory lock and takes "already exists" from a losing
   * instance as a sign that another one installed it; but its first statement, CREATE SCHEMA IF NOT
   * EXISTS, can lose the race on the catalog's unique index instead (seen with three instances
   * starting together). The schema is made here first, that race tolerated, so pg-boss's install
   * never meets it.
   */
  private async createSchema(): Promise<void> {
    try {
      await this.sql.executeSql(`CREATE SCHEMA IF NOT EXISTS ${SCHEMA}`);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code !== '23505' && code !== '42P06') throw error;
    }
  }

  private async setUpQueues(): Promise<void> {
    for (const [name, { kind }] of this.kinds) {
      const options = {
        name,
        retryLimit: kind.retryLimit,
        retryDelay: kind.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: kind.expireInSeconds,
        ...(kind.policy ? { policy: kind.policy } : {}),
      };
      if (await this.boss.getQueue(name)) await this.boss.updateQueue(name, options);
      else await this.boss.createQueue(name, options);
    }
  }

  /**
   * Registers work done every `intervalSeconds` while the site runs, on one instance at a time: a
   * job like any other (so the schedule is in the database and survives a restart), each run
   * queueing the next before it does its work, at most one waiting (`stately`). `start` queues
   * the first run unless one is already waiting. A failed run is not retried: the next one comes.
   */
  every(name: string, intervalSeconds: number, handler: JobHandler): void {
    this.define(
      name,
      { retryLimit: 0, retryDelaySeconds: 60, expireInSeconds: 3600, policy: 'stately' },
      async (data, job) => {
        await this.boss.send(name, {}, { startAfter: intervalSeconds });
        await handler(data, job);
      },
    );
    this.periodic.set(name, intervalSeconds);
  }

  /**
   * Jobs a stopped process left running (a kill, a power cut). On the embedded database no other
   * instance can be running them, so they are failed now, as their expiry would fail them later:
   * those with retries left run again after their retry delay, and a periodic run frees its slot
   * for the next one (`stately` waits for the one marked running, up to an hour). A mail whose
   * sending was under way may thus go out twice; on PostgreSQL, where other instances may be
   * running their jobs, expiry alone decides.
   */
  private async releaseOrphans(): Promise<void> {
    const { rows } = await this.sql.executeSql(
      `SELECT name, id FROM ${SCHEMA}.job WHERE state = 'active'`,
    );
    for (const { name, id } of rows as { name: string; id: string }[]) {
      await this.boss.fail(name, id, { message: 'the process that ran it stopped' });
    }
  }

  /** Registers a kind of job and the function that does it; before `start`. */
  define(name: string, kind: JobKind, handler: JobHandler): void {
    this.kinds.set(name, { kind, handler });
  }

  /**
   * Creates or updates the queues and starts the workers. Instances starting together would create
   * the same queue at once, and pg-boss's create_queue then deadlocks on PostgreSQL (one instance
   * was seen to stop with "deadlock detected"): the queues are set up under a database-wide lock,
   * one instance after the other.
   */
  async start(): Promise<void> {
    this.closed = false;
    await this.createSchema();
    await this.boss.start();
    await this.exclusively('job-queues', () => this.setUpQueues());
    if (this.soleInstance) await this.releaseOrphans();
    for (const [name, { kind, handler }] of this.kinds) {
      const ids: string[] = [];
      for (let i = 0; i < (kind.workers ?? 1); i++) {
        let workerId = '';
        workerId = await this.boss.work<unknown>(
          name,
          { pollingIntervalSeconds: POLL_SECONDS },
          async ([job]) => {
            if (!job) return;
            await handler(job.data, { id: job.id });
            // Done with one, the worker looks for the next at once instead of at the next poll: a
            // queue of many (a digest run's mails) drains without a second's wait for each.
            this.boss.notifyWorker(workerId);
          },
        );
        ids.push(workerId);
      }
      this.workers.set(name, ids);
    }
    // Ignored when a run is already waiting (the schedule kept from before a restart).
    for (const name of this.periodic.keys()) await this.boss.send(name, {});
    this.started = true;
  }

  /**
   * Adds a job through `db`: pass the transaction that makes the change the job belongs to, so
   * both are stored or neither is. `startAfterSeconds` holds it back that long before a worker
   * may take it.
   */
  async send(
    db: Db,
    name: string,
    data: object,
    options: { startAfterSeconds?: number } = {},
  ): Promise<void> {
    if (!this.kinds.has(name)) throw new Error(`Unknown job kind: ${name}`);
    const delay = Math.max(0, Math.ceil(options.startAfterSeconds ?? 0));
    await this.boss.send(name, data, {
      db: throughDrizzle(db) as PgBoss.Db,
      // As a time rather than pg-boss's seconds: a number of seconds travels as a parameter the
      // embedded database refuses to read as an interval.
      ...(delay > 0 ? { startAfter: new Date(Date.now() + delay * 1000) } : {}),
    });
    // Look for it at once instead of at the next poll, and again shortly after: on PostgreSQL the
    // caller's transaction hides the job until it commits, which is a moment after this returns.
    for (const workerId of this.workers.get(name) ?? []) {
      for (const ms of WAKE_AFTER_MS) {
        setTimeout(() => this.boss.notifyWorker(workerId), ms).unref();
      }
    }
  }

  /** Jobs of `name` waiting, being retried or running. */
  async depth(name: string): Promise<number> {
    if (!this.started) return 0;
    return this.boss.getQueueSize(name, { before: 'completed' });
  }

  /**
   * Stops taking jobs and waits (up to `timeoutMs`) for the ones running and for pg-boss's last
   * queries (marking them done), so the database can close after it.
   */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    const deadline = Date.now() + timeoutMs;
    await this.boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    while (this.queriesInFlight > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    this.closed = true;
  }
}
