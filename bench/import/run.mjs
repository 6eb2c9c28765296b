// bench/import: while a member imports the largest archive the caps allow (2,000 prayers, 2,000
// flowers and 1,000 photos, each photo a file of its own), how long a reader's
// `GET /api/v1/posts?limit=5` takes, and whether a writer (a member leaving prayers elsewhere)
// waits on the import. On the embedded database one connection serves every request, so an
// import that holds it in one long transaction makes everyone wait.
//   npm run bench -- import
//   BEFORE_ROOT=/path/to/other/checkout npm run bench -- import
// With BEFORE_ROOT (another checkout of this repository, built with `npm run build`), the same
// archive is imported first by that build, then by this one: both figures come from one run.
// IMPORT_PRAYERS (2000), IMPORT_FLOWERS (2000) and IMPORT_PHOTOS (1000) make the archive smaller
// for a quick run. The same load runs 5 s without an import first, for what the machine gives it.
// Targets, on PGlite: reader p99 < 250 ms while the import runs, and no write waiting on the
// import (the writer's longest < 250 ms).
// Figures go to bench/results/import.json.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import yauzl from 'yauzl';
import yazl from 'yazl';
import {
  api,
  createMemorialWithCover,
  demoPassword,
  fmt,
  login,
  percentile,
  ROOT,
} from '../lib/server.mjs';
import { writeResults } from '../lib/measure.mjs';

const PRAYERS = Number(process.env.IMPORT_PRAYERS ?? 2000);
const FLOWERS = Number(process.env.IMPORT_FLOWERS ?? 2000);
const PHOTOS = Number(process.env.IMPORT_PHOTOS ?? 1000);
const TARGET_P99_MS = 250;
const READERS = 2;
const WRITE_EVERY_MS = 250;

const BASELINE_MS = 5000;

