/**
 * A local stand-in for Resend, the email provider (netlify/functions/_shared/email/resend.ts),
 * for the function tests, the members' end-to-end run and `npm run dev:members`. The functions
 * are pointed at it with RESEND_API_URL and RESEND_API_KEY (`env`). It answers what the
 * functions call as Resend does:
 *
 *   POST /emails   `Authorization: Bearer <key>` (none: 401 missing_api_key; another key: 403
 *                  invalid_api_key), a JSON body with from, to (an address or up to 50), subject,
 *                  html and/or text, optional reply_to, headers, attachments ({ filename,
 *                  content (base64), content_type }) and tags (a missing field: 422
 *                  missing_required_field; a wrong one: 422 validation_error), and an optional
 *                  Idempotency-Key (at most 256 characters, else 400 invalid_idempotency_key): a
 *                  key seen with the same body answers the first answer and sends nothing; with
 *                  another body, 409 invalid_idempotent_request. 200 { id }. Errors have Resend's
 *                  shape { statusCode, name, message }.
 *
 * What it "sent" is kept, newest first: `GET /messages` answers it as JSON (to, subject, text,
 * html, headers, and from, reply_to, attachments' names and types, tags, created_at), `GET /` is
 * the inbox page (each message with its text and its HTML, in a sandboxed frame), and
 * `GET /messages/<id>/attachments/<n>` gives an attachment back. Test hooks (also over HTTP):
 * `fail(status, times)` / `POST /__fail { status, times }` answers the next `times` sends with
 * `status` (5xx: application_error), `POST /__reset` forgets everything. `runScheduled`, when
 * given (dev:members), adds a button to the inbox page that runs the hourly email run now.
 *
 * Runs in vitest and, unchanged, under plain Node (type stripping).
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const TEST_EMAIL_API_KEY = 're_standin_0000000000000000';

export interface StoredAttachment {
  filename: string;
  content_type: string;
  /** The decoded bytes, base64 (as sent). */
  content: string;
  size: number;
}

export interface StoredMessage {
  id: string;
  from: string;
  to: string[];
  reply_to: string[];
  subject: string;
  text: string | null;
  html: string | null;
  headers: Record<string, string>;
  attachments: StoredAttachment[];
  tags: { name: string; value: string }[];
  idempotency_key: string | null;
  created_at: string;
}

export interface EmailRequest {
  method: string;
  path: string;
  status: number;
  idempotencyKey: string | null;
}

export interface EmailStandIn {
  url: string;
  env: Record<'RESEND_API_URL' | 'RESEND_API_KEY', string>;
  /** What was sent, newest first. */
  messages: StoredMessage[];
  /** Every call to POST /emails with the status it got, in order. */
  requests: EmailRequest[];
  /** The next `times` sends (default 1) answer `status`. */
  fail(status: number, times?: number): void;
  reset(): void;
  close(): Promise<void>;
}

export interface EmailStandInOptions {
  port?: number;
  host?: string;
  apiKey?: string;
  /** For dev:members: runs the site's hourly email run; the inbox page gets a button for it. */
  runScheduled?: () => Promise<string>;
}

const ADDRESS = /^(?:[^<>]*<)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/;

function resendError(res: ServerResponse, statusCode: number, name: string, message: string): void {
  res.writeHead(statusCode, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ statusCode, name, message }));
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type Validated = { ok: true; message: Omit<StoredMessage, 'id' | 'created_at' | 'idempotency_key'> } | { ok: false; name: string; message: string };

const addresses = (value: unknown): string[] | null => {
  const list = typeof value === 'string' ? [value] : Array.isArray(value) ? value : null;
  if (!list || list.length === 0 || list.length > 50 || !list.every((a) => typeof a === 'string' && ADDRESS.test(a.trim()))) return null;
  return list.map((a: string) => a.trim());
};

