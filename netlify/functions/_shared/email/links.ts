/**
 * Links in a message that work without signing in: the member's id and what the link may do,
 * signed with the server's secret (EMAIL_LINK_SECRET, HMAC-SHA256), so nobody can make one for
 * another member and the link carries no address. They do not expire (a reminder read weeks
 * later still turns reminders off); changing the secret voids every link already sent.
 *
 *   token = <purpose>.<member id, base64url>.<signature, base64url>
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a signed link may do. */
export const LINK_PURPOSES = ['reminders'] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];

/** The path the links lead to (netlify/functions/email-preferences.mts). */
export const PREFERENCES_PATH = '/api/email-preferences';

const signature = (secret: string, purpose: LinkPurpose, member: string) =>
  createHmac('sha256', secret).update(`inner-alchemy/email-link/v1\n${purpose}\n${member}`, 'utf8').digest();

export function signLink(secret: string, purpose: LinkPurpose, member: string): string {
  return `${purpose}.${Buffer.from(member, 'utf8').toString('base64url')}.${signature(secret, purpose, member).toString('base64url')}`;
}

/** The member and purpose of a token signed with `secret`, or null for anything else. */
export function verifyLink(secret: string, token: string): { purpose: LinkPurpose; member: string } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [purpose, encoded, sig] = parts as [string, string, string];
  if (!(LINK_PURPOSES as readonly string[]).includes(purpose) || !/^[A-Za-z0-9_-]+$/.test(encoded) || !/^[A-Za-z0-9_-]+$/.test(sig)) return null;
  const member = Buffer.from(encoded, 'base64url').toString('utf8');
  if (!member || member.length > 128 || Buffer.from(member, 'utf8').toString('base64url') !== encoded) return null;
  const expected = signature(secret, purpose as LinkPurpose, member);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { purpose: purpose as LinkPurpose, member };
}

/** The path of a member's signed link (to join to the site's address). */
export function preferencesPath(secret: string, purpose: LinkPurpose, member: string): string {
  return `${PREFERENCES_PATH}?t=${encodeURIComponent(signLink(secret, purpose, member))}`;
}

/** How long the undo link in an email-change notice works. */
export const UNDO_EMAIL_DAYS = 30;

/** What an undo link may do: put `oldEmail` back on `member`'s account while it still has `newEmail`. */
export interface EmailUndo {
  member: string;
  oldEmail: string;
  newEmail: string;
  /** Until when the link works (epoch ms). */
  expires: number;
}

const undoSignature = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`inner-alchemy/email-link/v1\nundo-email\n${payload}`, 'utf8').digest();

/** The token of an undo link: its fields (base64url JSON) and their signature. */
export function signEmailUndo(secret: string, undo: EmailUndo): string {
  const payload = Buffer.from(JSON.stringify({ m: undo.member, o: undo.oldEmail, n: undo.newEmail, e: undo.expires }), 'utf8').toString('base64url');
  return `${payload}.${undoSignature(secret, payload).toString('base64url')}`;
}

/** The undo a token signed with `secret` asks for, or null for anything else (expiry is the caller's to judge). */
export function verifyEmailUndo(secret: string, token: string): EmailUndo | null {
  const [payload, sig, extra] = token.split('.');
  if (!payload || !sig || extra !== undefined || !/^[A-Za-z0-9_-]+$/.test(payload) || !/^[A-Za-z0-9_-]+$/.test(sig)) return null;
  const expected = undoSignature(secret, payload);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const v = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof v.m !== 'string' || typeof v.o !== 'string' || typeof v.n !== 'string' || typeof v.e !== 'number') return null;
    return { member: v.m, oldEmail: v.o, newEmail: v.n, expires: v.e };
  } catch {
    return null;
  }
}
