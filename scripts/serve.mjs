#!/usr/bin/env node
/**
 * `npm start`: serves the production build the way Netlify serves it. @netlify/dev answers
 * each request from the publish folder (dist/), with the netlify.toml redirects and headers
 * and the functions in netlify/functions; what it does not match gets dist/404.html with 404.
 * Text answers are compressed (brotli, else gzip) as Netlify's CDN compresses them, so sizes and
 * Lighthouse timings here are those of a deploy.
 *
 *   PORT (default 4321), HOST (default 127.0.0.1)
 */
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { Readable, pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { NetlifyDev } from '@netlify/dev';
import { FunctionsHandler } from '@netlify/functions-dev';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const dist = path.join(root, 'dist');
const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '127.0.0.1';

if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('No build found in dist/. Run `npm run build` first.');
  process.exit(1);
}

// @netlify/dev rebuilds a function (esbuild and a dependency trace) before every invocation, so
// that edits show up during development: 1 to 12 seconds a call here. A deployed function is
// built once; so is this one: after its first build, invocations use that build.
const invokeHandler = FunctionsHandler.prototype.invoke;
FunctionsHandler.prototype.invoke = function (request, route, func, buildDirectory) {
  const proto = Object.getPrototypeOf(func);
  if (!proto.__builtOnce) {
    const invokeFunction = proto.invoke;
    proto.invoke = function (options) {
      const built = this.buildData && !this.buildError;
      return invokeFunction.call(this, built ? { ...options, buildDirectory: undefined } : options);
    };
    proto.__builtOnce = true;
  }
  return invokeHandler.call(this, request, route, func, buildDirectory);
};

const netlify = new NetlifyDev({
  projectRoot: root,
  // Offline and static: no Deno download for edge functions, no image CDN, no blobs, no linked site.
  edgeFunctions: { enabled: false },
  images: { enabled: false },
  blobs: { enabled: false },
  database: { enabled: false },
  aiGateway: { enabled: false },
  geolocation: { enabled: false },
  serverAddress: null,
});
await netlify.start();

/** Content types a CDN compresses. */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

/** A compressing stream for what the client accepts, or null (with the header to send). */
function encoderFor(req, contentType) {
  if (!COMPRESSIBLE.test(contentType ?? '')) return null;
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    return { encoding: 'br', stream: zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } }) };
  }
  if (/\bgzip\b/.test(accepted)) return { encoding: 'gzip', stream: zlib.createGzip({ level: 6 }) };
  return null;
}

const notFoundPage = await readFile(path.join(dist, '404.html')).catch(() => Buffer.from('Not found'));

const server = createServer(async (req, res) => {
  try {
    const headers = {};
    const match = await netlify.handleAndIntrospectNodeRequest(req, {
      headersCollector: (key, value) => {
        headers[key] = value;
      },
    });
    if (!match) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8', ...headers });
      res.end(notFoundPage);
      return;
    }
    const { response } = match;
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
    if (res.destroyed) return; // the browser gave up on it (a page left mid-load)
    res.writeHead(response.status, out);
    if (!hasBody) res.end();
    else if (encoder) pipeline(Readable.fromWeb(response.body), encoder.stream, res, () => {});
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

const stop = async () => {
  server.close();
  await netlify.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
