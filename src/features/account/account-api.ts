/**
 * The member's own account functions, called with their ID token: their data as a JSON file,
 * and deleting the account. Each answers a value, or an Error with a message to show.
 */
import { callAsMember } from '../../core/member-api';
import { downloadText } from '../../core/ui/download';
import { ACCOUNT_LINK_MESSAGES } from './account-links';

export const ACCOUNT_EXPORT_PATH = '/api/account-export';
export const ACCOUNT_DELETE_PATH = '/api/account-delete';

export const ACCOUNT_MESSAGES = {
  exportFailed: 'Your data could not be downloaded. Please try again.',
  deleteFailed: 'Your account could not be deleted. Please try again.',
} as const;

/** "Download my data": the member's data handed to the browser as a JSON file to save. */
export async function downloadMyData(): Promise<void> {
  const { text } = await callAsMember(ACCOUNT_EXPORT_PATH, { method: 'GET' }, ACCOUNT_MESSAGES.exportFailed);
  downloadText(text, 'inner-alchemy-my-data.json', 'application/json');
}

/** Deletes the account; a 401 (`status`) means the sign-in is too old. */
export async function deleteAccount(): Promise<void> {
  await callAsMember(
    ACCOUNT_DELETE_PATH,
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ confirm: 'DELETE' }) },
    ACCOUNT_MESSAGES.deleteFailed,
  );
}

export const ACCOUNT_EMAIL_PATH = '/api/account-email';
export const ACCOUNT_PASSWORD_PATH = '/api/account-password';

const postJson = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** Sends the verification link again; answers whether the address turned out verified already, and what to tell the member. */
export async function sendVerificationAgain(): Promise<{ verified: boolean; message: string }> {
  const { body } = await callAsMember(ACCOUNT_EMAIL_PATH, postJson({ action: 'verify' }), 'The link could not be sent. Please try again.');
  const verified = (body as { verified?: unknown } | null)?.verified === true;
  return { verified, message: verified ? 'Your email address is verified.' : ACCOUNT_LINK_MESSAGES.verificationSent };
}

/** Asks for a link to `email` that moves the account there; a 401 (`status`) means the sign-in is too old. */
export async function changeEmail(email: string): Promise<void> {
  await callAsMember(ACCOUNT_EMAIL_PATH, postJson({ action: 'change', email }), 'Your address could not be changed. Please try again.');
}

/** Sets a new password (every session ends); a 401 (`status`) means the sign-in is too old. */
export async function changePassword(password: string, confirmPassword: string): Promise<void> {
  await callAsMember(ACCOUNT_PASSWORD_PATH, postJson({ password, confirmPassword }), 'Your password could not be changed. Please try again.');
}
