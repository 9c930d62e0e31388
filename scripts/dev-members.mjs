#!/usr/bin/env node
/**
 * `npm run dev:members`: the member side on this machine, nothing to sign up for.
 *
 *   - the Firebase Auth emulator (a demo- project; nothing reaches Google);
 *   - PGlite with our migrations and the seed, data kept in .local/pgdata (git-ignored) between
 *     runs, `--reset` to start over; the demo members' rows;
 *   - the PostgREST-compatible endpoint in front of it (local-platform/postgrest/postgrest.mjs), which
 *     the PostgREST client in the browser and in the functions talks to as to Supabase: each request as
 *     the role of its verified token (the emulator's ID tokens, the local service-role key);
 *   - the Stripe stand-in the functions' SDK is pointed at (STRIPE_API_HOST/PORT/PROTOCOL):
 *     Checkout and Portal sessions in Stripe's shapes, its own payment page whose Pay button
 *     completes the session and sends the SIGNED checkout.session.completed to our webhook;
 *   - the email stand-in (local-platform/email/email-standin.ts) the functions send through instead of
 *     Resend (RESEND_API_URL), with an inbox page listing every email sent, text and HTML, and a
 *     button that runs the hourly email run (the scheduled function) at once;
 *   - the site with the flag off, pointed at all of the above: a production build served as
 *     Netlify serves it (scripts/serve.mjs: the functions as deployed), so the member pages'
 *     service worker is active and the site works offline as it does in production (the
 *     browser's offline switch); with `--dev`, astro dev instead (changes show at once, the
 *     functions through Netlify's Vite plugin, no service worker), after
 *     scripts/compile-gated-content.mjs has compiled the gated content the content function
 *     serves (as `npm run dev` does);
 *   - then the coaching schedule, once: the scheduled function coaching-schedule, as Netlify runs
 *     it daily, so the next three last-Thursday sessions exist (the demo coach, coach@demo.local,
 *     sees them on /coach).
 *
 * Ports (environment): DEV_MEMBERS_PORT (site, 4321), AUTH_EMULATOR_PORT (9099),
 * POSTGREST_PORT (54321, as `supabase start`), STRIPE_STANDIN_PORT (12111), EMAIL_STANDIN_PORT
 * (54324, where `supabase start` puts its mail inbox).
 * Ctrl-C stops everything it started. Details: docs/decisions/local-member-side.md.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshCertificateKeyEnv } from '../local-platform/certificate-key.mjs';
import { DEMO_MEMBERS, DEMO_PASSWORD, billingOnRecord, createDemoMembers } from '../local-platform/demo-members.mjs';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const started = Date.now();
const PROJECT = 'demo-inner-alchemy';
const SITE_PORT = Number(process.env.DEV_MEMBERS_PORT ?? 4321);
const AUTH_PORT = Number(process.env.AUTH_EMULATOR_PORT ?? 9099);
const POSTGREST_PORT = Number(process.env.POSTGREST_PORT ?? 54321);
const STRIPE_PORT = Number(process.env.STRIPE_STANDIN_PORT ?? 12111);
const EMAIL_PORT = Number(process.env.EMAIL_STANDIN_PORT ?? 54324);
/** DEV_MEMBERS_DATA: another data folder (the smoke test uses a temporary one). */
const DATA = process.env.DEV_MEMBERS_DATA ? path.resolve(process.env.DEV_MEMBERS_DATA) : path.join(root, '.local', 'pgdata');
const WEBHOOK_SECRET = 'whsec_local_dev_members';
/** Signs the links in emails (turning reminders off): any value does locally. */
const EMAIL_LINK_SECRET = 'local-dev-members-email-link-secret';
const SITE = `http://localhost:${SITE_PORT}`;
/** `--dev`: astro dev (changes show at once) instead of the production build with its service worker. */
const DEV = process.argv.includes('--dev');

const children = [];
const closers = [];
let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
  for (const close of closers.reverse()) await close().catch(() => undefined);
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });

async function waitFor(url, what, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited before it was ready`);
    try {
      await fetch(url);
      return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`${what} did not answer on ${url}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A child process with its output prefixed by `label`; one that stops stops everything, unless it is `done` (a step that ends). */
function startChild(command, args, env, label, { done = false } = {}) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.push(child);
  const prefix = (chunk) => String(chunk).split('\n').filter(Boolean).map((l) => `[${label}] ${l}`).join('\n') + '\n';
  child.stdout.on('data', (c) => process.stdout.write(prefix(c)));
  child.stderr.on('data', (c) => process.stderr.write(prefix(c)));
  child.on('exit', (code) => {
    if (done && code === 0) return children.splice(children.indexOf(child), 1);
    if (!stopping) {
      console.error(`dev:members: ${label} stopped (${code}); stopping everything`);
      void stop(1);
    }
  });
  return child;
}

