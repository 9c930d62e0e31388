#!/usr/bin/env node
/**
 * `npm start`: serves the production build the way Netlify serves it. @netlify/dev answers
 * each request from the publish folder (dist/), with the netlify.toml redirects and headers;
 * what it does not match gets dist/404.html with 404 and the headers netlify.toml gives every
 * page. The functions are the deployed ones: netlify/functions bundled once by Netlify's
 * bundler and each run as AWS Lambda runs it (its own Node process with Lambda's flags, through
 * the bundle's entry point; scripts/functions-bundle.mjs), at the paths their config names
 * and at /.netlify/functions/<name>. They get this process's environment, plus .env when
 * there is one. Text answers are compressed (brotli, else gzip) as Netlify's CDN compresses
 * them, so sizes and Lighthouse timings here are those of a deploy.
 *
 *   PORT (default 4321), HOST (default 127.0.0.1)
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Readable, pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { NetlifyDev } from '@netlify/dev';
import { resolveConfig } from '@netlify/config';
import { bundleFunctions, startFunction } from './functions-bundle.mjs';
import { NETLIFY_UNUSED } from './netlify-offline.mjs';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const dist = path.join(root, 'dist');
const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '127.0.0.1';

if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('No build found in dist/. Run `npm run build` first.');
  process.exit(1);
}

if (existsSync(path.join(root, '.env'))) {
  // As `netlify dev` does: the functions see the variables of .env that the shell has not set.
  const shell = { ...process.env };
  process.loadEnvFile(path.join(root, '.env'));
  Object.assign(process.env, shell);
}

// The functions, bundled once (in the background: pages are served meanwhile, and a function
// request waits for its bundle), each started in its own process.
const bundleDir = mkdtempSync(path.join(tmpdir(), 'ia-serve-functions-'));
const functions = bundleFunctions(bundleDir).then((bundles) =>
  bundles.map((bundle) => {
    const fn = startFunction(bundle.path, { entryFilename: bundle.entryFilename, name: bundle.name });
    fn.ready.catch((error) => console.error(`serve: ${error.message}`));
    const paths = [`/.netlify/functions/${bundle.name}`, ...bundle.routes.filter((r) => r.literal).map((r) => r.literal)];
    // A path with parameters (`/api/forms/:form`) is matched by the expression Netlify compiles.
    const patterns = bundle.routes.filter((r) => r.expression).map((r) => new RegExp(r.expression));
    return { ...bundle, fn, paths, patterns };
  }),
);
functions.catch((error) => console.error('serve: the functions could not be bundled:', error instanceof Error ? error.message : error));

/** The function serving `pathname`, or undefined. */
async function functionFor(pathname) {
  const list = await functions.catch(() => []);
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return list.find((f) => f.paths.includes(clean) || f.patterns.some((pattern) => pattern.test(pathname)));
}

/** Hands the request to its function (Lambda's event) and returns its answer as a Response. */
async function invokeFunction(fn, req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const headers = {};
  for (const [key, value] of Object.entries(req.headers)) headers[key] = Array.isArray(value) ? value.join(', ') : String(value);
  // Netlify's edge names the client's address in x-nf-client-connection-ip, which becomes the
  // function's context.ip (the rate limits key on it). As @netlify/dev does locally, a proxy's
  // (or a test's) x-forwarded-for stands for the client, else the socket's address.
  headers['x-nf-client-connection-ip'] = String(req.headers['x-forwarded-for'] ?? '').split(',')[0].trim() || req.socket.remoteAddress || '';
  await fn.ready;
  const answer = await fn.invoke({ url: `http://${req.headers.host ?? `${host}:${port}`}${req.url}`, method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
  const out = new Headers();
  for (const [key, value] of Object.entries(answer.headers)) out.set(key, value);
  const empty = req.method === 'HEAD' || answer.status === 204 || answer.status === 304;
  return new Response(empty ? null : answer.body, { status: answer.status, headers: out });
}

// The headers netlify.toml gives a path (for the 404 page, which @netlify/dev does not send
// through its headers).
const { config: siteConfig } = await resolveConfig({ cwd: root, repositoryRoot: root, offline: true, mode: 'cli' });
const headerRules = (siteConfig.headers ?? []).map((rule) => ({
  pattern: new RegExp(`^${rule.for.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/:[a-z]+/gi, '[^/]+')}$`),
  values: rule.values,
}));
function configuredHeaders(pathname) {
  const headers = {};
  for (const rule of headerRules) if (rule.pattern.test(pathname)) Object.assign(headers, rule.values);
  return headers;
}

const netlify = new NetlifyDev({
  projectRoot: root,
  // Offline and static: none of the platform features the site does not use, no linked site.
  ...NETLIFY_UNUSED,
  // Served from their bundles above, as deployed.
  functions: { enabled: false },
  serverAddress: null,
});
await netlify.start();

/** Content types a CDN compresses. */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } };
const GZIP = { level: 6 };

