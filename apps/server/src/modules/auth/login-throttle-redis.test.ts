// Several instances behind a load balancer spend one login budget when they share Redis.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, TEST_PASSWORD, type TestUser } from '../../../test/factories.js';
import { loginRequest } from '../../../test/accounts.js';
import { deleteRedisKeys, postgresForScaleTests, redisForTests } from '../../../test/services.js';

const LIMIT = 4;
const BASE_MS = 300;
const MAX_MS = 700;
const [postgres, redis] = await Promise.all([postgresForScaleTests(), redisForTests()]);
const skip = 'skip' in postgres ? postgres.skip : 'skip' in redis ? redis.skip : null;
if (skip) console.info(`Skipping the shared login budget tests: ${skip}.`);

describe.skipIf(skip !== null)('login budget shared through Redis by two instances', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let instances: TestApp[] = [];
  let member: TestUser;
  // A prefix of this run's own: the Redis server is shared with other runs and other work.
  const prefix = `rips-test-${randomBytes(6).toString('hex')}:`;

  beforeAll(async () => {
    database = await createPostgresDatabase((postgres as { url: string }).url);
    const settings = {
      DATABASE_URL: database.url,
      REDIS_URL: (redis as { url: string }).url,
      REDIS_KEY_PREFIX: prefix,
      LOGIN_LIMIT_PER_ACCOUNT: String(LIMIT),
      LOGIN_DELAY_BASE_MS: String(BASE_MS),
      LOGIN_DELAY_MAX_MS: String(MAX_MS),
    };
    instances = [await createTestApp(settings), await createTestApp(settings)];
    member = await createUser(instances[0]!.app);
  });
  afterAll(async () => {
    await Promise.all(instances.map((t) => t.close()));
    await database?.drop();
    if (!skip) await deleteRedisKeys((redis as { url: string }).url, prefix);
  });

  const login = (instance: TestApp, password: string, remoteAddress: string) =>
    loginRequest(instance.app, member.row.userName, password, remoteAddress);

  it('counts wrong passwords sent to either instance against one budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT * 2; i++) {
      const res = await login(instances[i % 2]!, `Wrong-guess-${i}`, '203.0.113.40');
      statuses.push(res.statusCode);
    }
    // Alone, each instance would have checked LIMIT guesses: together they check LIMIT.
    expect(statuses).toEqual([...Array(LIMIT).fill(401), ...Array(LIMIT).fill(429)]);
    // The refusal holds on both, and the owner elsewhere still gets in.
    expect((await login(instances[0]!, TEST_PASSWORD, '203.0.113.40')).statusCode).toBe(429);
    expect((await login(instances[1]!, TEST_PASSWORD, '198.51.100.41')).statusCode).toBe(200);
  });

  it('books checks past the budget one after another across instances', async () => {
    const other = await createUser(instances[0]!.app);
    const as = (password: string, instance: TestApp, remoteAddress: string) =>
      loginRequest(instance.app, other.row.userName, password, remoteAddress);
    for (let i = 0; i < LIMIT; i++)
      expect((await as(`Wrong-${i}`, instances[0]!, '203.0.113.60')).statusCode).toBe(401);
    // Past the budget, a new address waits BASE_MS for its check; a second one, on the other
    // instance, is booked after it (BASE_MS + 2 × BASE_MS), longer than MAX_MS: refused. Each
    // instance alone would have let the second wait 2 × BASE_MS.
    const first = as('Wrong-x', instances[0]!, '198.51.100.61');
    await new Promise((r) => setTimeout(r, 100));
    const second = await as('Wrong-y', instances[1]!, '198.51.100.62');
    expect(second.statusCode).toBe(429);
    expect((await first).statusCode).toBe(401);
  });
});

describe('a Redis that cannot be reached', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    // Port 1 on loopback: nothing listens, so every Redis call fails at once.
    t = await createTestApp(
      { REDIS_URL: 'redis://127.0.0.1:1', LOGIN_LIMIT_PER_ACCOUNT: '2', LOG_LEVEL: 'warn' },
      { logStream: { write: (line) => void lines.push(line) } },
    );
  });
  afterAll(async () => t?.close());

  it('keeps counting in memory instead of failing requests, and says so once', async () => {
    const member = await createUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await loginRequest(
        t.app,
        member.row.userName,
        `Wrong-guess-${i}`,
        '203.0.113.50',
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 429, 429]);
    const warnings = lines.filter((line) => line.includes('Redis is unreachable'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).not.toContain(member.row.userName);
  });
});
