// bench/document-uploads: the server's peak memory while 50 members upload a 20 MB PDF each, all
// at once. Uploads stream to a spool file (decision 0065), so memory should not grow with the
// file size or the number of uploads in flight.
//   npm run bench -- document-uploads
//   BEFORE_ROOT=/path/to/other/checkout npm run bench -- document-uploads
// With DATABASE_URL (PostgreSQL, as a site with several instances runs) each server gets a fresh
// database of its own on that server, dropped afterwards.
// With BEFORE_ROOT (another checkout of this repository, built with `npm run build`), the same
// load runs first against that build, then against this one: both figures come from one run.
// DOCUMENT_UPLOADS (50) and DOCUMENT_BYTES (20,000,000) override the load; DOCUMENT_UPLOADS_ENV
// (a JSON object) adds server settings, e.g. '{"DOCUMENT_CONCURRENCY":"1"}'.
// Target: peak RSS < 400 MB. Figures go to bench/results/document-uploads.json.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PDFDocument, PDFName } from 'pdf-lib';
import { createPostgresDatabase } from '../../scripts/postgres-database.mjs';
import {
  createMemorialWithCover,
  demoPassword,
  fmt,
  login,
  percentile,
  ROOT,
} from '../lib/server.mjs';
import { memoryOf, writeResults } from '../lib/measure.mjs';

const UPLOADS = Number(process.env.DOCUMENT_UPLOADS ?? 50);
const BYTES = Number(process.env.DOCUMENT_BYTES ?? 20_000_000);
const TARGET_BYTES = 400 * 1024 * 1024;

/** A one-page PDF carrying `bytes` of incompressible data (a scanned page's worth of image). */
async function bigPdf(bytes) {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawText('Order of service', { x: 60, y: 760, size: 24 });
  const probe = await pdf.save({ useObjectStreams: false });
  const payload = pdf.context.stream(randomBytes(Math.max(0, bytes - probe.length - 200)), {});
  page.node.set(PDFName.of('PieceInfo'), pdf.context.register(payload));
  const body = Buffer.from(await pdf.save({ useObjectStreams: false }));
  if (body.length > 20 * 1024 * 1024)
    throw new Error(`the PDF is ${body.length} bytes, over 20 MB`);
  return body;
}

const mb = (bytes) => `${(bytes / (1024 * 1024)).toFixed(0)} MB`;

/** Starts the build of `root` through that checkout's own server-start helper. */
async function startBuild(root, databaseUrl) {
  const helper = path.join(root, 'scripts/server-process.mjs');
  if (!existsSync(path.join(root, 'apps/server/dist/server.js'))) {
    throw new Error(`${root} has no build: run npm ci && npm run build there first`);
  }
  const { startServerProcess } = await import(pathToFileURL(helper).href);
  return startServerProcess({
    keepDataDir: false,
    env: {
      LOGIN_LIMIT_PER_IP: '100000000',
      LOGIN_LIMIT_PER_ACCOUNT: '100000000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...JSON.parse(process.env.DOCUMENT_UPLOADS_ENV ?? '{}'),
    },
  });
}

async function measure(label, root, pdf) {
  const database = process.env.DATABASE_URL
    ? await createPostgresDatabase(process.env.DATABASE_URL, 'rips_bench')
    : null;
  const server = await startBuild(root, database?.url);
  try {
    const sponsor = await login(server.baseUrl, 'sponsor', demoPassword(server.dataDir, 'sponsor'));
    const memorialId = await createMemorialWithCover(server.baseUrl, sponsor, {
      title: 'Document Uploads Bench',
      description: 'A memorial that receives many large documents at once.',
    });

    const pid = server.child.pid;
    const before = memoryOf(pid);
    let peak = before.rss;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, memoryOf(pid).rss);
      } catch {
        // the server has exited; its output says why
      }
    }, 50);
    const statuses = {};
    const latencies = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: UPLOADS }, async (_, n) => {
        const body = new FormData();
        body.set('postId', memorialId);
        body.set('documentFile', new Blob([pdf], { type: 'application/pdf' }), `Order ${n}.pdf`);
        const t0 = performance.now();
        let key;
        try {
          const res = await fetch(`${server.baseUrl}/api/v1/documents`, {
            method: 'POST',
            headers: { authorization: `Bearer ${sponsor}` },
            body,
          });
          await res.arrayBuffer();
          key = String(res.status);
        } catch (error) {
          key = error.cause?.code ?? error.message;
        }
        latencies.push(performance.now() - t0);
        statuses[key] = (statuses[key] ?? 0) + 1;
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const alive = server.child.exitCode === null && server.child.signalCode === null;
    const hwm = alive ? memoryOf(pid).hwm : peak;
    latencies.sort((a, b) => a - b);
    const result = {
      label,
      root,
      statuses,
      seconds,
      p50Ms: percentile(latencies, 50),
      maxMs: latencies.at(-1),
      rssBeforeBytes: before.rss,
      peakRssBytes: Math.max(peak, hwm),
      serverAlive: alive,
    };
    console.log(
      `${label.padEnd(7)} ${JSON.stringify(statuses)} in ${seconds.toFixed(1)} s, p50 ${fmt(result.p50Ms)}, max ${fmt(result.maxMs)}; ` +
        `RSS ${mb(before.rss)} idle, peak ${mb(result.peakRssBytes)}${alive ? '' : ' (the server died)'}`,
    );
    return result;
  } finally {
    await server.stop();
    await database?.drop();
  }
}

async function main() {
  const pdf = await bigPdf(BYTES);
  console.log(
    `${UPLOADS} concurrent uploads of a ${(pdf.length / 1e6).toFixed(1)} MB PDF (${pdf.length} bytes)`,
  );
  const results = {
    startedAt: new Date().toISOString(),
    engine: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    uploads: UPLOADS,
    documentBytes: pdf.length,
    runs: [],
  };
  if (process.env.BEFORE_ROOT) {
    results.runs.push(await measure('before', path.resolve(process.env.BEFORE_ROOT), pdf));
  }
  const after = await measure('after', ROOT, pdf);
  results.runs.push(after);
  const beforeRun = results.runs.find((r) => r.label === 'before');
  if (beforeRun) {
    console.log(
      `peak RSS after / before: ${(after.peakRssBytes / beforeRun.peakRssBytes).toFixed(2)} ` +
        `(${mb(after.peakRssBytes)} vs ${mb(beforeRun.peakRssBytes)})`,
    );
  }
  const verdicts = {
    'peak RSS < 400 MB': after.serverAlive && after.peakRssBytes < TARGET_BYTES,
    'every upload answered 201': Object.keys(after.statuses).every((s) => s === '201'),
  };
  results.verdicts = verdicts;
  console.log('\nTargets:');
  for (const [name, ok] of Object.entries(verdicts)) console.log(`  ${ok ? '✓' : '✗'} ${name}`);
  writeResults('document-uploads', results);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
