import pg from 'pg';
import { Redis } from 'ioredis';

/**
 * The PostgreSQL server the scale-out tests use whatever engine the rest of the suite runs on:
 * TEST_DATABASE_URL, else the local server CI and this machine have. Null (with the reason) when
 * it cannot be reached, so the test can skip and say why.
 */
export async function postgresForScaleTests(): Promise<{ url: string } | { skip: string }> {
  const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return { url };
  } catch (error) {
    return {
      skip: `PostgreSQL at ${url.replace(/\/\/[^@]*@/, '//')} is unreachable (${(error as Error).message})`,
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The Redis server for tests: TEST_REDIS_URL, else the local one; or why it cannot be used. */
export async function redisForTests(): Promise<{ url: string } | { skip: string }> {
  const url = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return { url };
  } catch (error) {
    return { skip: `Redis at ${url} is unreachable (${(error as Error).message})` };
  } finally {
    client.disconnect();
  }
}

/** Removes every key this test run wrote under `prefix` from the shared Redis. */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await client.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}