/** How to compress for what the client accepts (as a stream, or bytes at once), or null. */
function encoderFor(req, contentType) {
  if (!COMPRESSIBLE.test(contentType ?? '')) return null;
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return { encoding: 'br', stream: () => zlib.createBrotliCompress(BROTLI), bytes: (body) => zlib.brotliCompressSync(body, BROTLI) };
  if (/\bgzip\b/.test(accepted)) return { encoding: 'gzip', stream: () => zlib.createGzip(GZIP), bytes: (body) => zlib.gzipSync(body, GZIP) };
  return null;
}

/** Compressed files of the build, by encoding and the file's own bytes (its SHA-1). */
const compressedFiles = new Map();

/** The compressed bytes of a file of the build, compressed at its first request only. */
async function compressedFile(response, encoder) {
  const body = Buffer.from(await response.arrayBuffer());
  const key = `${encoder.encoding}:${createHash('sha1').update(body).digest('hex')}`;
  let bytes = compressedFiles.get(key);
  if (!bytes) {
    bytes = encoder.bytes(body);
    compressedFiles.set(key, bytes);
  }
  return bytes;
}

const notFoundPage = await readFile(path.join(dist, '404.html')).catch(() => Buffer.from('Not found'));

const server = createServer(async (req, res) => {
  try {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    const fn = await functionFor(pathname);
    let response;
    if (fn) {
      response = await invokeFunction(fn.fn, req);
    } else {
      const headers = {};
      const match = await netlify.handleAndIntrospectNodeRequest(req, {
        headersCollector: (key, value) => {
          headers[key] = value;
        },
      });
      if (!match) {
        res.writeHead(404, { ...configuredHeaders(pathname), ...headers, 'content-type': 'text/html; charset=utf-8' });
        res.end(req.method === 'HEAD' ? undefined : notFoundPage);
        return;
      }
      response = match.response;
    }
    const out = {};
    response.headers.forEach((value, key) => {
      out[key] = value;
    });
    const hasBody = response.body && req.method !== 'HEAD' && response.status !== 204 && response.status !== 304;
    const encoder = hasBody && !out['content-encoding'] ? encoderFor(req, out['content-type']) : null;
    if (encoder) {
      delete out['content-length'];
      out['content-encoding'] = encoder.encoding;
      out.vary = out.vary ? `${out.vary}, Accept-Encoding` : 'Accept-Encoding';
    }
    // A file of the build is compressed once and kept (as a CDN keeps it): the same bytes, the
    // same compressed answer. Function answers are compressed as they stream.
    const compressed = encoder && !fn && response.status === 200 ? await compressedFile(response, encoder) : null;
    if (res.destroyed) return; // the browser gave up on it (a page left mid-load)
    if (compressed) out['content-length'] = String(compressed.length);
    res.writeHead(response.status, out);
    if (!hasBody) res.end();
    else if (compressed) res.end(compressed);
    else if (encoder) pipeline(Readable.fromWeb(response.body), encoder.stream(), res, () => {});
    else Readable.fromWeb(response.body).pipe(res);
  } catch (error) {
    if (res.destroyed || error?.code === 'ERR_STREAM_DESTROYED') return; // the browser gave up on it
    console.error('serve: request failed', req.method, req.url, error instanceof Error ? error.message : error);
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
    res.end('Internal error');
  }
});

server.listen(port, host, () => {
  console.log(`Inner Alchemy (production build) on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`);
});

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  // Never hang on the way out: whatever is still closing after two seconds is left to the OS.
  setTimeout(() => process.exit(0), 2000).unref();
  server.close();
  rmSync(bundleDir, { recursive: true, force: true });
  for (const f of await functions.catch(() => [])) f.fn.stop();
  await netlify.stop().catch(() => {});
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
