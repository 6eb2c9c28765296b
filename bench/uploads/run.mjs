// bench/uploads: login latency and the server's memory while 6 connections upload 6,300×6,300
// interlaced PNGs (39.7 MP, the worst case under the 40 MP cap: an interlaced PNG cannot be
// decoded in strips, so every decode holds the whole picture in memory).
//   npm run bench -- uploads        (UPLOAD_SECONDS, UPLOAD_CONNECTIONS override the defaults)
// Targets: login p99 < 250 ms and peak RSS < 1 GB. Figures go to bench/results/uploads.json.
import sharp from 'sharp';
import {
  createMemorialWithCover,
  demoPassword,
  fmt,
  login,
  percentile,
  startApp,
} from '../lib/server.mjs';
import { memoryOf, writeResults } from '../lib/measure.mjs';

const SECONDS = Number(process.env.UPLOAD_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.UPLOAD_CONNECTIONS ?? 6);
const SIDE = 6300;
// One member signing in again and again: latency, not login throughput (hashing has its own gate).
const LOGIN_LOOPS = 1;
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/**
 * A noisy but compressible picture: smooth gradients plus 2 bits of noise per 8×8 block (about 7 MB), so the
 * interlaced PNG stays under the default 10 MB upload limit (no limit is raised for the bench)
 * while the decoder still has to expand all 39.7 MP.
 */
async function interlacedPng(seed) {
  const raw = Buffer.alloc(SIDE * SIDE * 3);
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) {
      const block = ((y >> 3) * 4096 + (x >> 3) + seed * 7919) >>> 0;
      const noise = (Math.imul(block ^ 0x9e3779b9, 2654435761) >>> 28) & 3;
      const i = (y * SIDE + x) * 3;
      raw[i] = ((x >> 4) + noise) & 255;
      raw[i + 1] = ((y >> 4) + noise + seed) & 255;
      raw[i + 2] = 90 + seed;
    }
  }
  const png = await sharp(raw, { raw: { width: SIDE, height: SIDE, channels: 3 } })
    .png({ progressive: true, compressionLevel: 9 })
    .toBuffer();
  if (png.length > MAX_IMAGE_BYTES) throw new Error(`the PNG is ${png.length} bytes, over 10 MB`);
  if (!(await sharp(png).metadata()).isProgressive) throw new Error('the PNG is not interlaced');
  return png;
}

/** Resident memory of a process in bytes: now (VmRSS) and its high-water mark (VmHWM). */
const mb = (bytes) => `${(bytes / (1024 * 1024)).toFixed(0)} MB`;

