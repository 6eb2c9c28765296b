// bench/export: a memorial with 200 photos exported as one streamed ZIP. Time to download it
// whole and the server's peak resident memory while it is written, beside the archive's size:
// memory must not grow with the archive (it is streamed, one stored file at a time).
//   npm run bench -- export          (EXPORT_PHOTOS overrides the 200 photos)
// Figures go to bench/results/export.json.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { api, demoPassword, login, startApp } from '../lib/server.mjs';
import { memoryOf, writeResults } from '../lib/measure.mjs';

const PHOTOS = Number(process.env.EXPORT_PHOTOS ?? 200);
const mb = (bytes) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** A 2,400×1,600 photo with noise, so its WebP variants weigh what real photos do. */
async function photo(seed) {
  const width = 2400;
  const height = 1600;
  const raw = Buffer.alloc(width * height * 3);
  let state = seed * 2654435761;
  for (let i = 0; i < raw.length; i += 3) {
    state = (Math.imul(state ^ (state >>> 13), 1274126177) + 1) >>> 0;
    const x = (i / 3) % width;
    raw[i] = ((x >> 3) + (state & 63)) & 255;
    raw[i + 1] = (seed * 37 + ((state >> 8) & 63)) & 255;
    raw[i + 2] = (120 + ((state >> 16) & 63)) & 255;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function main() {
  const app = await startApp({ UPLOAD_LIMIT_PER_USER: '100000' });
  const results = {
    startedAt: new Date().toISOString(),
    engine: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    photos: PHOTOS,
  };
  try {
    const token = await login(app.baseUrl, 'sponsor', demoPassword(app.dataDir, 'sponsor'));
    const form = new FormData();
    form.set('title', 'Export Bench');
    form.set('description', 'A memorial with many photos.');
    form.set('postImg', new Blob([await photo(0)], { type: 'image/jpeg' }), 'cover.jpg');
    const created = await api(app.baseUrl, 'POST', '/api/v1/posts', { token, form });
    if (created.status !== 201) throw new Error(`memorial: ${created.status}`);
    const memorialId = created.body.data._id;
    const sources = await Promise.all([1, 2, 3, 4].map(photo));
    console.log(`Uploading ${PHOTOS} photos (2,400×1,600 JPEG, ${mb(sources[0].length)} each)…`);
    for (let n = 0; n < PHOTOS; n++) {
      const upload = new FormData();
      upload.set('postId', memorialId);
      upload.set('name', `Photo ${n + 1}`);
      upload.set(
        'photoImg',
        new Blob([sources[n % sources.length]], { type: 'image/jpeg' }),
        'p.jpg',
      );
      const res = await api(app.baseUrl, 'POST', '/api/v1/photos', { token, form: upload });
      if (res.status !== 201) throw new Error(`photo ${n + 1}: ${res.status}`);
    }

    const before = memoryOf(app.child.pid);
    let peak = before.rss;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, memoryOf(app.child.pid).rss);
      } catch {
        // the server has exited
      }
    }, 50);
    const started = performance.now();
    const res = await fetch(`${app.baseUrl}/api/v1/posts/${memorialId}/export`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.status !== 200) throw new Error(`export: ${res.status} ${await res.text()}`);
    const hash = createHash('sha256');
    let bytes = 0;
    let firstByteMs = null;
    for await (const chunk of res.body) {
      firstByteMs ??= performance.now() - started;
      hash.update(chunk);
      bytes += chunk.length;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    Object.assign(results, {
      archiveBytes: bytes,
      seconds,
      firstByteMs,
      megabytesPerSecond: bytes / (1024 * 1024) / seconds,
      rssBeforeBytes: before.rss,
      peakRssBytes: peak,
      peakGrowthBytes: peak - before.rss,
      growthToArchive: (peak - before.rss) / bytes,
    });
    console.log(
      `Archive: ${mb(bytes)} in ${seconds.toFixed(2)} s (${results.megabytesPerSecond.toFixed(1)} MB/s), first byte after ${firstByteMs.toFixed(0)} ms`,
    );
    console.log(
      `Server RSS: ${mb(before.rss)} before, peak ${mb(peak)} while exporting (+${mb(peak - before.rss)}, ${(results.growthToArchive * 100).toFixed(1)}% of the archive)`,
    );
  } finally {
    await app.stop();
  }
  writeResults('export', results);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
