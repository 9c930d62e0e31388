#!/usr/bin/env node
/**
 * End-to-end tests against production builds served as Netlify serves them (`npm start`).
 *
 * 1. visitor: the default build (flag on, no accounts) -> no paid content in dist/
 *    (scripts/check-gated.mjs) -> HTML validity (Nu Html Checker) ->
 *    JavaScript budgets -> Playwright
 *    project "visitor" (every name.spec.ts under tests/) -> Lighthouse (mobile) on / and a journey page.
 * 2. members: a build with the flag off, pointed at the Firebase Auth emulator, run inside
 *    `firebase emulators:exec --only auth` -> no paid content -> HTML validity -> the demo members
 *    (scripts/local/demo-members.mjs) -> Playwright project "members" (every name.members.spec.ts
 *    under tests/, the signed-in member's JavaScript budget among them) -> Lighthouse (mobile)
 *    signed in as the demo Alchemist on the dashboard, a lesson and a Lounge room.
 *
 *   node scripts/e2e.mjs [--phase visitor|members] [extra playwright args]
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const args = process.argv.slice(2);
const phaseArg = args.indexOf('--phase');
const only = phaseArg >= 0 ? args[phaseArg + 1] : undefined;
const extra = args.filter((_, i) => i !== phaseArg && i !== phaseArg + 1);
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

export const EMULATOR_PROJECT = 'demo-inner-alchemy';
/** Ports: E2E_PORT for the visitor build, E2E_MEMBERS_PORT for the members build. */
const VISITOR_PORT = Number(process.env.E2E_PORT ?? 4399);
const MEMBERS_PORT = Number(process.env.E2E_MEMBERS_PORT ?? 4398);

function run(cmd, cmdArgs, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} ${cmdArgs.join(' ')} exited ${code}`))));
    child.on('error', reject);
  });
}

async function serve(port, env = {}) {
  // Own process group, so stopping it stops everything it started.
  const child = spawn(process.execPath, [path.join(root, 'scripts/serve.mjs')], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited before it was ready');
    try {
      const res = await fetch(url + '/');
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`the server did not answer on ${url}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  // The functions are bundled and started once the server is up (as a deploy builds them
  // before it serves); one call each before the tests, so no test waits on a cold start.
  await Promise.all(
    readdirSync(path.join(root, 'netlify/functions'))
      .filter((f) => /\.m?[jt]s$/.test(f))
      .map((f) => fetch(`${url}/api/${f.replace(/\.m?[jt]s$/, '')}`, { method: 'OPTIONS' }).catch(() => undefined)),
  );
  return {
    url,
    stop: () => {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    },
  };
}

async function visitor() {
  await run('npm', ['run', 'build'], { PUBLIC_FEATURES_DISABLED: '' });
  await run(process.execPath, [path.join(root, 'scripts/check-gated.mjs'), 'dist']);
  await run(process.execPath, [path.join(root, 'scripts/validate-html.mjs'), 'dist']);
  await run(process.execPath, [path.join(root, 'scripts/budgets.mjs'), 'dist']);
  const server = await serve(VISITOR_PORT);
  try {
    await run(bin('playwright'), ['test', '--project=visitor', ...extra], { BASE_URL: server.url });
  } finally {
    server.stop();
  }
  if (!extra.length) await run(process.execPath, [path.join(root, 'scripts/lighthouse.mjs')], { LIGHTHOUSE_PORT: String(VISITOR_PORT) });
}

/** Runs inside `scripts/with-auth-emulator.mjs`: the Auth emulator is up. */
async function membersInner() {
  const EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
  const env = {
    PUBLIC_FEATURES_DISABLED: 'false',
    PUBLIC_FIREBASE_API_KEY: 'demo-api-key',
    PUBLIC_FIREBASE_AUTH_DOMAIN: `${EMULATOR_PROJECT}.firebaseapp.com`,
    PUBLIC_FIREBASE_PROJECT_ID: EMULATOR_PROJECT,
    PUBLIC_FIREBASE_APP_ID: '1:000000000000:web:0000000000000000',
    PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
    // A podcast player (its script answered by Playwright), so the embed and its CSP are tested.
    PUBLIC_PODCAST_EMBED_URL: 'http://127.0.0.1:9/podcast-player.js',
  };
  // The database is the local PostgREST endpoint over PGlite running our migrations, for the
  // browser (as the member, with their emulator ID token) and for the served functions (as the
  // service role); the functions' Stripe is the double (scripts/local/stand-ins.mjs).
  // Started first: the build is pointed at the endpoint.
  const { startCommerceDoubles } = await import('./local/stand-ins.mjs');
  const doubles = await startCommerceDoubles({ webhookUrl: `http://127.0.0.1:${MEMBERS_PORT}/api/stripe-webhook`, firebaseProjectId: EMULATOR_PROJECT });
  let server;
  try {
    Object.assign(env, doubles.browserEnv);
    await run('npm', ['run', 'build'], env);
    await run(process.execPath, [path.join(root, 'scripts/check-gated.mjs'), 'dist']);
    await run(process.execPath, [path.join(root, 'scripts/validate-html.mjs'), 'dist']);
    server = await serve(MEMBERS_PORT, {
      FIREBASE_PROJECT_ID: EMULATOR_PROJECT,
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
      ...doubles.env,
    });
    // The demo members (the Alchemist is the signed-in member the budgets and Lighthouse measure).
    await doubles.addDemoMembers(EMULATOR_HOST);
    await run(bin('playwright'), ['test', '--project=members', ...extra], { BASE_URL: server.url, ...env, ...doubles.testEnv });
    // Lighthouse as the signed-in demo Alchemist, on the same server and database.
    if (!extra.length) await run(process.execPath, [path.join(root, 'scripts/lighthouse.mjs'), '--signed-in'], { LIGHTHOUSE_BASE_URL: server.url });
  } finally {
    server?.stop();
    await doubles.close();
  }
}

async function members() {
  await run(process.execPath, [path.join(root, 'scripts/with-auth-emulator.mjs'), process.execPath, 'scripts/e2e.mjs', '--phase', 'members-inner', ...extra]);
}

try {
  if (only === 'members-inner') await membersInner();
  else {
    if (!only || only === 'visitor') await visitor();
    if (!only || only === 'members') await members();
  }
} catch (error) {
  console.error(`e2e: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
