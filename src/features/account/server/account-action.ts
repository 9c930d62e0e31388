/**
 * /api/account-action?mode=<mode>&code=<code>: the page every account link opens, ours, not
 * Firebase's (docs/decisions/accounts.md). It works without signing in and without script.
 *
 *   GET   checks the link and asks (a GET changes nothing: mail scanners open links themselves):
 *         verifyEmail "Confirm my email"; resetPassword the new password's form;
 *         verifyAndChangeEmail "Use this address"; undoEmailChange "Undo the change".
 *   POST  (the page's form) does it, on the server, and says what was done:
 *         verifyEmail           Firebase applies the code; the profile's address counts as proven.
 *         resetPassword         the spec's rules (equal, then 6 characters); Firebase sets the
 *                               password; every session of the account ends.
 *         verifyAndChangeEmail  Firebase moves the account to the new address; the profile follows;
 *                               every session ends; the old address, if it was proven, gets a
 *                               notice with the way to undo (the outbox, email_changed).
 *         undoEmailChange       our own signed link (EMAIL_LINK_SECRET, 30 days): while the
 *                               account still has the address it moved to, the old one comes back
 *                               (proven), and every session ends.
 * A code that is unknown, used or expired gets a page that says so and where to ask for a new
 * one (400); 503 when Firebase or email is not configured; 502 when they fail.
 */
import { createHash } from 'node:crypto';
import { SUPPORT_EMAIL } from '../../../core/config/site';
import { validateNewPassword } from '../auth-validation';
import { accountActionPage, type ActionPage } from './account-pages';
import { AuthAdminError, describeAdminError, firebaseActionCodes, firebaseUserAdmin, type ActionCodeInfo } from '../../../../netlify/functions/_shared/auth';
import { HttpError, readText, requireMethod } from '../../../../netlify/functions/_shared/http';
import { endpoint } from '../../../../netlify/functions/_shared/log';
import { pageHeaders } from '../../../../netlify/functions/_shared/page';
import { describeDbError, supabaseAdmin } from '../../../../netlify/functions/_shared/supabase';
import type { ActionMode } from './email/account-messages';
import { verifyEmailUndo } from '../../../../netlify/functions/_shared/email/links';
import type { Outbox } from '../../../../netlify/functions/_shared/email/outbox';
import { emailSettings, siteOrigin } from '../../../../netlify/functions/_shared/email/settings';

const NAME = 'account-action';
const MODES: readonly ActionMode[] = ['verifyEmail', 'resetPassword', 'verifyAndChangeEmail', 'undoEmailChange'];
const MAX_FORM_BYTES = 4096;
const MAX_CODE = 2048;

/** Firebase's request type for each of its modes. */
const ACTION_OF = { verifyEmail: 'VERIFY_EMAIL', resetPassword: 'PASSWORD_RESET', verifyAndChangeEmail: 'VERIFY_AND_CHANGE_EMAIL' } as const;

function page(state: ActionPage, status = 200): Response {
  return new Response(accountActionPage(state, { support: SUPPORT_EMAIL, site: siteOrigin() }), { status, headers: pageHeaders() });
}

/** A Firebase or database call that failed: the server's (502), logged once without an address. */
class Failed extends Error {}
function failed(what: string, error: unknown): never {
  throw new Failed(`${what}: ${error instanceof AuthAdminError ? describeAdminError(error) : error instanceof Error ? error.message : String(error)}`);
}

const invalidCode = (error: unknown) => error instanceof AuthAdminError && error.code === 'auth/invalid-action-code';

/** What the code is for, or null when it is not one (unknown, used, expired, or of another mode). */
async function checked(mode: Exclude<ActionMode, 'undoEmailChange'>, code: string): Promise<ActionCodeInfo | null> {
  try {
    const info = await firebaseActionCodes().check(code);
    return info.action === ACTION_OF[mode] ? info : null;
  } catch (error) {
    if (invalidCode(error)) return null;
    failed('checkActionCode', error);
  }
}

/** The profile follows the account: its address, proven. */
async function proveProfile(memberId: string, email: string): Promise<void> {
  const { error } = await supabaseAdmin().from('profiles').update({ email: email.toLowerCase(), email_verified: true }).eq('id', memberId);
  if (error) failed('profiles update', describeDbError('profiles update', error));
}

async function accountByEmail(email: string) {
  try {
    return await firebaseUserAdmin().getUserByEmail(email);
  } catch (error) {
    failed('accounts:lookup', error);
  }
}

/** The undo a link asks for while it still may be done, or null. */
function undoOf(code: string) {
  const settings = emailSettings();
  if (!settings) throw new HttpError(503, 'Email is not configured on this server.');
  const undo = verifyEmailUndo(settings.linkSecret, code);
  return undo && undo.expires > Date.now() ? undo : null;
}

