/**
 * The member's own account functions, called with their ID token: their data as a JSON file,
 * and deleting the account. Each answers a value, or an Error with a message to show.
 */
import { callAsMember } from '../../core/member-api';

export const ACCOUNT_EXPORT_PATH = '/api/account-export';
export const ACCOUNT_DELETE_PATH = '/api/account-delete';

export const ACCOUNT_MESSAGES = {
  exportFailed: 'Your data could not be downloaded. Please try again.',
  deleteFailed: 'Your account could not be deleted. Please try again.',
} as const;

/** The member's data as a JSON Blob. */
export async function exportAccount(): Promise<Blob> {
  const { text } = await callAsMember(ACCOUNT_EXPORT_PATH, { method: 'GET' }, ACCOUNT_MESSAGES.exportFailed);
  return new Blob([text], { type: 'application/json' });
}

/** Deletes the account; a 401 (`status`) means the sign-in is too old. */
export async function deleteAccount(): Promise<void> {
  await callAsMember(
    ACCOUNT_DELETE_PATH,
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ confirm: 'DELETE' }) },
    ACCOUNT_MESSAGES.deleteFailed,
  );
}
