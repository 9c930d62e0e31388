/**
 * A bundled function run the way AWS Lambda runs it (started by functions-bundle.mjs with
 * Lambda's Node flags, in the bundle's folder): the `awslambda` global of Lambda's Node
 * runtime (response streaming), the bundle's entry point imported, and each request handed to
 * its handler as the event Netlify sends. Loading happens before the first request, as on a
 * cold start; its time and any load error go back to the parent over IPC.
 *
 *   node --no-experimental-require-module --no-experimental-detect-module lambda-host.mjs <bundle> <entry> <name>
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';

const [bundleDir, entryFilename, name] = process.argv.slice(2);

/** What Lambda's runtime gives streaming handlers (HttpResponseStream carries the status line). */
class ResponseStream extends Writable {
  chunks = [];
  prelude = { statusCode: 200 };
  _write(chunk, _encoding, callback) {
    this.chunks.push(Buffer.from(chunk));
    callback();
  }
}
globalThis.awslambda = {
  streamifyResponse: (handler) => handler,
  HttpResponseStream: {
    from(stream, prelude) {
      stream.prelude = prelude;
      return stream;
    },
  },
};

let handler;
try {
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const entry = await import(pathToFileURL(path.join(bundleDir, entryFilename)).href);
  // The entry point loads the function module on the first request; a cold start pays for
  // both, so both are loaded (and timed) here. Its path is the one the entry point names
  // (netlify/functions/<name>.mjs, or <name>.mjs at the top when the bundle has no node_modules).
  const module = /getLambdaHandler\((['"])(.+?)\1\)/.exec(readFileSync(path.join(bundleDir, entryFilename), 'utf8'))?.[2];
  if (!module) throw new Error(`the entry point of ${name} names no function module`);
  await import(pathToFileURL(path.join(bundleDir, module)).href);
  handler = entry.handler;
  if (typeof handler !== 'function') throw new Error('the entry point exports no handler');
  const cpu = process.cpuUsage(cpuStarted);
  process.send({ type: 'ready', importMs: performance.now() - started, importCpuMs: (cpu.user + cpu.system) / 1000 });
} catch (error) {
  process.send({ type: 'load-error', error: error instanceof Error ? `${error.code ?? error.name}: ${error.message}` : String(error) });
  process.exit(1);
}

process.on('message', async (message) => {
  if (message?.type !== 'invoke') return;
  const { id, request } = message;
  const stream = new ResponseStream();
  const finished = new Promise((resolve) => stream.on('finish', resolve));
  const event = {
    rawUrl: request.url,
    httpMethod: request.method,
    headers: request.headers,
    body: request.body ? Buffer.from(request.body).toString('base64') : '',
    isBase64Encoded: true,
    flags: {},
  };
  const context = { awsRequestId: randomUUID(), getRemainingTimeInMillis: () => 10_000, callbackWaitsForEmptyEventLoop: true };
  try {
    await handler(event, stream, context);
    if (!stream.writableFinished) await finished;
    const headers = {};
    for (const [key, values] of Object.entries(stream.prelude.multiValueHeaders ?? stream.prelude.headers ?? {})) {
      headers[key] = Array.isArray(values) ? values.join(', ') : String(values);
    }
    process.send({ type: 'response', id, status: stream.prelude.statusCode, headers, body: Buffer.concat(stream.chunks) });
  } catch (error) {
    process.send({ type: 'response', id, error: error instanceof Error ? `${error.code ?? error.name}: ${error.message}` : String(error) });
  }
});
