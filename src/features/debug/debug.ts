/**
 * The /debug set-up checks: how each answer is classed (success; a warning for
 * an unexpected product list or an auth check failure; error for a missing variable, a
 * connection failure, a table error, or a failing newsletter or products function).
 */

export type CheckStatus = 'success' | 'warning' | 'error';

export interface CheckResult {
  /** Stable key, e.g. "env:PUBLIC_SUPABASE_URL". */
  id: string;
  name: string;
  status: CheckStatus;
  message: string;
}

/** What an HTTP probe got: a response (status and parsed JSON body, when there was one) or no answer. */
export type ProbeOutcome = { kind: 'response'; status: number; body: unknown } | { kind: 'network-error'; message: string };

export const DEBUG_TABLES = ['profiles', 'stripe_customers', 'coaching_sessions', 'monthly_newsletter'] as const;

export function envCheck(name: string, present: boolean): CheckResult {
  return {
    id: `env:${name}`,
    name,
    status: present ? 'success' : 'error',
    message: present ? 'Set' : 'Missing: set it in the build environment',
  };
}

/** The `error` (or `message`) field of a JSON error body, if any. */
function errorText(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  for (const key of ['error', 'message']) {
    if (typeof record[key] === 'string' && record[key]) return record[key] as string;
  }
  return null;
}

const statusText = (status: number, body: unknown) => {
  const detail = errorText(body);
  return `HTTP ${status}${detail ? `: ${detail}` : ''}`;
};

export function connectionCheck(outcome: ProbeOutcome | null): CheckResult {
  const base = { id: 'db:connection', name: 'Database connection' };
  if (!outcome) return { ...base, status: 'error', message: 'Not configured: PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY are needed' };
  if (outcome.kind === 'network-error') return { ...base, status: 'error', message: `Connection failed: ${outcome.message}` };
  if (outcome.status >= 500) return { ...base, status: 'error', message: `Connection failed: ${statusText(outcome.status, outcome.body)}` };
  return { ...base, status: 'success', message: `Connected (HTTP ${outcome.status})` };
}

/**
 * A table read: an answer with rows is a pass; "permission denied" (42501) also proves the table
 * is there (its rows are private to members); anything else is a table error.
 */
export function tableCheck(table: string, outcome: ProbeOutcome | null): CheckResult {
  const base = { id: `table:${table}`, name: `Table ${table}` };
  if (!outcome) return { ...base, status: 'error', message: 'Not checked: the database is not configured' };
  if (outcome.kind === 'network-error') return { ...base, status: 'error', message: `Connection failed: ${outcome.message}` };
  if (outcome.status >= 200 && outcome.status < 300 && Array.isArray(outcome.body)) {
    const rows = outcome.body.length;
    return { ...base, status: 'success', message: rows ? 'Readable' : 'Readable (no rows visible to this session)' };
  }
  const code = typeof outcome.body === 'object' && outcome.body !== null ? (outcome.body as { code?: unknown }).code : undefined;
  if (code === '42501') return { ...base, status: 'success', message: 'Exists (its rows are private to their members)' };
  return { ...base, status: 'error', message: `Table error: ${statusText(outcome.status, outcome.body)}` };
}

export type AuthProbe = { kind: 'signedIn'; email: string | null } | { kind: 'signedOut' } | { kind: 'failed'; message: string };

export function authCheck(probe: AuthProbe): CheckResult {
  const base = { id: 'auth:session', name: 'Auth session' };
  switch (probe.kind) {
    case 'signedIn':
      return { ...base, status: 'success', message: `Signed in${probe.email ? ` as ${probe.email}` : ''}` };
    case 'signedOut':
      return { ...base, status: 'success', message: 'No one is signed in on this browser' };
    default:
      return { ...base, status: 'warning', message: `Could not read the session: ${probe.message}` };
  }
}

/**
 * A writing function's read-only health answer (`GET ?check`; nothing is stored): 200 means it
 * is deployed and has its database settings. A 429 is the platform's rate limit answering for
 * it, which proves it deployed and limited, so it passes too.
 */
function healthCheck(id: string, name: string, outcome: ProbeOutcome): CheckResult {
  const base = { id, name };
  if (outcome.kind === 'network-error') return { ...base, status: 'error', message: `Function failed: ${outcome.message}` };
  if (outcome.status >= 200 && outcome.status < 300) return { ...base, status: 'success', message: `Ready (HTTP ${outcome.status})` };
  if (outcome.status === 429) return { ...base, status: 'success', message: 'Deployed and rate-limited (HTTP 429): try again in a minute' };
  return { ...base, status: 'error', message: `Function failed: ${statusText(outcome.status, outcome.body)}` };
}