async function startAuthEmulator() {
  const dir = mkdtempSync(path.join(tmpdir(), 'ia-dev-members-'));
  const config = path.join(dir, 'firebase.json');
  writeFileSync(config, JSON.stringify({ emulators: { auth: { host: '127.0.0.1', port: AUTH_PORT }, hub: { host: '127.0.0.1', port: await freePort() }, logging: { host: '127.0.0.1', port: await freePort() }, ui: { enabled: false }, singleProjectMode: true } }));
  const child = startChild(path.join(root, 'node_modules/.bin/firebase'), ['emulators:start', '--only', 'auth', '--project', PROJECT, '--config', config], {}, 'auth');
  closers.push(async () => rmSync(dir, { recursive: true, force: true }));
  await waitFor(`http://127.0.0.1:${AUTH_PORT}/`, 'the Auth emulator', child);
}

async function main() {
  if (process.argv.includes('--reset')) rmSync(DATA, { recursive: true, force: true });
  mkdirSync(path.dirname(DATA), { recursive: true });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${AUTH_PORT}`;
  process.env.FIREBASE_PROJECT_ID = PROJECT;
  process.env.GCLOUD_PROJECT = PROJECT;

  const auth = startAuthEmulator();
  // The gated bodies (lessons, the Lounge's premium content) the content function serves, as
  // `npm run dev` and `npm run build` make them first (scripts/compile-gated-content.mjs).
  const gated = import('./compile-gated-content.mjs').then(({ generateGatedContent }) => generateGatedContent());
  gated.catch(() => {}); // reported where it is awaited, before the site starts
  const { openDatabase } = await import('../local-platform/database/database.mjs');
  const { startPostgrest } = await import('../local-platform/postgrest/postgrest.mjs');
  const { db, created } = await openDatabase({ dataDir: DATA, seed: true });
  closers.push(() => db.close());
  const endpoint = await startPostgrest({ db, port: POSTGREST_PORT, host: '127.0.0.1', firebaseProjectId: PROJECT });
  closers.push(() => endpoint.close());

  const { startStripeDouble } = await import('../local-platform/stripe/stripe-standin.ts');
  const { default: catalogue } = await import('../src/content/catalogue.json', { with: { type: 'json' } });
  const stripe = await startStripeDouble({
    port: STRIPE_PORT,
    catalogue: catalogue.map(({ id: _id, ...product }) => product),
    webhook: { url: `${SITE}/api/stripe-webhook`, secret: WEBHOOK_SECRET },
  });
  closers.push(() => stripe.close());

  // Resend's stand-in: what the site sends lands in its inbox. Its button runs the hourly email
  // run now (the scheduled function, at the address Netlify's Vite plugin serves it).
  const { startEmailStandIn } = await import('../local-platform/email/email-standin.ts');
  const email = await startEmailStandIn({
    port: EMAIL_PORT,
    runScheduled: async () => {
      const res = await fetch(`${SITE}/.netlify/functions/email-outbox`, { method: 'POST', body: '{}' });
      const text = await res.text();
      return res.ok ? `The hourly email run answered: ${text}` : `The hourly email run answered ${res.status}: ${text}`;
    },
  });
  closers.push(() => email.close());

  // The demo members: accounts in the emulator (fixed uids) and their rows, as the owner.
  await auth;
  await createDemoMembers({ emulatorHost: `127.0.0.1:${AUTH_PORT}`, projectId: PROJECT, query: (sql, params) => db.query(sql, params) });
  // The stand-in learns the customers and subscriptions on record (it keeps nothing between runs).
  const billing = await billingOnRecord((sql) => db.query(sql));
  stripe.seed({ customers: billing.customers });
  for (const subscription of billing.subscriptions) {
    try {
      stripe.seed({ subscriptions: [subscription] });
    } catch (error) {
      console.warn(`dev:members: the Stripe stand-in does not know ${subscription.id}: ${error instanceof Error ? error.message : error}`);
    }
  }

  const env = {
    ASTRO_TELEMETRY_DISABLED: '1',
    PUBLIC_FEATURES_DISABLED: 'false',
    PUBLIC_FIREBASE_API_KEY: 'demo-api-key',
    PUBLIC_FIREBASE_AUTH_DOMAIN: `${PROJECT}.firebaseapp.com`,
    PUBLIC_FIREBASE_PROJECT_ID: PROJECT,
    PUBLIC_FIREBASE_APP_ID: '1:000000000000:web:0000000000000000',
    PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${AUTH_PORT}`,
    PUBLIC_SUPABASE_URL: endpoint.url,
    PUBLIC_SUPABASE_ANON_KEY: endpoint.keys.anon,
    SUPABASE_URL: endpoint.url,
    SUPABASE_SERVICE_ROLE_KEY: endpoint.keys.serviceRole,
    FIREBASE_PROJECT_ID: PROJECT,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${AUTH_PORT}`,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    SITE_URL: SITE,
    ...stripe.env,
    ...email.env,
    EMAIL_LINK_SECRET,
    // Certificates are signed with a key made now (the DID document publishes it while this runs).
    ...freshCertificateKeyEnv(),
  };
  await gated;
  let site;
  if (DEV) {
    site = startChild(path.join(root, 'node_modules/.bin/astro'), ['dev', '--port', String(SITE_PORT), '--host', 'localhost'], env, 'site');
  } else {
    // The production build (dist/), then the server Netlify's would be: the service worker is
    // part of the build, so member pages work offline here as they do once deployed.
    await new Promise((resolve, reject) => {
      const build = startChild(path.join(root, 'node_modules/.bin/astro'), ['build'], env, 'build', { done: true });
      build.once('exit', (code) => (code === 0 ? resolve(undefined) : reject(new Error(`the build exited ${code}`))));
    });
    site = startChild(process.execPath, [path.join(root, 'scripts/serve.mjs')], { ...env, PORT: String(SITE_PORT), HOST: 'localhost' }, 'site');
  }
  await waitFor(`${SITE}/`, 'the site', site, 120_000);
  // The daily schedule, run once now (Netlify's dev server runs a scheduled function at its
  // address, as a POST); it logs its one line through the site.
  const scheduled = await fetch(`${SITE}/.netlify/functions/coaching-schedule`, { method: 'POST' }).then(
    async (res) => (res.ok ? /** @type {{ created: string[], kept: string[] }} */ (await res.json()) : `answered ${res.status}`),
    (error) => `failed (${error instanceof Error ? error.message : error})`,
  );
  const schedule = typeof scheduled === 'string' ? `the schedule ${scheduled}` : `${scheduled.created.length + scheduled.kept.length} upcoming sessions (${scheduled.created.length} added now)`;

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`
dev:members ready in ${seconds} s${created ? ' (new database)' : ''}
  site            ${SITE}  (sign in at ${SITE}/login; ${DEV ? 'astro dev, no service worker' : 'the production build with its service worker: try the member pages offline with the browser\'s offline switch; --dev for astro dev'})
  Auth emulator   http://127.0.0.1:${AUTH_PORT}  (project ${PROJECT})
  database API    ${endpoint.url}/rest/v1/  (PGlite in .local/pgdata; --reset starts over)
  Stripe stand-in ${stripe.url}  (its payment page opens from checkout)
  inbox           ${email.url}  (every email the site sends, text and HTML; JSON at /messages)
  account links   the verification after a sign-up, "Forgot your password?" (${SITE}/forgot-password/) and a change
                  of address send their links to the inbox above; each opens ${SITE}/api/account-action
  demo members    ${DEMO_MEMBERS.filter((m) => !m.coach && !m.owner).map((m) => `${m.email} (${m.tier}${m.purchase ? `, ${m.purchase.price}` : ''})`).join(', ')}
  demo coach      ${DEMO_MEMBERS.filter((m) => m.coach).map((m) => m.email).join(', ')} at ${SITE}/coach
  demo owner      ${DEMO_MEMBERS.filter((m) => m.owner).map((m) => m.email).join(', ')} at ${SITE}/coach/numbers
                  password: ${DEMO_PASSWORD}
  coaching        ${schedule}; by hand: curl -X POST ${SITE}/.netlify/functions/coaching-schedule
Ctrl-C stops everything.`);
}

main().catch((error) => {
  console.error(`dev:members: ${error instanceof Error ? error.message : error}`);
  void stop(1);
});
