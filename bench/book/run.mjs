// bench/book: the memorial book (GET /api/v1/posts/{id}/book.pdf, decision 0124) of a memorial with
// a long life story in three scripts, 40 photos, 200 tributes and a timeline, built as A4 a few
// times: its size, pages, time to build (median, p95) and the server's peak resident memory while
// it is built. The cover and one inner page are rendered to PNG for a person to look at.
//   npm run bench -- book          (BOOK_RUNS overrides the 5 builds)
// Figures go to bench/results/book.json; the pictures to bench/results/book/.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { api, demoPassword, login, percentile, ROOT, startApp } from '../lib/server.mjs';
import { memoryOf, writeResults } from '../lib/measure.mjs';
import { photo } from '../lib/photo.mjs';

const RUNS = Number(process.env.BOOK_RUNS ?? 5);
const PHOTOS = 40;
const TRIBUTES = 200;
const MOMENTS = 30;
const OUT = path.join(ROOT, 'bench/results/book');

const ENGLISH =
  'She was born in a house by the harbour and learned to swim before she could read. Every summer she took the neighbours’ children to the beach, taught them the names of the fish and sent them home with bread still warm from her oven.';
const GREEK =
  'Η Ελένη αγαπούσε τη θάλασσα και τα τραγούδια της γιαγιάς της. Κάθε Κυριακή μαγείρευε για όλη τη γειτονιά και δεν άφηνε κανέναν να φύγει νηστικός.';
const ARABIC =
  'أحبت البحر وأغاني جدتها، وكانت تطبخ كل يوم جمعة للجيران جميعاً ولا تدع أحداً يغادر جائعاً.';
/** A long life story: the three scripts in turn, paragraph after paragraph. */
const STORY = Array.from({ length: 24 }, (_, i) => [ENGLISH, GREEK, ARABIC][i % 3]).join('\n');

