/**
 * The account's messages for the outbox (./kinds.ts): each goes to the address it is about,
 * the only messages that may go to an address not yet proven (they are how it is proven). The
 * one-time code in each link is made by Firebase when the message is sent
 * (firebaseUserAdmin().emailActionCode) and is kept nowhere else; a retried send makes a new one.
 *
 *   email_verification  to the account's address now, unless it is verified by then
 *   password_reset      to the account's address now
 *   email_change        to the new address (params.newEmail); skipped if it has an account meanwhile
 *   email_changed       to the old address (params.oldEmail), with the signed undo link
 *
 * The account is read live (Identity Toolkit), not from the profile: an account deleted since is
 * skipped. docs/decisions/accounts.md.
 */
import { AuthAdminError, firebaseUserAdmin, type AuthUser } from '../../../../../netlify/functions/_shared/auth';
import { Upstream } from '../../../../../netlify/functions/_shared/log';
import { describeDbError, type AdminDb } from '../../../../../netlify/functions/_shared/supabase';
import { actionPath, emailChangedMessage, emailChangeMessage, passwordResetMessage, verificationMessage } from './account-messages';
import { signEmailUndo, UNDO_EMAIL_DAYS } from '../../../../../netlify/functions/_shared/email/links';
import type { Recipient } from '../../../../../netlify/functions/_shared/email/messages';
import type { Preparers } from '../../../../../netlify/functions/_shared/email/outbox';
import type { OutboxRow, Preparer } from '../../../../../netlify/functions/_shared/email/prepared';

export const ACCOUNT_SKIP = {
  gone: 'the account no longer exists',
  verified: 'the address is verified already',
  taken: 'the new address has an account now',
  noAddress: 'the account has no email address',
} as const;

/** The member's name from their profile (null without one). */
async function recipientOf(db: AdminDb, member: string): Promise<Recipient> {
  const { data, error } = await db.from('profiles').select('full_name').eq('id', member).maybeSingle<{ full_name: string | null }>();
  if (error) throw new Upstream('The message could not be prepared.', describeDbError('profiles select', error));
  return { name: data?.full_name ?? null };
}

/** The account as Firebase has it now, or null when it is gone. */
async function accountOf(member: string): Promise<AuthUser | null> {
  try {
    return await firebaseUserAdmin().getUser(member);
  } catch (error) {
    if (error instanceof AuthAdminError && error.code === 'auth/user-not-found') return null;
    throw error;
  }
}

const paramText = (row: OutboxRow, key: string): string | null => {
  const params = row.params;
  const value = params && typeof params === 'object' && !Array.isArray(params) ? params[key] : undefined;
  return typeof value === 'string' && value ? value : null;
};

export const prepareEmailVerification: Preparer = async (db, row) => {
  const account = await accountOf(row.user_id);
  if (!account) return { skip: ACCOUNT_SKIP.gone };
  if (!account.email) return { skip: ACCOUNT_SKIP.noAddress };
  if (account.emailVerified) return { skip: ACCOUNT_SKIP.verified };
  const code = await firebaseUserAdmin().emailActionCode('VERIFY_EMAIL', account.email);
  return { to: account.email, composed: { content: verificationMessage(await recipientOf(db, row.user_id), actionPath('verifyEmail', code)) } };
};

export const preparePasswordReset: Preparer = async (db, row) => {
  const account = await accountOf(row.user_id);
  if (!account) return { skip: ACCOUNT_SKIP.gone };
  if (!account.email) return { skip: ACCOUNT_SKIP.noAddress };
  const code = await firebaseUserAdmin().emailActionCode('PASSWORD_RESET', account.email);
  return { to: account.email, composed: { content: passwordResetMessage(await recipientOf(db, row.user_id), actionPath('resetPassword', code)) } };
};

export const prepareEmailChange: Preparer = async (db, row) => {
  const newEmail = paramText(row, 'newEmail');
  if (!newEmail) return null;
  const account = await accountOf(row.user_id);
  if (!account) return { skip: ACCOUNT_SKIP.gone };
  if (!account.email) return { skip: ACCOUNT_SKIP.noAddress };
  let code: string;
  try {
    code = await firebaseUserAdmin().emailActionCode('VERIFY_AND_CHANGE_EMAIL', account.email, newEmail);
  } catch (error) {
    if (error instanceof AuthAdminError && error.code === 'auth/email-already-exists') return { skip: ACCOUNT_SKIP.taken };
    throw error;
  }
  return { to: newEmail, composed: { content: emailChangeMessage(await recipientOf(db, row.user_id), actionPath('verifyAndChangeEmail', code)) } };
};

export const prepareEmailChanged: Preparer = async (db, row, { settings, now }) => {
  const oldEmail = paramText(row, 'oldEmail');
  const newEmail = paramText(row, 'newEmail');
  if (!oldEmail || !newEmail) return null;
  const token = signEmailUndo(settings.linkSecret, { member: row.user_id, oldEmail, newEmail, expires: now.getTime() + UNDO_EMAIL_DAYS * 86_400_000 });
  return { to: oldEmail, composed: { content: emailChangedMessage(await recipientOf(db, row.user_id), newEmail, actionPath('undoEmailChange', token)) } };
};

/** The account's kinds of message, for the outbox (netlify/functions/_registry/emails.ts combines every feature's). */
export const ACCOUNT_EMAILS = {
  email_verification: prepareEmailVerification,
  password_reset: preparePasswordReset,
  email_change: prepareEmailChange,
  email_changed: prepareEmailChanged,
} satisfies Partial<Preparers>;