/** The body checked as Resend checks what we send. */
function validate(body: unknown): Validated {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { ok: false, name: 'validation_error', message: 'The request body must be a JSON object.' };
  const b = body as Record<string, unknown>;
  for (const field of ['from', 'to', 'subject'] as const) {
    if (b[field] === undefined || b[field] === null || b[field] === '') return { ok: false, name: 'missing_required_field', message: `Missing \`${field}\` field.` };
  }
  if (b.html === undefined && b.text === undefined) return { ok: false, name: 'missing_required_field', message: 'Missing `html` or `text` field.' };
  if (typeof b.from !== 'string' || !ADDRESS.test(b.from.trim())) return { ok: false, name: 'validation_error', message: 'Invalid `from` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.' };
  const to = addresses(b.to);
  if (!to) return { ok: false, name: 'validation_error', message: 'Invalid `to` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.' };
  const replyTo = b.reply_to === undefined ? [] : addresses(b.reply_to);
  if (!replyTo) return { ok: false, name: 'validation_error', message: 'Invalid `reply_to` field.' };
  if (typeof b.subject !== 'string') return { ok: false, name: 'validation_error', message: 'Invalid `subject` field.' };
  for (const part of ['html', 'text'] as const) {
    if (b[part] !== undefined && typeof b[part] !== 'string') return { ok: false, name: 'validation_error', message: `Invalid \`${part}\` field.` };
  }
  const headers = b.headers ?? {};
  if (typeof headers !== 'object' || Array.isArray(headers) || !Object.values(headers as object).every((v) => typeof v === 'string')) {
    return { ok: false, name: 'validation_error', message: 'Invalid `headers` field.' };
  }
  const attachments: StoredAttachment[] = [];
  for (const a of (b.attachments ?? []) as unknown[]) {
    const item = a as { filename?: unknown; content?: unknown; content_type?: unknown };
    if (!item || typeof item.filename !== 'string' || typeof item.content !== 'string' || !/^[A-Za-z0-9+/=\s]*$/.test(item.content)) {
      return { ok: false, name: 'validation_error', message: 'Invalid `attachments` field.' };
    }
    attachments.push({
      filename: item.filename,
      content_type: typeof item.content_type === 'string' ? item.content_type : 'application/octet-stream',
      content: item.content,
      size: Buffer.from(item.content, 'base64').length,
    });
  }
  const tags = Array.isArray(b.tags) ? (b.tags as { name: string; value: string }[]) : [];
  return {
    ok: true,
    message: {
      from: b.from.trim(),
      to,
      reply_to: replyTo,
      subject: b.subject,
      text: typeof b.text === 'string' ? b.text : null,
      html: typeof b.html === 'string' ? b.html : null,
      headers: headers as Record<string, string>,
      attachments,
      tags,
    },
  };
}

function inboxPage(messages: StoredMessage[], canRun: boolean, note: string | null): string {
  const rows = messages
    .map(
      (m) =>
        `<li><a href="/messages/${encodeURIComponent(m.id)}"><strong>${escape(m.subject)}</strong></a><br>` +
        `<span>to ${escape(m.to.join(', '))} · ${escape(new Date(m.created_at).toLocaleString('en-GB', { timeZone: 'UTC' }))} UTC` +
        `${m.attachments.length ? ` · ${m.attachments.length} attachment${m.attachments.length === 1 ? '' : 's'}` : ''}</span></li>`,
    )
    .join('');
  const run = canRun
    ? `<form method="post" action="/__run"><button>Run the hourly email run now</button></form><p class="quiet">It sends what is due (the day-before reminders) and retries what failed, as the scheduled function does every hour.</p>`
    : '';
  return page(
    'Local inbox',
    `<p>Every email the functions send locally lands here instead of in a real inbox (newest first). As JSON: <a href="/messages">/messages</a>.</p>` +
      (note ? `<p role="status"><strong>${escape(note)}</strong></p>` : '') +
      run +
      `<p><a href="/">Refresh</a></p>` +
      (messages.length ? `<ol class="inbox">${rows}</ol>` : '<p>Nothing sent yet. Buy something or save a coaching seat, then refresh.</p>'),
  );
}

function messagePage(m: StoredMessage): string {
  const headers = Object.entries({ From: m.from, To: m.to.join(', '), 'Reply-To': m.reply_to.join(', '), ...m.headers })
    .filter(([, v]) => v)
    .map(([k, v]) => `<tr><th scope="row">${escape(k)}</th><td>${escape(v)}</td></tr>`)
    .join('');
  const attachments = m.attachments.length
    ? `<h2>Attachments</h2><ul>${m.attachments.map((a, i) => `<li><a href="/messages/${encodeURIComponent(m.id)}/attachments/${i}">${escape(a.filename)}</a> (${escape(a.content_type)}, ${a.size} bytes)</li>`).join('')}</ul>`
    : '';
  return page(
    m.subject,
    `<p><a href="/">Back to the inbox</a></p><table>${headers}</table>${attachments}` +
      `<h2>HTML part</h2>${m.html ? `<iframe title="The HTML part" sandbox srcdoc="${escape(m.html)}"></iframe>` : '<p>None.</p>'}` +
      `<h2>Text part</h2>${m.text ? `<pre>${escape(m.text)}</pre>` : '<p>None.</p>'}`,
  );
}

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)} · email stand-in</title>` +
    `<style>body{font:16px/1.5 system-ui,sans-serif;max-width:52rem;margin:0 auto;padding:1.5rem;color:#2a1f3d}ol.inbox{padding-left:1.25rem}ol.inbox li{margin:0 0 .75rem}` +
    `iframe{width:100%;height:34rem;border:1px solid #d6c3ea;border-radius:.5rem}pre{white-space:pre-wrap;background:#f5f0fa;padding:1rem;border-radius:.5rem}` +
    `th{text-align:left;padding-right:1rem;vertical-align:top}td{word-break:break-all}.quiet{color:#4d4160;font-size:.9rem}</style></head>` +
    `<body><main><h1>${escape(title)}</h1>${body}</main></body></html>`
  );
}

