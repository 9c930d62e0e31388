/**
 * Where a member goes after signing in or up: a `next` path carried in the address of /login
 * and /signup (set by the dashboard's guard, "Sign In to Purchase" and the checkout button).
 * Only a path on this site is followed; anything else (another origin, a protocol-relative
 * `//host`, a `/\host` that browsers read as one, a scheme, control characters) is ignored and
 * the member goes to /dashboard, so the parameter can never be an open redirect.
 */

export const NEXT_PARAM = 'next';
export const DEFAULT_AFTER_SIGN_IN = '/dashboard';

/** Pages that must not be a destination (they would send the member straight back). */
const NOT_DESTINATIONS = ['/login', '/signup'];

// Any C0 control, DEL, or C1 control: browsers strip tabs and newlines from URLs, so
// "/\t/evil.example" would become "//evil.example".
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** A same-origin path (with its query and fragment), or null when `raw` is not one. */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return null;
  if (CONTROL.test(raw) || raw.includes('\\')) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  let url: URL;
  try {
    const base = 'https://same-origin.invalid';
    url = new URL(raw, base);
    if (url.origin !== base) return null;
  } catch {
    return null;
  }
  // '/..//evil.example' resolves to the path '//evil.example', itself protocol-relative.
  if (url.pathname.startsWith('//')) return null;
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (NOT_DESTINATIONS.includes(path)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The `next` of a page's query string (`location.search`), when it is a safe path. */
export function nextFromSearch(search: string): string | null {
  return safeNextPath(new URLSearchParams(search).get(NEXT_PARAM));
}

/** Where to go after signing in from a page with this query string. */
export function destinationAfterSignIn(search: string): string {
  return nextFromSearch(search) ?? DEFAULT_AFTER_SIGN_IN;
}

/** `/login` (or `/signup`) carrying `next` when it is a safe path other than the default. */
export function authHref(page: '/login' | '/signup', next: string | null | undefined): string {
  const safe = safeNextPath(next);
  if (!safe || safe === DEFAULT_AFTER_SIGN_IN) return page;
  return `${page}?${NEXT_PARAM}=${encodeURIComponent(safe)}`;
}
