/**
 * Whether the account set-up after the last sign-in worked, kept for the browser session: what
 * the dashboard shows with the page. The sync itself (its calls and retries) is
 * ./account-sync-actions.ts, loaded when a sign-in or the dashboard's "Try again" runs it, so the
 * dashboard does not carry it.
 */
import { atom } from 'nanostores';

/** The key under which a failed account sync is kept for the browser session. */
const ACCOUNT_SYNC_KEY = 'ia:account-sync-failed';

/**
 * Whether the account set-up after the last sign-in worked: 'failed' carries what the member
 * reads in the account area (the dashboard). Kept in sessionStorage, so the page the member
 * lands on after signing in still knows.
 */
export type AccountSync = { status: 'ok' } | { status: 'syncing' } | { status: 'failed'; message: string };

function storedAccountSync(): AccountSync {
  try {
    const message = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(ACCOUNT_SYNC_KEY);
    return message ? { status: 'failed', message } : { status: 'ok' };
  } catch {
    return { status: 'ok' };
  }
}

export const $accountSync = atom<AccountSync>(storedAccountSync());

const SERVER_ACCOUNT_SYNC: AccountSync = { status: 'ok' };
/** What $accountSync is on the server (no stored failure): an island hydrates with it, then reads the stored one. */
export const accountSyncOnServer = (): AccountSync => SERVER_ACCOUNT_SYNC;

export function setAccountSync(state: AccountSync): void {
  $accountSync.set(state);
  try {
    if (state.status === 'failed') sessionStorage.setItem(ACCOUNT_SYNC_KEY, state.message);
    else if (state.status === 'ok') sessionStorage.removeItem(ACCOUNT_SYNC_KEY);
  } catch {
    /* storage unavailable: the store alone says it */
  }
}
