/**
 * How the Stripe stand-in reads a request and answers: Stripe's form-encoded parameters, its JSON
 * answers and errors, and the HTML of its own pages (the payment page, the portal, the admin page).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The one secret key the stand-in accepts (`Authorization: Bearer …`), as the functions' env gives it. */
export const TEST_SECRET_KEY = 'sk_test_double_000000000000';

/** A request to the API as a resource's routes read it: "GET /v1/prices", the query and the form body, flattened. */
export interface ApiRequest {
  route: string;
  query: Record<string, string>;
  form: Record<string, string>;
}

export function flatten(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of params) out[key] = value;
  return out;
}

/** Every value of an array parameter such as expand[] / expand[0]. */
export function arrayParam(params: Record<string, string>, name: string): string[] {
  return Object.entries(params)
    .filter(([key]) => key === name || key.startsWith(`${name}[`))
    .map(([, value]) => value);
}

/** Answers JSON; true, so that a route can `return send(…)` to say it answered. */
export function send(res: ServerResponse, status: number, body: unknown): true {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_double_${Date.now()}` });
  res.end(JSON.stringify(body));
  return true;
}

export function stripeError(res: ServerResponse, status: number, message: string, type = 'invalid_request_error'): true {
  return send(res, status, { error: { type, message, ...(status === 404 ? { code: 'resource_missing' } : {}) } });
}

export async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>` +
  `<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}button{margin:.25rem .5rem .25rem 0;padding:.5rem 1rem}td,th{padding:.25rem .5rem;text-align:left}</style></head>` +
  `<body><main><h1>${title}</h1>${body}</main></body></html>`;

export const html = (res: ServerResponse, status: number, body: string): true => {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(body);
  return true;
};

export const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