export async function startEmailStandIn(options: EmailStandInOptions = {}): Promise<EmailStandIn> {
  const host = options.host ?? '127.0.0.1';
  const apiKey = options.apiKey ?? TEST_EMAIL_API_KEY;
  const messages: StoredMessage[] = [];
  const requests: EmailRequest[] = [];
  /** Idempotency key -> the body's hash and the answer given. */
  const keys = new Map<string, { hash: string; id: string }>();
  let faults: { status: number; times: number } | null = null;
  let note: string | null = null;

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', `http://${host}`);
    const route = `${req.method} ${url.pathname}`;
    try {
      if (route === 'POST /emails') {
        const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
        const answer = (status: number) => requests.push({ method: 'POST', path: '/emails', status, idempotencyKey });
        const raw = await bodyOf(req);
        const auth = req.headers.authorization;
        if (!auth) {
          answer(401);
          return resendError(res, 401, 'missing_api_key', 'Missing API key in the authorization header. Include the following header Authorization: Bearer YOUR_API_KEY in the request.');
        }
        if (auth !== `Bearer ${apiKey}`) {
          answer(403);
          return resendError(res, 403, 'invalid_api_key', 'API key is invalid');
        }
        if (faults && faults.times > 0) {
          const { status } = faults;
          faults.times -= 1;
          if (faults.times === 0) faults = null;
          answer(status);
          return resendError(res, status, status >= 500 ? 'application_error' : 'validation_error', 'The stand-in was told to fail this request.');
        }
        if (idempotencyKey !== null && (idempotencyKey.length === 0 || idempotencyKey.length > 256)) {
          answer(400);
          return resendError(res, 400, 'invalid_idempotency_key', 'The key must be between 1-256 chars.');
        }
        let body: unknown;
        try {
          body = JSON.parse(raw);
        } catch {
          answer(422);
          return resendError(res, 422, 'validation_error', 'The request body is not valid JSON.');
        }
        const hash = createHash('sha256').update(raw).digest('hex');
        const seen = idempotencyKey ? keys.get(idempotencyKey) : undefined;
        if (seen) {
          if (seen.hash !== hash) {
            answer(409);
            return resendError(res, 409, 'invalid_idempotent_request', 'Same idempotency key used with a different request payload. Change your idempotency key or payload.');
          }
          answer(200);
          return sendJson(res, 200, { id: seen.id });
        }
        const checked = validate(body);
        if (!checked.ok) {
          answer(422);
          return resendError(res, 422, checked.name, checked.message);
        }
        const id = randomUUID();
        messages.unshift({ id, ...checked.message, idempotency_key: idempotencyKey, created_at: new Date().toISOString() });
        if (idempotencyKey) keys.set(idempotencyKey, { hash, id });
        answer(200);
        return sendJson(res, 200, { id });
      }
      if (route === 'GET /messages') {
        const to = url.searchParams.get('to');
        return sendJson(
          res,
          200,
          messages.filter((m) => !to || m.to.includes(to)).map(({ attachments, ...m }) => ({ ...m, attachments: attachments.map(({ filename, content_type, size }) => ({ filename, content_type, size })) })),
        );
      }
      const attachment = /^GET \/messages\/([^/]+)\/attachments\/(\d+)$/.exec(route);
      if (attachment) {
        const file = messages.find((m) => m.id === decodeURIComponent(attachment[1]!))?.attachments[Number(attachment[2])];
        if (!file) return sendJson(res, 404, { error: 'No such attachment' });
        res.writeHead(200, { 'Content-Type': file.content_type, 'Content-Disposition': `attachment; filename="${file.filename.replace(/"/g, '')}"` });
        return res.end(Buffer.from(file.content, 'base64'));
      }
      const one = /^GET \/messages\/([^/]+)$/.exec(route);
      if (one) {
        const message = messages.find((m) => m.id === decodeURIComponent(one[1]!));
        res.writeHead(message ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
        return res.end(message ? messagePage(message) : page('Not found', '<p>No such message. <a href="/">Back to the inbox</a></p>'));
      }
      if (route === 'GET /') {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(inboxPage(messages, Boolean(options.runScheduled), note));
        note = null;
        return;
      }
      if (route === 'POST /__run' && options.runScheduled) {
        await bodyOf(req);
        note = await options.runScheduled().catch((error: unknown) => `The run failed: ${error instanceof Error ? error.message : String(error)}`);
        res.writeHead(303, { Location: '/' });
        return res.end();
      }
      if (route === 'POST /__fail') {
        const rule = JSON.parse((await bodyOf(req)) || '{}') as { status?: number; times?: number };
        api.fail(Number(rule.status ?? 500), Number(rule.times ?? 1));
        return sendJson(res, 200, { ok: true });
      }
      if (route === 'POST /__reset') {
        await bodyOf(req);
        api.reset();
        return sendJson(res, 200, { ok: true });
      }
      return resendError(res, 404, 'not_found', 'The requested endpoint does not exist.');
    } catch (error) {
      return resendError(res, 500, 'internal_server_error', error instanceof Error ? error.message : String(error));
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const base = `http://${host}:${port}`;

  const api: EmailStandIn = {
    url: base,
    env: { RESEND_API_URL: base, RESEND_API_KEY: apiKey },
    messages,
    requests,
    fail(status, times = 1) {
      faults = { status, times };
    },
    reset() {
      messages.length = 0;
      requests.length = 0;
      keys.clear();
      faults = null;
      note = null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return api;
}
