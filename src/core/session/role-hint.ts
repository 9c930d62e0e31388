/**
 * The role hint: whether the ID token this browser keeps for its member (the session record,
 * ./session-record.ts) carries a role's custom claim (`coach: true`, `owner: true`). A page only
 * one role opens (/coach, /coach/numbers) hydrates its island with `client:role="<role>"`,
 * which asks this first, so a member without the role downloads nothing for it.
 *
 * A hint, not a check: the token is only read, never verified here; the role's functions verify
 * it and read the claim on the live account too (netlify/functions/_shared/roles.ts). A claim
 * given after the token was issued shows at the next sign-in, as `npm run <role>:grant` says.
 */
import { SESSION_RECORD_KEY } from './session-record';

/** The claims of a JWT's payload, or null when `token` is not one. */
export function tokenClaims(token: unknown): Record<string, unknown> | null {
  if (typeof token !== 'string') return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Whether the session record `text` (as local storage holds it) has a token with `role`'s claim. */
export function recordHoldsRole(text: string | null, role: string): boolean {
  if (!text) return false;
  try {
    return tokenClaims((JSON.parse(text) as { idToken?: unknown }).idToken)?.[role] === true;
  } catch {
    return false;
  }
}

/** Whether this browser's member holds `role`, as far as their token says (false without storage). */
export function holdsRole(role: string): boolean {
  try {
    return recordHoldsRole(localStorage.getItem(SESSION_RECORD_KEY), role);
  } catch {
    return false;
  }
}
