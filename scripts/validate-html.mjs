#!/usr/bin/env node
/**
 * HTML validity: every built page through the Nu Html Checker (the W3C validator's engine,
 * `vnu.jar` from the vnu-jar package), in one Java process. Fails on any error; warnings and
 * info messages are the checker's advice and do not fail.
 *
 *   node scripts/validate-html.mjs [distDir]     exit 1 when a page has an error
 *
 * Needs Java 11 or later (`java` on PATH, or JAVA_HOME), as the Firebase Auth emulator does.
 * The package's own postinstall would download a Java runtime; npm skips install scripts here
 * (package.json allowScripts), so the system's Java is used.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const dist = path.resolve(root, process.argv[2] ?? 'dist');
const jar = path.join(path.dirname(createRequire(import.meta.url).resolve('vnu-jar')), 'build/dist/vnu.jar');
const java = process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, 'bin', 'java') : 'java';

function htmlFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return htmlFiles(full);
    return name.endsWith('.html') ? [full] : [];
  });
}

if (!existsSync(dist)) {
  console.error(`validate-html: ${dist} does not exist; run the build first`);
  process.exit(1);
}
const pages = htmlFiles(dist);
if (!pages.length) {
  console.error(`validate-html: no page in ${dist}`);
  process.exit(1);
}

const run = spawnSync(java, ['-jar', jar, '--errors-only', '--format', 'json', '--stdout', ...pages], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
if (run.error) {
  console.error(
    `validate-html: could not start Java (${run.error.message}). The Nu Html Checker needs Java 11 or later:` +
      ' on Debian, apt-get install default-jre-headless (the Firebase Auth emulator needs it too).',
  );
  process.exit(1);
}

/** @type {{ messages: { type: string, subType?: string, url?: string, lastLine?: number, message: string, extract?: string }[] }} */
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  console.error(`validate-html: the checker did not answer with a report (exit ${run.status})\n${run.stderr}`);
  process.exit(1);
}

const errors = report.messages.filter((m) => m.type === 'error' || m.type === 'non-document-error');
const rel = (url = '') => path.relative(dist, fileURLToPath(url.startsWith('file:') ? url : `file://${url}`));
for (const m of errors) {
  console.error(`${rel(m.url)}:${m.lastLine ?? '?'}: ${m.message}${m.extract ? `\n    ${m.extract.trim().slice(0, 160)}` : ''}`);
}
if (errors.length) {
  console.error(`validate-html: ${errors.length} error(s) in ${new Set(errors.map((m) => m.url)).size} of ${pages.length} pages`);
  process.exit(1);
}
console.log(`validate-html: ${pages.length} pages, no HTML error (Nu Html Checker)`);
