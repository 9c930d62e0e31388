// Adds to package-lock.json the platform binaries the npm registry this project is built from
// does not carry (the other-platform builds of @astrojs/compiler-binding and @tailwindcss/oxide).
// Without their entries `npm ci` refuses the lock as "out of sync". Each entry records only what
// npm needs to skip it on another platform (os, cpu, libc) and to fetch it on its own one.
// `npm install` keeps the entries; run `node scripts/lock-platforms.mjs` after changing dependencies.
import fs from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));

/** The platform a package-name suffix stands for (napi-rs naming). */
const PLATFORMS = {
  'android-arm64': { os: ['android'], cpu: ['arm64'] },
  'darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'freebsd-x64': { os: ['freebsd'], cpu: ['x64'] },
  'linux-arm-gnueabihf': { os: ['linux'], cpu: ['arm'] },
  'linux-arm64-gnu': { os: ['linux'], cpu: ['arm64'], libc: ['glibc'] },
  'linux-arm64-musl': { os: ['linux'], cpu: ['arm64'], libc: ['musl'] },
  'linux-x64-gnu': { os: ['linux'], cpu: ['x64'], libc: ['glibc'] },
  'linux-x64-musl': { os: ['linux'], cpu: ['x64'], libc: ['musl'] },
  'wasm32-wasi': { cpu: ['wasm32'] },
  'win32-arm64-msvc': { os: ['win32'], cpu: ['arm64'] },
  'win32-x64-msvc': { os: ['win32'], cpu: ['x64'] },
};

let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${key ? `${key}/` : ''}node_modules/${dep}`;
    const top = `node_modules/${dep}`;
    if (lock.packages[nested] || lock.packages[top]) continue;
    const suffix = Object.keys(PLATFORMS).find((s) => dep.endsWith(`-${s}`));
    if (!suffix) {
      console.error(`lock-platforms: ${dep} is missing from the lock and names no known platform`);
      process.exitCode = 1;
      continue;
    }
    const { os, cpu, libc } = PLATFORMS[suffix];
    lock.packages[top] = {
      version,
      cpu,
      ...(libc && { libc }),
      license: entry.license,
      optional: true,
      ...(os && { os }),
      ...(entry.engines && { engines: entry.engines }),
      ...(entry.dev && { dev: true }),
    };
    added++;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'))),
);
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock-platforms: ${added} entr${added === 1 ? 'y' : 'ies'} added`);
