/**
 * "Your Account" on the dashboard: "Download my data" (a JSON file of the profile, coaching
 * signups, subscription and purchases) and "Delete my account", which opens its dialog
 * (./DeleteAccountDialog.tsx, loaded on the first tap).
 */
import { lazy, Suspense, useState } from 'react';
import { exportAccount } from './account-api';
import Card from '../../core/ui/Card';

export const DELETED_HEADING = 'Your account has been deleted';

/**
 * What the dashboard shows once the account is gone. It says the member is signed out only once
 * this browser has forgotten them (the session, the signed-in hint, what was kept offline);
 * until then, that it is signing them out.
 */
export function AccountDeleted({ signedOut }: { signedOut: boolean }) {
  return (
    <div className="container-page section max-w-2xl space-y-4" data-account-deleted>
      <h1 className="text-title font-semibold">{DELETED_HEADING}</h1>
      <p className="text-lg text-ink-soft" role="status">
        {signedOut ? 'You are signed out.' : 'Signing you out of this browser…'} Your membership is cancelled, your coaching seats are given
        back, and your profile and sign-in are deleted. Thank you for the time you spent with us.
      </p>
      <p>
        <a href="/" className="btn btn-primary">
          Return Home
        </a>
      </p>
    </div>
  );
}

/** The deletion's dialog loads when the member first asks for it, not with the dashboard. */
const DeleteAccountDialog = lazy(() => import('./DeleteAccountDialog'));

export default function AccountActions({ onDeleted }: { onDeleted: () => void }) {
  const [asked, setAsked] = useState(0);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  const download = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const blob = await exportAccount();
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = 'inner-alchemy-my-data.json';
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      setExportError(error instanceof Error ? error.message : 'Your data could not be downloaded. Please try again.');
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card titleId="account-heading" title="Your Account">
      <p className="text-ink-soft">Take a copy of what we keep about you, or leave for good.</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className="btn btn-outline" disabled={exporting} aria-busy={exporting} onClick={() => void download()}>
          {exporting ? 'Preparing…' : 'Download my data'}
        </button>
        <button type="button" className="btn btn-outline border-rose-600 text-rose-600" onClick={() => setAsked((n) => n + 1)}>
          Delete my account
        </button>
      </div>
      {exportError && (
        <p role="alert" className="mt-2 text-sm font-medium text-rose-600">
          {exportError}
        </p>
      )}

      {asked > 0 && (
        <Suspense fallback={null}>
          <DeleteAccountDialog key={asked} onDeleted={onDeleted} />
        </Suspense>
      )}
    </Card>
  );
}