async function main() {
  const app = await startApp({
    UPLOAD_LIMIT_PER_USER: '100000',
    PRAYER_LIMIT_PER_USER: '100000',
    FLOWER_LIMIT_PER_USER: '100000',
    BOOKS_PER_WINDOW: '100000',
  });
  const results = {
    startedAt: new Date().toISOString(),
    engine: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    photos: PHOTOS,
    tributes: TRIBUTES,
    moments: MOMENTS,
    storyCharacters: STORY.length,
    runs: RUNS,
  };
  try {
    const token = await login(app.baseUrl, 'sponsor', demoPassword(app.dataDir, 'sponsor'));
    const form = new FormData();
    form.set('title', 'Eleni Papadopoulou · Ελένη Παπαδοπούλου · إيليني');
    form.set('description', STORY.slice(0, 5000));
    form.set('traits', 'Patient, funny, brave; the best swimmer on the coast.');
    form.set('birthPlace', 'Kavala, Greece');
    form.set('dateOfBirth', '1941-03-03');
    form.set('deathDate', '2024-06-09');
    form.set('posterLine', 'Forever in our hearts · Για πάντα στην καρδιά μας');
    form.set('postImg', new Blob([await photo(0)], { type: 'image/jpeg' }), 'portrait.jpg');
    const created = await api(app.baseUrl, 'POST', '/api/v1/posts', { token, form });
    if (created.status !== 201) throw new Error(`memorial: ${created.status}`);
    const memorialId = created.body.data._id;

    console.log(`Seeding ${PHOTOS} photos, ${TRIBUTES} tributes and ${MOMENTS} moments…`);
    for (let n = 0; n < PHOTOS; n++) {
      const upload = new FormData();
      upload.set('postId', memorialId);
      upload.set('name', `Photo ${n + 1}`);
      upload.set('caption', `Summer ${1950 + n} at the harbour · Καλοκαίρι ${1950 + n}`);
      upload.set('pictureDate', `${1950 + n}-07-1${n % 10}`);
      upload.set('photoImg', new Blob([await photo(n + 1)], { type: 'image/jpeg' }), 'p.jpg');
      const res = await api(app.baseUrl, 'POST', '/api/v1/photos', { token, form: upload });
      if (res.status !== 201) throw new Error(`photo ${n + 1}: ${res.status}`);
    }
    for (let n = 0; n < TRIBUTES; n++) {
      const tribute = new FormData();
      tribute.set('postId', memorialId);
      let kind = 'prayers';
      if (n % 4 === 3) {
        kind = 'flowers';
        tribute.set('bouquet', 'white-lilies');
      } else {
        tribute.set(
          'prayerText',
          [
            `We will miss you, Eleni. Thank you for every summer (${n + 1}).`,
            'Καλό ταξίδι, κυρία Ελένη. Δεν θα σας ξεχάσουμε ποτέ.',
            'رحمها الله وأسكنها فسيح جناته.',
          ][n % 3],
        );
      }
      const res = await api(app.baseUrl, 'POST', `/api/v1/${kind}`, { token, form: tribute });
      if (res.status !== 201) {
        throw new Error(`${kind} ${n + 1}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    for (let n = 0; n < MOMENTS; n++) {
      const res = await api(app.baseUrl, 'POST', '/api/v1/timeline', {
        token,
        json: {
          postId: memorialId,
          year: 1941 + n * 2,
          month: (n % 12) + 1,
          title: `Moment ${n + 1}: a year by the sea`,
          text: n % 2 ? GREEK : ENGLISH,
          place: 'Kavala',
        },
      });
      if (res.status !== 201) {
        throw new Error(`moment ${n + 1}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }

    const times = [];
    let bytes = 0;
    let pdf = null;
    const before = memoryOf(app.child.pid);
    let peak = before.rss;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, memoryOf(app.child.pid).rss);
      } catch {
        // the server has exited
      }
    }, 20);
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const res = await fetch(`${app.baseUrl}/api/v1/posts/${memorialId}/book.pdf?size=a4`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.status !== 200) throw new Error(`book: ${res.status} ${await res.text()}`);
      pdf = Buffer.from(await res.arrayBuffer());
      times.push(performance.now() - started);
      bytes = pdf.length;
    }
    clearInterval(sampler);
    const sorted = [...times].sort((a, b) => a - b);

    mkdirSync(OUT, { recursive: true });
    const file = path.join(OUT, 'book-a4.pdf');
    writeFileSync(file, pdf);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
    // The cover, and the first page of photos (found by its heading in the text).
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8', maxBuffer: 1 << 26 });
    const photoPage = text.split('\f').findIndex((page) => /^Photos$/m.test(page)) + 1 || 2;
    for (const [name, page] of [
      ['cover', 1],
      ['inner', photoPage],
      ['story', 2],
    ]) {
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '80',
        '-f',
        String(page),
        '-l',
        String(page),
        '-singlefile',
        file,
        path.join(OUT, name),
      ]);
    }

    Object.assign(results, {
      bookBytes: bytes,
      pages,
      medianMs: percentile(sorted, 50),
      p95Ms: percentile(sorted, 95),
      timesMs: times,
      rssBeforeBytes: before.rss,
      peakRssBytes: peak,
      pictures: OUT,
    });
    const mb = (n) => `${(n / (1024 * 1024)).toFixed(1)} MB`;
    console.log(`Book (A4): ${(bytes / 1024).toFixed(0)} KB, ${pages} pages`);
    console.log(
      `Build: median ${(results.medianMs / 1000).toFixed(2)} s, p95 ${(results.p95Ms / 1000).toFixed(2)} s over ${RUNS} builds`,
    );
    console.log(`Server RSS: ${mb(before.rss)} before, peak ${mb(peak)} while building`);
    console.log(
      `Pictures: ${OUT}/cover.png, ${OUT}/story.png and ${OUT}/inner.png (page ${photoPage})`,
    );
  } finally {
    await app.stop();
  }
  writeResults('book', results);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
