/**
 * The dashboard's note when the account set-up after sign-in is not complete (./Dashboard.tsx
 * decides when; this loads only then): the sync's failure (after its retries), or a profile row
 * that does not exist yet. "Try again" runs the sync once more and reads the profile again.
 */
import { useState } from 'react';
import { $profile } from '../../core/profile/store';
import { retryAccountSync } from './account-sync-actions';

/** Shown while the member's profile row does not exist (yet). */
const PROFILE_MISSING_MESSAGE = 'Your account is still being set up, so your profile details are not here yet.';

/** `failure`: the sync's message when it failed; null while the profile row is missing. */
export default function AccountSetupNote({ failure }: { failure: string | null }) {
  const [trying, setTrying] = useState(false);
  const tryAgain = async () => {
    setTrying(true);
    try {
      await retryAccountSync();
    } catch (error) {
      console.error('Account set-up: could not try again', error);
    } finally {
      void $profile.reload();
      setTrying(false);
    }
  };
  const failed = failure !== null;
  return (
    <div
      role={failed ? 'alert' : 'status'}
      className={`flex flex-wrap items-center justify-between gap-3 rounded-xl border px-4 py-3 text-sm font-medium ${
        failed ? 'border-rose-600/30 bg-rose-100 text-rose-600' : 'border-plum-200 bg-plum-50 text-plum-800'
      }`}
      data-account-setup={failed ? 'failed' : 'missing-profile'}
    >
      <p>{failed ? failure : PROFILE_MISSING_MESSAGE}</p>
      <button type="button" className="btn btn-outline min-h-10 px-4 py-1.5 text-sm" onClick={tryAgain} disabled={trying}>
        {trying ? 'Trying again…' : 'Try again'}
      </button>
    </div>
  );
}