/** Latencies of the readers and the writer: how many, p50, p99 and the longest. */
function summary(reads, writes) {
  const r = [...reads].sort((a, b) => a - b);
  const w = [...writes].sort((a, b) => a - b);
  return {
    reads: r.length,
    readP50Ms: percentile(r, 50),
    readP99Ms: percentile(r, 99),
    readMaxMs: r.at(-1),
    writes: w.length,
    writeP99Ms: percentile(w, 99),
    writeMaxMs: w.at(-1),
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const sha256 = (data) => createHash('sha256').update(data).digest('hex');

/** Starts the build of `root` through that checkout's own server-start helper. */
async function startBuild(root) {
  if (!existsSync(path.join(root, 'apps/server/dist/server.js'))) {
    throw new Error(`${root} has no build: run npm ci && npm run build there first`);
  }
  const helper = path.join(root, 'scripts/server-process.mjs');
  const { startServerProcess } = await import(pathToFileURL(helper).href);
  return startServerProcess({
    keepDataDir: false,
    env: {
      LOGIN_LIMIT_PER_IP: '100000000',
      LOGIN_LIMIT_PER_ACCOUNT: '100000000',
      PRAYER_LIMIT_PER_USER: '100000000',
    },
  });
}

function unzip(buffer) {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const files = new Map();
      zip.on('error', reject);
      zip.on('end', () => resolve(files));
      zip.on('entry', (entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks = [];
          stream.on('data', (c) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

function zipOf(files) {
  const zip = new yazl.ZipFile();
  for (const [name, data] of files)
    zip.addBuffer(data, name, { compress: !name.endsWith('.webp') });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks = [];
    zip.outputStream.on('data', (c) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/**
 * The archive: a real export of a memorial holding one prayer, one flower and one photo (so every
 * field is as this site writes it), its items then copied up to the caps, each photo with a
 * picture of its own.
 */
async function buildArchive() {
  const server = await startBuild(ROOT);
  try {
    const token = await login(server.baseUrl, 'sponsor', demoPassword(server.dataDir, 'sponsor'));
    const id = await createMemorialWithCover(server.baseUrl, token, {
      title: 'Import Bench',
      description: 'A memorial brought back from its archive.',
    });
    const prayer = await api(server.baseUrl, 'POST', '/api/v1/prayers', {
      token,
      json: { postId: id, prayerText: 'Rest in peace.' },
    });
    if (prayer.status !== 201) throw new Error(`prayer: ${prayer.status}`);
    const flower = new FormData();
    flower.set('postId', id);
    flower.set('bouquet', 'white-lilies');
    if (
      (await api(server.baseUrl, 'POST', '/api/v1/flowers', { token, form: flower })).status !== 201
    )
      throw new Error('flower');
    const photo = new FormData();
    photo.set('postId', id);
    photo.set('name', 'A day out');
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#8fb8cc' },
    })
      .png()
      .toBuffer();
    photo.set('photoImg', new Blob([png], { type: 'image/png' }), 'photo.png');
    if (
      (await api(server.baseUrl, 'POST', '/api/v1/photos', { token, form: photo })).status !== 201
    )
      throw new Error('photo');
    const res = await fetch(`${server.baseUrl}/api/v1/posts/${id}/export`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.status !== 200) throw new Error(`export: ${res.status}`);
    const files = await unzip(Buffer.from(await res.arrayBuffer()));
    const json = JSON.parse(files.get('data/memorial.json').toString('utf8'));
    const [p] = json.items.prayers;
    const [f] = json.items.flowers;
    const [ph] = json.items.photos;
    for (const name of [...files.keys()])
      if (name.startsWith('data/media/photos/')) files.delete(name);
    json.items.prayers = Array.from({ length: PRAYERS }, (_, i) => ({
      ...p,
      id: randomUUID(),
      prayerText: `Prayer ${i + 1}: rest in peace, and thank you for everything.`,
    }));
    json.items.flowers = Array.from({ length: FLOWERS }, () => ({ ...f, id: randomUUID() }));
    json.items.photos = [];
    for (let i = 0; i < PHOTOS; i++) {
      const webp = await sharp({
        create: {
          width: 32,
          height: 24,
          channels: 3,
          background: { r: i % 256, g: (i >> 8) % 256, b: 90 },
        },
      })
        .webp()
        .toBuffer();
      const folder = randomUUID();
      const variant = { width: 32, path: `media/photos/${folder}/32.webp` };
      files.set(`data/${variant.path}`, webp);
      json.items.photos.push({
        ...ph,
        id: randomUUID(),
        picture: { width: 32, height: 24, variants: [variant] },
      });
    }
    files.set('data/memorial.json', Buffer.from(JSON.stringify(json)));
    // The archive is a BagIt bag: its manifests and Payload-Oxum written again for the payload.
    const payload = [...files].filter(([name]) => name.startsWith('data/'));
    const manifestOf = (list) => list.map(([name, data]) => `${sha256(data)}  ${name}\n`).join('');
    files.set('manifest-sha256.txt', Buffer.from(manifestOf(payload)));
    const bytes = payload.reduce((sum, [, data]) => sum + data.length, 0);
    const info = files.get('bag-info.txt').toString('utf8');
    files.set(
      'bag-info.txt',
      Buffer.from(info.replace(/^Payload-Oxum: .*$/m, `Payload-Oxum: ${bytes}.${payload.length}`)),
    );
    const tags = ['bagit.txt', 'bag-info.txt', 'manifest-sha256.txt', 'index.html'];
    files.set(
      'tagmanifest-sha256.txt',
      Buffer.from(manifestOf(tags.map((name) => [name, files.get(name)]))),
    );
    return zipOf(files);
  } finally {
    await server.stop();
  }
}

/** Imports the archive; resolves with the outcome once the memorial is there (or refused). */
async function runImport(baseUrl, token, archive) {
  const form = new FormData();
  form.set('archive', new Blob([archive], { type: 'application/zip' }), 'memorial.zip');
  const res = await api(baseUrl, 'POST', '/api/v1/imports', { token, form });
  // An older build answers 201 once everything is in; this one 202 with a job to follow.
  if (res.status !== 202)
    return { status: res.status, state: res.status === 201 ? 'done' : 'refused' };
  const { jobId } = res.body.data;
  for (;;) {
    await sleep(250);
    const job = await api(baseUrl, 'GET', `/api/v1/imports/${jobId}`, { token });
    const { state, reason } = job.body.data;
    if (state === 'done' || state === 'failed') return { status: 202, state, reason };
  }
}

async function measure(label, root, archive) {
  const server = await startBuild(root);
  try {
    const { baseUrl, dataDir } = server;
    const sponsor = await login(baseUrl, 'sponsor', demoPassword(dataDir, 'sponsor'));
    const visitor = await login(baseUrl, 'visitor', demoPassword(dataDir, 'visitor'));
    const memorialId = await createMemorialWithCover(baseUrl, sponsor, {
      title: 'Writer Bench',
      description: 'Prayers are left here while an import runs.',
    });
    for (let i = 0; i < 50; i++)
      await fetch(`${baseUrl}/api/v1/posts?limit=5`).then((r) => r.arrayBuffer());

    let importing = true;
    let reads = [];
    let writes = [];
    const reader = async () => {
      while (importing) {
        const t0 = performance.now();
        const res = await fetch(`${baseUrl}/api/v1/posts?limit=5`);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`reader: ${res.status}`);
        reads.push(performance.now() - t0);
      }
    };
    const writer = async () => {
      while (importing) {
        const t0 = performance.now();
        const res = await api(baseUrl, 'POST', '/api/v1/prayers', {
          token: visitor,
          json: { postId: memorialId, prayerText: 'Thinking of you.' },
        });
        if (res.status !== 201) throw new Error(`writer: ${res.status}`);
        writes.push(performance.now() - t0);
        await sleep(WRITE_EVERY_MS);
      }
    };
    // The same load for a few seconds without an import: what the machine gives it now.
    let load = [...Array.from({ length: READERS }, reader), writer()];
    await sleep(BASELINE_MS);
    importing = false;
    await Promise.all(load);
    const baseline = summary(reads, writes);
    reads = [];
    writes = [];
    importing = true;
    load = [...Array.from({ length: READERS }, reader), writer()];
    const started = performance.now();
    const outcome = await runImport(baseUrl, sponsor, archive).finally(() => {
      importing = false;
    });
    const seconds = (performance.now() - started) / 1000;
    await Promise.all(load);
    const result = {
      label,
      root,
      outcome,
      importSeconds: seconds,
      ...summary(reads, writes),
      baseline,
    };
    const line = (r) =>
      `reader (${r.reads}) p50 ${fmt(r.readP50Ms)}, p99 ${fmt(r.readP99Ms)}, max ${fmt(r.readMaxMs)}; ` +
      `writer (${r.writes}) p99 ${fmt(r.writeP99Ms)}, max ${fmt(r.writeMaxMs)}`;
    console.log(`${label.padEnd(7)} no import:  ${line(baseline)}`);
    console.log(
      `${label.padEnd(7)} importing:  ${line(result)}; import ${outcome.state} (${outcome.status}) in ${seconds.toFixed(1)} s`,
    );
    return result;
  } finally {
    await server.stop();
  }
}

async function main() {
  const loadBefore = os.loadavg();
  const archive = await buildArchive();
  console.log(
    `archive: ${PRAYERS} prayers, ${FLOWERS} flowers, ${PHOTOS} photos (${(archive.length / 1e6).toFixed(1)} MB); ` +
      `load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`,
  );
  const results = {
    startedAt: new Date().toISOString(),
    engine: 'pglite',
    items: { prayers: PRAYERS, flowers: FLOWERS, photos: PHOTOS },
    archiveBytes: archive.length,
    cpus: os.cpus().length,
    loadAverageBefore: loadBefore,
    runs: [],
  };
  if (process.env.BEFORE_ROOT) {
    results.runs.push(await measure('before', path.resolve(process.env.BEFORE_ROOT), archive));
  }
  const after = await measure('after', ROOT, archive);
  results.runs.push(after);
  results.loadAverageAfter = os.loadavg();
  console.log(`load average after: ${results.loadAverageAfter.map((l) => l.toFixed(2)).join(' ')}`);
  const verdicts = {
    'the import is done': after.outcome.state === 'done',
    [`reader p99 < ${TARGET_P99_MS} ms during the import`]: after.readP99Ms < TARGET_P99_MS,
    [`no write waits on the import (writer max < ${TARGET_P99_MS} ms)`]:
      after.writeMaxMs < TARGET_P99_MS,
  };
  results.verdicts = verdicts;
  console.log('\nTargets:');
  for (const [name, ok] of Object.entries(verdicts)) console.log(`  ${ok ? '✓' : '✗'} ${name}`);
  writeResults('import', results);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
