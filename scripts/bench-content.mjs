#!/usr/bin/env node
/**
 * How fast the content gate answers a lesson on a warm function (the aim: under 150 ms; a
 * benchmark, not a test). The function (netlify/functions/content.mts, bundled with esbuild as
 * Netlify bundles it) answers an Alchemist's request for a paid lesson: the token verified
 * against the Auth emulator, the subscription and purchases read from the local PostgREST
 * endpoint over PGlite with our migrations (local-platform/postgrest/local-supabase.ts). Prints the first (cold) answer and the median and 95th percentile of the warm ones.
 *
 *   AUTH_EMULATOR_PORT=9131 node scripts/with-auth-emulator.mjs node scripts/bench-content.mjs [--requests 200]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { generateGatedContent } from './compile-gated-content.mjs';

const i = process.argv.indexOf('--requests');
const REQUESTS = Math.min(i >= 0 ? Number(process.argv[i + 1]) : 200, 5000);
const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
if (!emulator) throw new Error('Run under scripts/with-auth-emulator.mjs (FIREBASE_AUTH_EMULATOR_HOST is unset).');

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const { startLocalSupabase } = await import('../local-platform/postgrest/local-supabase.ts');
const db = await startLocalSupabase();
Object.assign(process.env, db.env, { FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID ?? 'demo-inner-alchemy' });

await generateGatedContent();
const out = mkdtempSync(path.join(root, 'node_modules', '.bench-content-'));
await build({ entryPoints: [path.join(root, 'netlify/functions/content.mts')], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile: path.join(out, 'content.mjs'), logLevel: 'error' });
const { default: handler } = await import(pathToFileURL(path.join(out, 'content.mjs')).href);
rmSync(out, { recursive: true, force: true });
const content = (await import(pathToFileURL(path.join(root, 'netlify/functions/_generated/gated-content.json')).href, { with: { type: 'json' } })).default;
const slug = Object.entries(content.course).find(([, l]) => !l.preview)[0];

const signUp = await fetch(`http://${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: 'correct-horse-battery', returnSecureToken: true }),
});
const { localId, idToken } = await signUp.json();
db.tables.stripe_customers = [{ user_id: localId, customer_id: 'cus_bench' }];
db.tables.stripe_subscriptions = [{ customer_id: 'cus_bench', price_id: 'price_alchemist_monthly', subscription_status: 'active' }];
await db.settled();

const ask = async () => {
  const started = performance.now();
  const res = await handler(new Request(`http://localhost:4321/api/content/course/${slug}`, { headers: { authorization: `Bearer ${idToken}` } }));
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`the gate answered ${res.status}`);
  return performance.now() - started;
};
const cold = await ask();
const times = [];
for (let n = 0; n < REQUESTS; n += 1) times.push(await ask());
times.sort((a, b) => a - b);
await db.close();
const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
console.log(`content gate, an Alchemist's paid lesson (${slug}): first answer ${cold.toFixed(1)} ms; warm, ${REQUESTS} answers: median ${at(0.5)} ms, p95 ${at(0.95)} ms`);
