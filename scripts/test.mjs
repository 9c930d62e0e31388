#!/usr/bin/env node
/**
 * `npm test`: everything a change can break, in as little time as two cores allow.
 *   1. astro check and ESLint side by side (each keeps one core busy; the output of each is
 *      printed when it finishes);
 *   2. inside one Firebase Auth emulator (scripts/with-auth-emulator.mjs), vitest
 *      (`npm run test:unit`) and then the end-to-end run (`npm run test:e2e`).
 * Stops at the first phase that fails. Ends with the time of each phase: wall, and on Linux the
 * CPU time of the processes it waited for, a steadier measure than wall time on a machine others
 * are using (a lower bound: processes that outlive their parent, such as a browser's helpers,
 * are not counted).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const inside = process.argv.includes('--inside-emulator');

/** CPU seconds of this process's finished children so far (Linux /proc; null elsewhere). */
function childrenCpu() {
  try {
    // After the command name, cutime and cstime are fields 16 and 17 of proc(5)'s stat, in ticks.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

/** Runs a command; resolves with its exit code and, when `quiet`, its output. */
function exec(cmd, cmdArgs, { quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, cmdArgs, { cwd: root, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
    child.on('error', (error) => resolve({ code: 1, output: String(error) }));
  });
}
const npmRun = (script, options) => exec('npm', ['run', script], options);

const times = [];
async function phase(name, work) {
  const started = Date.now();
  const cpu = childrenCpu();
  const ok = await work();
  const after = childrenCpu();
  times.push({ name, wall: (Date.now() - started) / 1000, cpu: cpu === null || after === null ? null : after - cpu });
  return ok;
}

function report(title) {
  const fmt = (s) => `${Math.floor(s / 60)} min ${String(Math.round(s % 60)).padStart(2, '0')} s`;
  console.log(`\n${title}`);
  for (const t of times) console.log(`  ${t.name.padEnd(32)} ${fmt(t.wall).padStart(13)}${t.cpu === null ? '' : `   CPU ${Math.round(t.cpu)} s`}`);
  if (!inside) console.log(`  ${'total'.padEnd(32)} ${fmt(times.reduce((sum, t) => sum + t.wall, 0)).padStart(13)}`);
}

const phases = inside
  ? [
      ['vitest', async () => (await npmRun('test:unit')).code === 0],
      ['end-to-end', async () => (await npmRun('test:e2e')).code === 0],
    ]
  : [
      [
        'astro check + ESLint',
        async () => {
          const codes = await Promise.all(
            ['check', 'lint'].map(async (script) => {
              const { code, output } = await npmRun(script, { quiet: true });
              console.log(`${output.trimEnd()}\n`);
              return code;
            }),
          );
          return codes.every((code) => code === 0);
        },
      ],
      ['Auth emulator: vitest, end-to-end', async () => (await exec(process.execPath, [path.join(root, 'scripts/with-auth-emulator.mjs'), process.execPath, 'scripts/test.mjs', '--inside-emulator'])).code === 0],
    ];

for (const [name, work] of phases) {
  if (!(await phase(name, work))) {
    report(inside ? 'npm test, inside the emulator:' : 'npm test, by phase:');
    console.error(`npm test: ${name} failed`);
    process.exit(1);
  }
}
report(inside ? 'npm test, inside the emulator:' : 'npm test, by phase:');
