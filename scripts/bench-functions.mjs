#!/usr/bin/env node
/**
 * Cold-start figures of every function as Netlify deploys it (not a test: timings depend on
 * the machine). Bundles netlify/functions with Netlify's bundler (zip-it-and-ship-it), then
 * reports for each function the zip's size, the unzipped size and file count, and the time to
 * import its entry point and module in a fresh Node process with AWS Lambda's flags (the
 * median of RUNS processes, each started cold), as wall-clock time and as the CPU time the
 * import took (which other load on the machine disturbs far less).
 *
 *   node scripts/bench-functions.mjs            # RUNS=5 by default
 *   node scripts/bench-functions.mjs --json
 *   node scripts/bench-functions.mjs --plain    # plain Node's flags instead of Lambda's
 *
 * Aims (docs/decisions/function-size.md): under 1 MB zipped (tests/platform/bundles.function.test.ts
 * holds it) and under 150 ms import on an idle machine.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundleFunctions, folderSize, LAMBDA_NODE_FLAGS, startFunction } from './functions-bundle.mjs';

const RUNS = Number(process.env.RUNS ?? 5);
const execArgv = process.argv.includes('--plain') ? [] : LAMBDA_NODE_FLAGS;
const dest = mkdtempSync(path.join(tmpdir(), 'ia-bench-'));
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
/** MB as Netlify and the 1 MB aim count them: 1,000,000 bytes. */
const mb = (bytes) => (bytes / 1_000_000).toFixed(2);

try {
  const zips = await bundleFunctions(path.join(dest, 'zip'), { archiveFormat: 'zip' });
  const folders = await bundleFunctions(path.join(dest, 'dir'), { archiveFormat: 'none' });
  const rows = [];
  for (const folder of folders) {
    const zip = zips.find((z) => z.name === folder.name);
    const unzipped = await folderSize(folder.path);
    const times = [];
    const cpuTimes = [];
    let error;
    for (let i = 0; i < RUNS && !error; i += 1) {
      const fn = startFunction(folder.path, { entryFilename: folder.entryFilename, name: folder.name, env: { PATH: process.env.PATH ?? '' }, execArgv });
      try {
        const { importMs, importCpuMs } = await fn.ready;
        times.push(importMs);
        cpuTimes.push(importCpuMs);
      } catch (failure) {
        error = failure.message.split('\n')[0];
      } finally {
        fn.stop();
      }
    }
    rows.push({ name: folder.name, zippedBytes: statSync(zip.path).size, unzippedBytes: unzipped.bytes, files: unzipped.files, importMs: error ? null : Math.round(median(times)), importCpuMs: error ? null : Math.round(median(cpuTimes)), error });
  }
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(rows, null, 2));
  } else {
    console.log(`function             zipped MB  unzipped MB  files  import ms  import CPU ms  (medians of ${RUNS})`);
    for (const r of rows) {
      const timing = r.error ? `  fails to load: ${r.error}` : `${String(r.importMs).padStart(9)}  ${String(r.importCpuMs).padStart(13)}`;
      console.log(`${r.name.padEnd(20)} ${mb(r.zippedBytes).padStart(9)}  ${mb(r.unzippedBytes).padStart(11)}  ${String(r.files).padStart(5)}  ${timing}`);
    }
  }
} finally {
  rmSync(dest, { recursive: true, force: true });
}
