/**
 * "Your Account" on the dashboard: "Change email" and "Change password" (./CredentialsDialog.tsx,
 * loaded on the tap), "Download my data" (a JSON file of the profile, coaching
 * signups, subscription and purchases) and "Delete my account", which opens its dialog
 * (./DeleteAccountDialog.tsx, loaded on the first tap; the download's code loads on its tap too).
 */
import { lazy, Suspense, useState } from 'react';
import Card from '../../core/ui/Card';
import { MEMBER_API_MESSAGES } from '../../core/member-api';

/** The card's dialogs (deleting the account, changing the address or the password) load when the member first asks for one, not with the dashboard: one chunk, one import. */
const dialogs = () => import('./account-dialogs');
const DeleteAccountDialog = lazy(() => dialogs().then((m) => ({ default: m.DeleteAccountDialog })));
const CredentialsDialog = lazy(() => dialogs().then((m) => ({ default: m.CredentialsDialog })));

export default function AccountActions({ onDeleted }: { onDeleted: () => void }) {
  const [asked, setAsked] = useState(0);
  const [changing, setChanging] = useState<'email' | 'password' | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  const download = async () => {
    setExporting(true);
    setExportError(null);
    try {
      // The account functions' client loads on the tap, as the dialog does; not getting it is not reaching the server.
      const { downloadMyData } = await import('./account-api').catch(() => {
        throw new Error(MEMBER_API_MESSAGES.unreachable);
      });
      await downloadMyData();
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
        <button type="button" className="btn btn-outline" onClick={() => setChanging('email')}>
          Change email
        </button>
        <button type="button" className="btn btn-outline" onClick={() => setChanging('password')}>
          Change password
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
      {changing && (
        <Suspense fallback={null}>
          <CredentialsDialog kind={changing} onClose={() => setChanging(null)} />
        </Suspense>
      )}
    </Card>
  );
}