/** GET /api/newsletter-signup?check. */
export function newsletterCheck(outcome: ProbeOutcome): CheckResult {
  return healthCheck('fn:newsletter-signup', 'Newsletter function', outcome);
}

/** GET /api/forms?check: the function the future page's three forms post to. */
export function formsCheck(outcome: ProbeOutcome): CheckResult {
  return healthCheck('fn:forms', 'Forms function', outcome);
}

/** GET /api/stripe-products: an array is a pass, another shape a warning, a failure an error. */
export function productsCheck(outcome: ProbeOutcome): CheckResult {
  const base = { id: 'fn:stripe-products', name: 'Products function' };
  if (outcome.kind === 'network-error') return { ...base, status: 'error', message: `Function failed: ${outcome.message}` };
  if (outcome.status < 200 || outcome.status >= 300) {
    return { ...base, status: 'error', message: `Function failed: ${statusText(outcome.status, outcome.body)}` };
  }
  if (!Array.isArray(outcome.body)) return { ...base, status: 'warning', message: 'Unexpected product list format (expected an array)' };
  const n = outcome.body.length;
  return { ...base, status: 'success', message: `${n} product${n === 1 ? '' : 's'} listed` };
}

/**
 * GET /api/stripe-products?check: whether the live Stripe prices agree with the site's catalogue
 * (lookup keys, one-time or monthly, amounts, and any productType metadata; the site follows the
 * catalogue). Each disagreement is a warning, named with its price; not checked (a pass that says
 * so) while Stripe is not configured.
 */
export function catalogueCheck(outcome: ProbeOutcome): CheckResult {
  const base = { id: 'stripe:catalogue', name: 'Stripe prices and the catalogue' };
  if (outcome.kind === 'network-error') return { ...base, status: 'error', message: `Function failed: ${outcome.message}` };
  if (outcome.status < 200 || outcome.status >= 300) {
    return { ...base, status: 'error', message: `Function failed: ${statusText(outcome.status, outcome.body)}` };
  }
  const body = typeof outcome.body === 'object' && outcome.body !== null ? (outcome.body as { checked?: unknown; reason?: unknown; problems?: unknown }) : {};
  if (body.checked === false) return { ...base, status: 'success', message: `Not checked: ${typeof body.reason === 'string' ? body.reason : 'Stripe is not configured'}` };
  if (body.checked !== true || !Array.isArray(body.problems)) return { ...base, status: 'warning', message: 'Unexpected answer (expected { checked, problems })' };
  const problems = body.problems.map((p) => (typeof p === 'object' && p !== null && typeof (p as { problem?: unknown }).problem === 'string' ? (p as { problem: string }).problem : String(p)));
  if (problems.length === 0) return { ...base, status: 'success', message: 'Every active Stripe price agrees with the catalogue' };
  return { ...base, status: 'warning', message: `${problems.length} disagreement${problems.length === 1 ? '' : 's'} (run scripts/check-stripe-catalogue.mjs for the list): ${problems.join(' ')}` };
}

/**
 * GET /api/auth-sync?check: whether a sign-in can complete on the server (a Firebase service
 * account, or the emulator, and the database). Without it members sign in but get no profile.
 */
export function serverAuthCheck(outcome: ProbeOutcome): CheckResult {
  const base = { id: 'fn:auth-sync', name: 'Sign-in function' };
  if (outcome.kind === 'network-error') return { ...base, status: 'error', message: `Function failed: ${outcome.message}` };
  if (outcome.status < 200 || outcome.status >= 300) {
    return { ...base, status: 'error', message: `Function failed: ${statusText(outcome.status, outcome.body)}` };
  }
  const body = typeof outcome.body === 'object' && outcome.body !== null ? (outcome.body as { configured?: unknown; reason?: unknown }) : {};
  if (body.configured === true) return { ...base, status: 'success', message: 'Configured: sign-in can set up members’ accounts' };
  if (body.configured === false) {
    return { ...base, status: 'error', message: `Not configured${typeof body.reason === 'string' && body.reason ? `: ${body.reason}` : ''}` };
  }
  return { ...base, status: 'warning', message: 'Unexpected answer (expected { configured })' };
}

export interface CheckSummary {
  success: number;
  warning: number;
  error: number;
}

export function summarise(results: readonly CheckResult[]): CheckSummary {
  const summary: CheckSummary = { success: 0, warning: 0, error: 0 };
  for (const r of results) summary[r.status]++;
  return summary;
}
