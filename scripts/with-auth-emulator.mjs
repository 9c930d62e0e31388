#!/usr/bin/env node
/**
 * Runs a command with the Firebase Auth emulator up (firebase emulators:exec, a demo- project,
 * so nothing reaches Google). AUTH_EMULATOR_PORT picks the port (default 9099); the command
 * gets FIREBASE_AUTH_EMULATOR_HOST and FIREBASE_PROJECT_ID. Inside a command this script
 * already runs (`npm test` runs vitest and the end-to-end tests inside one), the emulator that
 * is up is used instead of starting another.
 *
 *   node scripts/with-auth-emulator.mjs vitest run
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT = 'demo-inner-alchemy';
const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const port = Number(process.env.AUTH_EMULATOR_PORT ?? 9099);
const command = process.argv.slice(2);
if (!command.length) {
  console.error('usage: with-auth-emulator.mjs <command...>');
  process.exit(2);
}
const bin = path.join(root, 'node_modules/.bin');
/**
 * Set for the command to the emulator's address, so a nested run knows the emulator it may use
 * (and never one a developer happens to have running, such as npm run dev:members's).
 */
const OURS = 'INNER_ALCHEMY_AUTH_EMULATOR';

/** Runs the command with the emulator this script started further up. */
function runInside() {
  const child = spawn(command[0], command.slice(1), { cwd: root, stdio: 'inherit', env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}` } });
  child.on('exit', (code) => process.exit(code ?? 1));
}

/** The hub and logging emulators have fixed default ports (4400, 4500): free ones instead, so several suites (parallel worktrees) can run side by side. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port: free } = server.address();
      server.close(() => resolve(free));
    });
  });

async function startAndRun() {
  const dir = mkdtempSync(path.join(tmpdir(), 'ia-emulator-'));
  const config = path.join(dir, 'firebase.json');
  const emulators = {
    auth: { host: '127.0.0.1', port },
    hub: { host: '127.0.0.1', port: await freePort() },
    logging: { host: '127.0.0.1', port: await freePort() },
    ui: { enabled: false },
    singleProjectMode: true,
  };
  writeFileSync(config, JSON.stringify({ emulators }));

  const quoted = command.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(' ');
  const host = `127.0.0.1:${port}`;
  const child = spawn(path.join(bin, 'firebase'), ['emulators:exec', '--only', 'auth', '--project', PROJECT, '--config', config, quoted], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      PATH: `${bin}${path.delimiter}${process.env.PATH}`,
      FIREBASE_AUTH_EMULATOR_HOST: host,
      FIREBASE_PROJECT_ID: PROJECT,
      GCLOUD_PROJECT: PROJECT,
      [OURS]: host,
    },
  });
  child.on('exit', (code) => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(code ?? 1);
  });
}

if (process.env[OURS] && process.env[OURS] === process.env.FIREBASE_AUTH_EMULATOR_HOST) runInside();
else await startAndRun();
