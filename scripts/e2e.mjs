#!/usr/bin/env node
/**
 * End-to-end tests against production builds served as Netlify serves them (`npm start`).
 *
 * 1. visitor: the default build (flag on, no accounts) -> no paid content in dist/
 *    (scripts/check-gated.mjs) -> HTML validity (Nu Html Checker) and JavaScript budgets, while
 *    the server starts -> Playwright project "visitor" (every name.spec.ts under tests/) ->
 *    Lighthouse (mobile) on / and a journey page, on the same server.
 * 2. members: a build with the flag off, pointed at the Firebase Auth emulator, run inside
 *    `firebase emulators:exec --only auth` (or the emulator `npm test` already runs) -> no paid
 *    content -> HTML validity, while the server starts -> the demo members
 *    (local-platform/demo-members.mjs) -> Playwright project "members" (every name.members.spec.ts
 *    under tests/, the signed-in member's JavaScript budget among them) -> Lighthouse (mobile)
 *    signed in as the demo Alchemist on the dashboard, a lesson and a Lounge room.
 * Each phase ends with the time of its steps (wall; steps run side by side where they can).
 *
 *   node scripts/e2e.mjs [--phase visitor|members] [extra playwright args]
 *
 * With extra Playwright arguments (some specs) Lighthouse is left out, unless E2E_LIGHTHOUSE=1
 * (with LIGHTHOUSE_REPORT_DIR to keep its reports and traces).
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
/** Lighthouse runs after the whole suite, or when asked for. */
const lighthouseToo = !extra.length || process.env.E2E_LIGHTHOUSE === '1';
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

const node = (script, scriptArgs = [], env = {}) => run(process.execPath, [path.join(root, script), ...scriptArgs], env);

/** The steps of this phase and their wall time, printed when it ends. */
const steps = [];
async function step(name, work) {
  const started = Date.now();
  try {
    return await work();
  } finally {
    steps.push([name, (Date.now() - started) / 1000]);
  }
}
function printSteps(phase) {
  console.log(`\ne2e ${phase}, by step (wall):`);
  for (const [name, seconds] of steps.splice(0)) console.log(`  ${name.padEnd(40)} ${seconds.toFixed(1).padStart(6)} s`);
}

/**
 * Settles every one of `works` before it answers, then throws the first failure: a step that
 * fails beside others does not leave them running unseen.
 */
async function allOf(works) {
  const results = await Promise.allSettled(works);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((r) => r.value);
}

async function serve(port, env = {}) {
  // Own process group, so stopping it stops everything it started.
  const child = spawn(process.execPath, [path.join(root, 'scripts/serve.mjs')], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const stop = async () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  try {
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
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

/** Starts the server beside checks of the build that need no server; stops it if a check fails. */
async function serveWhile(port, env, checks) {
  const server = serve(port, env);
  try {
    await allOf([server, ...checks]);
  } catch (error) {
    await server.then((s) => s.stop()).catch(() => undefined);
    throw error;
  }
  return server;
}

async function visitor() {
  await step('build', () => run('npm', ['run', 'build'], { PUBLIC_FEATURES_DISABLED: '' }));
  await step('no paid content in dist/', () => node('scripts/check-gated.mjs', ['dist']));
  const server = await step('HTML, budgets | server start', () =>
    serveWhile(VISITOR_PORT, {}, [node('scripts/validate-html.mjs', ['dist']), node('scripts/budgets.mjs', ['dist'])]),
  );
  try {
    await step('playwright (visitor)', () => run(bin('playwright'), ['test', '--project=visitor', ...extra], { BASE_URL: server.url }));
    if (lighthouseToo) await step('lighthouse', () => node('scripts/lighthouse.mjs', [], { LIGHTHOUSE_BASE_URL: server.url }));
  } finally {
    await server.stop();
    printSteps('visitor');
  }
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
  // service role); the functions' Stripe is the double and their email the email stand-in
  // (local-platform/stand-ins.mjs), whose inbox the specs read.
  // Started first: the build is pointed at the endpoint.
  const { startCommerceDoubles } = await import('../local-platform/stand-ins.mjs');
  const doubles = await step('stand-ins (Stripe, database)', () =>
    startCommerceDoubles({ webhookUrl: `http://127.0.0.1:${MEMBERS_PORT}/api/stripe-webhook`, firebaseProjectId: EMULATOR_PROJECT }),
  );
  let server;
  try {
    Object.assign(env, doubles.browserEnv);
    await step('build', () => run('npm', ['run', 'build'], env));
    await step('no paid content in dist/', () => node('scripts/check-gated.mjs', ['dist']));
    server = await step('HTML | server start', () =>
      serveWhile(
        MEMBERS_PORT,
        {
          FIREBASE_PROJECT_ID: EMULATOR_PROJECT,
          FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
          ...doubles.env,
        },
        [node('scripts/validate-html.mjs', ['dist'])],
      ),
    );
    // The demo members (the Alchemist is the signed-in member the budgets and Lighthouse measure).
    await step('demo members', () => doubles.addDemoMembers(EMULATOR_HOST));
    await step('playwright (members)', () => run(bin('playwright'), ['test', '--project=members', ...extra], { BASE_URL: server.url, ...env, ...doubles.testEnv }));
    // Lighthouse as the signed-in demo Alchemist, on the same server and database.
    if (lighthouseToo) await step('lighthouse (signed in)', () => node('scripts/lighthouse.mjs', ['--signed-in'], { LIGHTHOUSE_BASE_URL: server.url }));
  } finally {
    await server?.stop();
    await doubles.close();
    printSteps('members');
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