async function ask(mode: ActionMode, code: string): Promise<Response> {
  if (mode === 'undoEmailChange') {
    const undo = undoOf(code);
    return undo ? page({ kind: 'confirm', mode, code, oldEmail: undo.oldEmail }) : page({ kind: 'expired', mode }, 400);
  }
  const info = await checked(mode, code);
  if (!info) return page({ kind: 'expired', mode }, 400);
  if (mode === 'resetPassword') return page({ kind: 'password', code, email: info.email });
  return page({ kind: 'confirm', mode, code, email: mode === 'verifyAndChangeEmail' ? info.newEmail : info.email });
}

async function act(outbox: Outbox, mode: ActionMode, code: string, form: URLSearchParams): Promise<Response> {
  const admin = firebaseUserAdmin();
  const codes = firebaseActionCodes();
  if (mode === 'undoEmailChange') {
    const undo = undoOf(code);
    if (!undo) return page({ kind: 'expired', mode }, 400);
    let current;
    try {
      current = await admin.getUser(undo.member);
    } catch (error) {
      if (error instanceof AuthAdminError && error.code === 'auth/user-not-found') return page({ kind: 'expired', mode }, 400);
      failed('accounts:lookup', error);
    }
    if (current.email?.toLowerCase() !== undo.newEmail.toLowerCase()) return page({ kind: 'expired', mode }, 400);
    try {
      await admin.updateUser(undo.member, { email: undo.oldEmail, emailVerified: true });
      await admin.revokeRefreshTokens(undo.member);
    } catch (error) {
      if (error instanceof AuthAdminError && error.code === 'auth/email-already-exists') return page({ kind: 'taken' }, 409);
      failed('accounts:update', error);
    }
    await proveProfile(undo.member, undo.oldEmail);
    return page({ kind: 'done', mode, email: undo.oldEmail });
  }

  const info = await checked(mode, code);
  if (!info) return page({ kind: 'expired', mode }, 400);
  const account = await accountByEmail(info.email);
  try {
    if (mode === 'resetPassword') {
      const password = form.get('password') ?? '';
      const problem = validateNewPassword({ password, confirmPassword: form.get('confirmPassword') ?? '' });
      if (problem) return page({ kind: 'password', code, email: info.email, error: problem }, 400);
      await codes.resetPassword(code, password);
    } else {
      await codes.apply(code);
    }
  } catch (error) {
    if (invalidCode(error)) return page({ kind: 'expired', mode }, 400);
    if (error instanceof AuthAdminError && error.code === 'auth/email-already-exists') return page({ kind: 'expired', mode }, 400);
    failed(mode, error);
  }

  if (mode === 'resetPassword') {
    try {
      await admin.revokeRefreshTokens(account.uid);
      // Opening a reset link proves the address, as Firebase counts it.
      if ((await admin.getUser(account.uid)).emailVerified) await proveProfile(account.uid, info.email);
    } catch (error) {
      failed('after the reset', error);
    }
    return page({ kind: 'done', mode });
  }
  if (mode === 'verifyEmail') {
    await proveProfile(account.uid, info.email);
    return page({ kind: 'done', mode, email: info.email });
  }
  // verifyAndChangeEmail
  const newEmail = info.newEmail ?? '';
  try {
    await admin.revokeRefreshTokens(account.uid);
  } catch (error) {
    failed('accounts:update', error);
  }
  await proveProfile(account.uid, newEmail);
  if (account.emailVerified) {
    // The notice goes to the old address only if it was proven (never to an address nobody confirmed).
    const ref = `changed:${createHash('sha256').update(code).digest('hex').slice(0, 32)}`;
    await outbox.queueEmail(supabaseAdmin(), 'email_changed', { member: account.uid, ref, params: { oldEmail: info.email.toLowerCase(), newEmail } });
  }
  return page({ kind: 'done', mode, email: newEmail });
}

/** The mode and code of a request, or null when they are not a link's. */
function linkOf(mode: string | null, code: string | null): { mode: ActionMode; code: string } | null {
  if (!mode || !code || code.length > MAX_CODE || !(MODES as readonly string[]).includes(mode)) return null;
  return { mode: mode as ActionMode, code };
}

/** The handler, sending through `outbox` (the site's, given by the entry). */
export const accountAction = (outbox: Outbox) => endpoint(NAME, async (req) => {
  requireMethod(req, 'GET', 'POST');
  try {
    if (req.method === 'GET') {
      const url = new URL(req.url);
      const link = linkOf(url.searchParams.get('mode'), url.searchParams.get('code'));
      return link ? await ask(link.mode, link.code) : page({ kind: 'expired', mode: null }, 400);
    }
    const form = new URLSearchParams(await readText(req, MAX_FORM_BYTES));
    const link = linkOf(form.get('mode'), form.get('code'));
    return link ? await act(outbox, link.mode, link.code, form) : page({ kind: 'expired', mode: null }, 400);
  } catch (error) {
    if (error instanceof HttpError && error.status === 503) {
      console.error(`[${NAME}] 503 ${error.message}`);
      return page({ kind: 'unavailable' }, 503);
    }
    if (error instanceof Failed) {
      console.error(`[${NAME}] 502 ${error.message}`);
      return page({ kind: 'unavailable' }, 502);
    }
    throw error;
  }
});
