#!/usr/bin/env node
/**
 * How many submissions a second the forms function handles on this machine: its handler
 * (netlify/functions/forms.mts, bundled with esbuild as Netlify does) behind a loopback HTTP
 * server, writing to the local PostgREST endpoint over PGlite (local-platform/postgrest/local-supabase.ts), driven by a bounded loop of
 * concurrent clients. Each request comes from its own address (the per-address limit would
 * otherwise answer 429 after ten) and sends a valid idea, so every request is a full pass:
 * parse, checks, validation, limiter, insert. Nothing leaves 127.0.0.1.
 *
 *   node scripts/bench-forms.mjs [--requests 2000] [--concurrency 16]
 */
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const REQUESTS = Math.min(arg('requests', 2000), 50_000);
const CONCURRENCY = Math.min(arg('concurrency', 16), 256);

const { startLocalSupabase } = await import('../local-platform/postgrest/local-supabase.ts');
const db = await startLocalSupabase();
Object.assign(process.env, db.env);
// Bundled as Netlify bundles it (esbuild; the functions' imports carry no extensions).
const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
// Inside the project, so the bundle's external packages resolve from its node_modules.
const out = mkdtempSync(path.join(root, 'node_modules', '.bench-forms-'));
await build({
  entryPoints: [path.join(root, 'netlify/functions/forms.mts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  outfile: path.join(out, 'forms.mjs'),
  logLevel: 'error',
});
const { createFormsHandler } = await import(pathToFileURL(path.join(out, 'forms.mjs')).href);
rmSync(out, { recursive: true, force: true });
const handler = createFormsHandler();
console.warn = () => {};
console.error = () => {};

const server = createServer(async (req, res) => {
  const url = `http://${req.headers.host}${req.url}`;
  const request = new Request(url, { method: req.method, headers: req.headers, body: Readable.toWeb(req), duplex: 'half' });
  const response = await handler(request, { ip: req.headers['x-forwarded-for'] });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;

const statuses = new Map();
let next = 0;
async function client() {
  while (next < REQUESTS) {
    const i = next++;
    const res = await fetch(`${base}/api/forms/idea`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
      body: JSON.stringify({ email: `bench${i}@example.com`, idea: `Benchmark idea number ${i}`, elapsed: 5000, website: '' }),
    });
    await res.arrayBuffer();
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: CONCURRENCY }, client));
const seconds = (performance.now() - started) / 1000;
server.close();
await db.close();

const stored = db.tables.community_ideas?.length ?? 0;
console.log(`forms function: ${REQUESTS} requests, ${CONCURRENCY} at a time, in ${seconds.toFixed(2)} s`);
console.log(`  ${(REQUESTS / seconds).toFixed(0)} requests a second (answers: ${[...statuses].map(([s, n]) => `${n} x ${s}`).join(', ')}; ${stored} rows stored)`);
