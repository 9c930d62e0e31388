/**
 * The functions as Netlify deploys them: netlify/functions bundled by Netlify's own bundler
 * (@netlify/zip-it-and-ship-it, what `netlify build` and `netlify deploy` run), and started the
 * way AWS Lambda starts them (a fresh Node process with Lambda's flags, the bundle's entry point
 * imported and its handler called with Lambda's event). Shared by the load test
 * (tests/platform/bundles.function.test.ts), the cold-start benchmark (scripts/bench-functions.mjs) and
 * `npm start` (scripts/serve.mjs).
 */
import { fork } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveConfig } from '@netlify/config';
import { zipFunctions } from '@netlify/zip-it-and-ship-it';
import { generateGatedContent } from './compile-gated-content.mjs';

export const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const HOST = fileURLToPath(new URL('./lambda-host.mjs', import.meta.url));

/**
 * Node's flags on AWS Lambda's Node 20 and 22 runtimes: `require()` of an ES module and the
 * detection of ES module syntax in .js files are off (AWS documents both), so a CommonJS
 * dependency that requires an ESM-only package crashes there while it loads in plain Node 24.
 */
export const LAMBDA_NODE_FLAGS = ['--no-experimental-require-module', '--no-experimental-detect-module'];

/**
 * netlify.toml's [functions] settings as Netlify's build hands them to the bundler (read by
 * Netlify's own config reader, offline), and the functions folder.
 */
export async function functionsConfig() {
  const { config } = await resolveConfig({ cwd: ROOT, repositoryRoot: ROOT, offline: true, mode: 'cli' });
  const zisi = {};
  for (const [pattern, settings] of Object.entries(config.functions ?? {})) {
    zisi[pattern] = {
      ...(settings.node_bundler ? { nodeBundler: settings.node_bundler } : {}),
      ...(settings.included_files ? { includedFiles: [...settings.included_files], includedFilesBasePath: ROOT } : {}),
      ...(settings.external_node_modules ? { externalNodeModules: settings.external_node_modules } : {}),
      ...(settings.ignored_node_modules ? { ignoredNodeModules: settings.ignored_node_modules } : {}),
    };
  }
  return { config: zisi, directory: config.functionsDirectory ?? path.join(ROOT, 'netlify/functions') };
}

/**
 * Bundles every function of the functions folder into `dest` with the settings of
 * netlify.toml, as `netlify build` does. `archiveFormat: 'zip'` gives the archives Netlify
 * uploads; 'none' the same files in one folder a function.
 * Returns [{ name, path, entryFilename, routes }].
 */
export async function bundleFunctions(dest, { archiveFormat = 'none' } = {}) {
  // The content gate imports the compiled gated content: never bundle a missing or stale one.
  await generateGatedContent();
  const { config, directory } = await functionsConfig();
  const results = await zipFunctions([directory], dest, {
    archiveFormat,
    basePath: ROOT,
    repositoryRoot: ROOT,
    config,
  });
  return results
    .map(({ name, path: out, entryFilename, routes }) => ({ name, path: out, entryFilename, routes: routes ?? [] }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Total size and number of the files under `dir`. */
export async function folderSize(dir) {
  let bytes = 0;
  let files = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { bytes, files };
}

/**
 * Starts one bundled function (a folder from bundleFunctions with archiveFormat 'none') in a
 * child Node process with Lambda's flags, its working directory the bundle as on Lambda.
 * `ready` resolves with { importMs, importCpuMs } (wall-clock and CPU time) once the entry
 * point and the function module are loaded,
 * or rejects with the load error. `execArgv` replaces Lambda's flags (the benchmark compares). `invoke({ url, method, headers, body })` answers
 * { status, headers, body } (body as a string).
 */
export function startFunction(bundleDir, { entryFilename = '___netlify-entry-point.mjs', env = process.env, name = path.basename(bundleDir), execArgv = LAMBDA_NODE_FLAGS } = {}) {
  const child = fork(HOST, [bundleDir, entryFilename, name], {
    cwd: bundleDir,
    env: { ...env, LAMBDA_TASK_ROOT: bundleDir, AWS_LAMBDA_FUNCTION_NAME: name },
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  const pending = new Map();
  let next = 0;
  let exitError;
  let readySettle;
  const ready = new Promise((resolve, reject) => {
    readySettle = { resolve, reject };
  });
  child.on('message', (message) => {
    if (message.type === 'ready') readySettle.resolve({ importMs: message.importMs, importCpuMs: message.importCpuMs });
    else if (message.type === 'load-error') readySettle.reject(new Error(`${name} failed to load: ${message.error}`));
    else if (message.type === 'response') {
      const waiter = pending.get(message.id);
      pending.delete(message.id);
      if (!waiter) return;
      if (message.error) waiter.reject(new Error(`${name}: ${message.error}`));
      else waiter.resolve({ status: message.status, headers: message.headers, body: message.body });
    }
  });
  child.on('exit', (code, signal) => {
    exitError = new Error(`${name} exited (${signal ?? code})`);
    readySettle.reject(exitError);
    for (const waiter of pending.values()) waiter.reject(exitError);
    pending.clear();
  });
  ready.catch(() => {});
  return {
    name,
    ready,
    invoke(request) {
      if (exitError) return Promise.reject(exitError);
      const id = ++next;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        child.send({ type: 'invoke', id, request });
      });
    },
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill();
    },
  };
}
