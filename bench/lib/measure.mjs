// What the benchmarks measure and keep: a process's memory, and each run's figures as JSON.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './server.mjs';

/** The process's resident memory now (`rss`) and at its highest so far (`hwm`), in bytes. */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 };
}

/** Writes `results` to bench/results/<name>.json. */
export function writeResults(name, results) {
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(path.join(ROOT, `bench/results/${name}.json`), JSON.stringify(results, null, 2));
}