async function loginLoops(baseUrl, password, deadline) {
  const latencies = [];
  let errors = 0;
  const loop = async () => {
    while (Date.now() < deadline) {
      const started = performance.now();
      const res = await fetch(`${baseUrl}/api/v1/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: 'visitor', password }),
      });
      await res.arrayBuffer();
      if (res.status !== 200) errors += 1;
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: LOGIN_LOOPS }, loop));
  latencies.sort((a, b) => a - b);
  return {
    logins: latencies.length,
    errors,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1),
  };
}

async function uploadLoops(baseUrl, token, memorialId, pngs, deadline) {
  const statuses = {};
  const latencies = [];
  // Uploads still running 15 s after the deadline are abandoned, so the bench stays bounded.
  const abort = new AbortController();
  const worker = async (n) => {
    while (Date.now() < deadline) {
      const form = new FormData();
      form.set('postId', memorialId);
      form.set('name', 'Daniel Okafor');
      form.set('photoImg', new Blob([pngs[n % pngs.length]], { type: 'image/png' }), 'big.png');
      const started = performance.now();
      let key;
      try {
        const res = await fetch(`${baseUrl}/api/v1/photos`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
          signal: abort.signal,
        });
        await res.arrayBuffer();
        key = String(res.status);
        latencies.push(performance.now() - started);
      } catch (error) {
        key = abort.signal.aborted ? 'abandoned' : (error.cause?.code ?? error.message);
      }
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
  };
  const timer = setTimeout(() => abort.abort(), deadline - Date.now() + 15_000);
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, n) => worker(n)));
  clearTimeout(timer);
  latencies.sort((a, b) => a - b);
  return { statuses, p50: percentile(latencies, 50), max: latencies.at(-1) };
}

async function main() {
  console.log(`Making ${SIDE}×${SIDE} interlaced PNGs…`);
  const pngs = [await interlacedPng(1), await interlacedPng(2)];
  console.log(`  ${pngs.map((p) => mb(p.length)).join(', ')}`);

  const app = await startApp(JSON.parse(process.env.UPLOAD_ENV ?? '{}'));
  const results = {
    startedAt: new Date().toISOString(),
    engine: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    picture: { side: SIDE, bytes: pngs.map((p) => p.length) },
    connections: CONNECTIONS,
    seconds: SECONDS,
  };
  try {
    const sponsor = await login(app.baseUrl, 'sponsor', demoPassword(app.dataDir, 'sponsor'));
    const visitorPassword = demoPassword(app.dataDir, 'visitor');
    const memorialId = await createMemorialWithCover(app.baseUrl, sponsor, {
      title: 'Uploads Bench',
      description: 'A memorial that receives very large photos.',
    });

    const quiet = await loginLoops(app.baseUrl, visitorPassword, Date.now() + 4000);
    const before = memoryOf(app.child.pid);
    let peakRss = before.rss;
    const sampler = setInterval(() => {
      try {
        peakRss = Math.max(peakRss, memoryOf(app.child.pid).rss);
      } catch {
        // the server has exited; its output says why
      }
    }, 100);
    const deadline = Date.now() + SECONDS * 1000;
    const [logins, uploads] = await Promise.all([
      loginLoops(app.baseUrl, visitorPassword, deadline),
      uploadLoops(app.baseUrl, sponsor, memorialId, pngs, deadline),
    ]);
    clearInterval(sampler);
    const alive = app.child.exitCode === null;
    const hwm = alive ? memoryOf(app.child.pid).hwm : peakRss;
    Object.assign(results, {
      quietLogins: quiet,
      logins,
      uploads,
      rssBeforeBytes: before.rss,
      peakRssBytes: Math.max(peakRss, hwm),
      serverAlive: alive,
    });

    console.log(
      `Logins alone (${LOGIN_LOOPS} loops, 4 s): ${quiet.logins}, p50 ${fmt(quiet.p50)}, p99 ${fmt(quiet.p99)}`,
    );
    console.log(`While ${CONNECTIONS} connections upload for ${SECONDS} s:`);
    console.log(
      `  logins ${logins.logins}, errors ${logins.errors}, p50 ${fmt(logins.p50)}, p99 ${fmt(logins.p99)}, max ${fmt(logins.max)}`,
    );
    console.log(
      `  uploads ${JSON.stringify(uploads.statuses)}, p50 ${fmt(uploads.p50)}, max ${fmt(uploads.max)}`,
    );
    console.log(
      `  server RSS ${mb(before.rss)} before, peak ${mb(results.peakRssBytes)}${alive ? '' : ' (the server died)'}`,
    );
    const verdicts = {
      'login p99 < 250 ms': logins.errors === 0 && logins.p99 < 250,
      'peak RSS < 1 GB': alive && results.peakRssBytes < 1024 ** 3,
      'every upload answered 201': Object.keys(uploads.statuses).every((s) => s === '201'),
    };
    results.verdicts = verdicts;
    console.log('\nTargets:');
    for (const [name, ok] of Object.entries(verdicts)) console.log(`  ${ok ? '✓' : '✗'} ${name}`);
    if (!alive) console.log(app.output().slice(-2000));
  } finally {
    await app.stop();
  }
  writeResults('uploads', results);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
