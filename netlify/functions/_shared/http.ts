/**
 * What every function answers with: JSON bodies, the method check, a size-limited JSON body
 * reader, and errors that never carry a stack trace or a path.
 */

/** Largest request body any function reads, in bytes. */
export const MAX_BODY_BYTES = 16 * 1024;

/** An answer of `status` with `message` (safe to show); `detail`, for a 5xx, goes to the log line only. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

export function errorResponse(status: number, error: string, headers: Record<string, string> = {}): Response {
  return json({ error }, status, headers);
}

/** 405 with an Allow header unless the request uses one of `methods`. */
export function requireMethod(req: Request, ...methods: string[]): void {
  if (!methods.includes(req.method)) {
    throw new HttpError(405, `Method ${req.method} is not allowed; use ${methods.join(' or ')}.`);
  }
}

/** The raw body as text, refusing anything over `limit` bytes (413). */
export async function readText(req: Request, limit = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > limit) throw new HttpError(413, `Request body is larger than ${limit} bytes.`);
  const reader = req.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new HttpError(413, `Request body is larger than ${limit} bytes.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body must be valid JSON.');
  }
}

/** The body parsed as JSON (400 when it is not). */
export async function readJson(req: Request, limit = MAX_BODY_BYTES): Promise<unknown> {
  return parseJson(await readText(req, limit));
}

/** `text` as a JSON object: 400 when it is not JSON, or JSON but not an object. */
export function parseJsonObject(text: string): Record<string, unknown> {
  const value = parseJson(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new HttpError(400, 'Request body must be a JSON object.');
  return value as Record<string, unknown>;
}

/** The body parsed as a JSON object (400 when it is not JSON, or JSON but not an object). */
export async function readJsonObject(req: Request, limit = MAX_BODY_BYTES): Promise<Record<string, unknown>> {
  return parseJsonObject(await readText(req, limit));
}

/** The bearer token of the Authorization header, or a 401. */
export function bearerToken(req: Request): string {
  const header = req.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new HttpError(401, 'User not authenticated');
  return match[1];
}

/**
 * Runs a handler and turns what it throws into a JSON error: HttpError keeps its status and
 * message; anything else is logged once (name and message only) and answered with a 500.
 */
export function handle<C = unknown>(name: string, fn: (req: Request, context?: C) => Promise<Response>): (req: Request, context?: C) => Promise<Response> {
  return async (req, context) => {
    try {
      return await fn(req, context);
    } catch (error) {
      if (error instanceof HttpError) {
        if (error.status >= 500) console.error(`[${name}] ${error.status} ${error.message}${error.detail ? ` (${error.detail})` : ''}`);
        const headers: Record<string, string> = {};
        if (error.status === 405) headers.Allow = error.message.replace(/^.*use /, '').replace(/\.$/, '').split(' or ').join(', ');
        return errorResponse(error.status, error.message, headers);
      }
      console.error(`[${name}] 500 ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
      return errorResponse(500, 'Something went wrong. Please try again.');
    }
  };
}
