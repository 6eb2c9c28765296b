// bench/scale: memorial reads and a mixed load (reads and prayers) at 1, 2 and 3 instances of the
// production build on one PostgreSQL database, all measured in one run.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- scale
// Each instance is started as `npm start` starts it (scripts/server-process.mjs) on a fresh
// database of its own on that server (dropped afterwards), one shared JWT_SECRET, and Redis for
// the shared rate limits when REDIS_URL is set (or answers on 127.0.0.1:6379).
// Load: SCALE_CONNECTIONS (30) connections split evenly over the instances, one autocannon per
// instance (a proxy in front would be measured too), SCALE_SECONDS (10) per step. Throughput is
// the sum over instances; p99 is the worst instance's.
// On a machine with fewer cores than instances this shows the cost of running several (memory,
// connections, cache misses), not a speed-up: per-instance efficiency = throughput at n /
// (n × throughput at 1). Figures go to bench/results/scale.json.
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import os from 'node:os';
import autocannon from 'autocannon';
import { createPostgresDatabase } from '../../scripts/postgres-database.mjs';
import { createMemorialWithCover, demoPassword, fmt, login, startApp } from '../lib/server.mjs';
import { writeResults } from '../lib/measure.mjs';

const SECONDS = Number(process.env.SCALE_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.SCALE_CONNECTIONS ?? 30);
const INSTANCES = [1, 2, 3];

if (!process.env.DATABASE_URL) {
  console.log(
    'bench/scale runs on PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).',
  );
  process.exit(0);
}

function redisAnswers(url) {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: u.hostname, port: Number(u.port || 6379) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

function cannon(url, connections, requests) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: SECONDS, requests }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** Runs one load on the first `n` instances at once; the sum of throughput, the worst p99. */
async function step(servers, n, makeRequests) {
  const per = Math.max(1, Math.round(CONNECTIONS / n));
  const runs = await Promise.all(
    servers.slice(0, n).map((s) => cannon(s.baseUrl, per, makeRequests())),
  );
  const requests = runs.reduce((sum, r) => sum + r.requests.total, 0);
  const non2xx = runs.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0);
  return {
    instances: n,
    connections: per * n,
    requestsPerSecond: requests / SECONDS,
    p50Ms: Math.max(...runs.map((r) => r.latency.p50)),
    p99Ms: Math.max(...runs.map((r) => r.latency.p99)),
    failed: non2xx,
  };
}

async function main() {
  const database = await createPostgresDatabase(process.env.DATABASE_URL, 'rips_scale');
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redis = (await redisAnswers(redisUrl)) ? redisUrl : null;
  const shared = {
    DATABASE_URL: database.url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    PRAYER_LIMIT_PER_USER: '100000000',
    ...(redis
      ? { REDIS_URL: redis, REDIS_KEY_PREFIX: `bench-${randomBytes(3).toString('hex')}:` }
      : {}),
  };
  const servers = [];
  const results = {
    startedAt: new Date().toISOString(),
    cpus: os.availableParallelism(),
    redis: Boolean(redis),
    seconds: SECONDS,
    connections: CONNECTIONS,
    reads: [],
    mixed: [],
  };
  try {
    // The first seeds the demo accounts; the others join the same database.
    servers.push(await startApp(shared));
    servers.push(
      ...(await Promise.all([1, 2].map(() => startApp({ ...shared, SEED_DEMO: 'false' })))),
    );
    const first = servers[0];
    const sponsor = await login(first.baseUrl, 'sponsor', demoPassword(first.dataDir, 'sponsor'));
    const id = await createMemorialWithCover(first.baseUrl, sponsor, {
      title: 'Scale Bench',
      description: 'A memorial read and prayed for by many at once.',
      width: 900,
    });

    const reads = () => [
      { method: 'GET', path: `/api/v1/posts/post/${id}` },
      { method: 'GET', path: '/api/v1/posts' },
    ];
    const mixed = () => [
      { method: 'GET', path: `/api/v1/posts/post/${id}` },
      { method: 'GET', path: '/api/v1/posts' },
      { method: 'GET', path: `/api/v1/prayers/post/${id}` },
      {
        method: 'POST',
        path: '/api/v1/prayers',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${sponsor}` },
        body: JSON.stringify({ postId: id, prayerText: 'May your memory be a blessing.' }),
      },
    ];
    console.log(
      `${os.availableParallelism()} CPUs; ${CONNECTIONS} connections, ${SECONDS} s per step; Redis ${redis ? 'on' : 'off'}`,
    );
    for (const [name, make] of [
      ['reads', reads],
      ['mixed', mixed],
    ]) {
      for (const n of INSTANCES) {
        const r = await step(servers, n, make);
        results[name].push(r);
        const base = results[name][0].requestsPerSecond;
        r.efficiency = r.requestsPerSecond / (n * base);
        console.log(
          `${name.padEnd(5)} ${n} instance${n > 1 ? 's' : ' '}: ${r.requestsPerSecond.toFixed(0).padStart(6)} req/s, ` +
            `p50 ${fmt(r.p50Ms)}, p99 ${fmt(r.p99Ms)}, failed ${r.failed}, per-instance efficiency ${(r.efficiency * 100).toFixed(0)}%`,
        );
      }
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await database.drop();
  }
  writeResults('scale', results);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
