/**
 * One log line per failure. `handle()` (http.ts) logs the 5xx errors it catches; `endpoint`
 * adds one warning line for each 4xx answer, and `upstreamFailure` logs a failed call to Stripe
 * or the database (with the detail) and answers with a safe message, so no failure is logged
 * twice and no detail reaches the caller.
 */
import { errorResponse, handle } from './http';

/**
 * `handle(name, fn)` plus a warning line for every 4xx answer (method, path, status, message),
 * and an `Upstream` error thrown anywhere in `fn` answered as `upstreamFailure(name, 502, ...)`.
 */
export function endpoint<C = unknown>(name: string, fn: (req: Request, context?: C) => Promise<Response>): (req: Request, context?: C) => Promise<Response> {
  const handled = handle<C>(name, async (req, context) => {
    try {
      return await fn(req, context);
    } catch (error) {
      if (error instanceof Upstream) return upstreamFailure(name, 502, error.publicMessage, error.detail);
      throw error;
    }
  });
  return async (req, context) => {
    const res = await handled(req, context);
    if (res.status >= 400 && res.status < 500) {
      let message = '';
      try {
        const body = (await res.clone().json()) as { error?: unknown };
        if (typeof body.error === 'string') message = body.error;
      } catch {
        /* not JSON */
      }
      console.warn(`[${name}] ${res.status} ${req.method} ${new URL(req.url).pathname}${message ? `: ${message}` : ''}`);
    }
    return res;
  };
}

/** Logs the failure of an upstream call once and answers `status` with a message safe to show. */
export function upstreamFailure(name: string, status: 500 | 502 | 503, publicMessage: string, detail: string): Response {
  console.error(`[${name}] ${status} ${publicMessage} (${detail})`);
  return errorResponse(status, publicMessage);
}

/**
 * A failed call to Stripe or the database deep inside a function: thrown where it happens and
 * answered once, where it is caught, with `upstreamFailure(name, 502, publicMessage, detail)`.
 * `publicMessage` is safe to show the caller; `detail` goes to the log only.
 */
export class Upstream extends Error {
  constructor(
    readonly publicMessage: string,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'Upstream';
  }
}
