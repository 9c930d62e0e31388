/**
 * The "Delete my account" dialog of the dashboard's "Your Account" card (./AccountActions.tsx),
 * loaded when the member first asks for it: a native dialog that says what happens, asks for a
 * confirmation, and for a fresh sign-in when the last one is more than a few minutes old
 * (Firebase requires a recent sign-in to delete a user); and the page the dashboard shows after.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { deleteAccount } from './account-api';
import Field from '../../core/ui/Field';
import MessageBanner, { type Message } from '../../core/ui/MessageBanner';

/**
 * What the dashboard shows once the account is gone, here with the dialog: only a deletion shows
 * it, so the dashboard does not load it with the page. It says the member is signed out only
 * once this browser has forgotten them (the session, the signed-in hint, what was kept offline);
 * until then, that it is signing them out.
 */
export function AccountDeleted({ signedOut }: { signedOut: boolean }) {
  return (
    <div className="container-page section max-w-2xl space-y-4" data-account-deleted>
      <h1 className="text-title font-semibold">Your account has been deleted</h1>
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

/** Signing in again and out load when the member confirms a deletion, not with the dialog. */
const signInActions = () => import('./sign-in-actions');

type Step = 'confirm' | 'reauth' | 'deleting';

/** Opens as it mounts (the card mounts a new one each time the member asks); `onDeleted` once the account is gone. */
export default function DeleteAccountDialog({ onDeleted }: { onDeleted: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [step, setStep] = useState<Step>('confirm');
  const [method, setMethod] = useState<'password' | 'google'>('password');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<Message | null>(null);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const askToSignInAgain = async () => {
    setMethod(await (await signInActions()).reauthenticationMethod());
    setStep('reauth');
  };

  const remove = async () => {
    setStep('deleting');
    setMessage(null);
    try {
      await deleteAccount();
    } catch (error) {
      if ((error as { status?: number }).status === 401) {
        await askToSignInAgain();
        setMessage({ tone: 'error', text: 'Please sign in again to confirm it is you.' });
        return;
      }
      setStep('confirm');
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : 'Your account could not be deleted. Please try again.' });
      return;
    }
    // The dashboard shows the deleted view first, so signing out does not send it to /login.
    dialog.current?.close();
    onDeleted();
    await (await signInActions()).signOutDeleted();
  };

  const confirm = async () => {
    setMessage(null);
    if (await (await signInActions()).signedInRecently()) return remove();
    await askToSignInAgain();
  };

  const signInAgain = async (event?: SubmitEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (method === 'password' && !password) {
      setMessage({ tone: 'error', text: 'Please enter your password' });
      return;
    }
    setStep('deleting');
    try {
      await (await signInActions()).reauthenticate(method === 'password' ? password : null);
    } catch (error) {
      // The sign-in messages load only when a sign-in again fails, not with the dashboard.
      const { authErrorCode, loginErrorMessage } = await import('./auth-errors');
      console.error('Reauthentication failed', authErrorCode(error));
      setStep('reauth');
      setMessage({ tone: 'error', text: loginErrorMessage(error) });
      return;
    }
    await remove();
  };

  const busy = step === 'deleting';
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      className="m-auto w-[min(34rem,calc(100vw-2rem))] rounded-3xl bg-paper p-0 text-ink shadow-xl backdrop:bg-plum-900/50"
      onCancel={(e) => busy && e.preventDefault()}
    >
      <div className="space-y-4 p-6 sm:p-8">
        <h2 id={titleId} className="text-2xl font-semibold">
          Delete your account?
        </h2>
        <ul className="list-disc space-y-1 pl-5 text-ink">
          <li>Your membership is cancelled now: no further charges, and the rest of this period is not refunded.</li>
          <li>Your coaching seats are given back, and your profile and sign-in are deleted.</li>
          <li>Records of your purchases stay for our accounts, no longer linked to you; Stripe keeps the invoices.</li>
          <li>This cannot be undone. You may want to download your data first.</li>
        </ul>
        <MessageBanner message={message} />
        {step === 'reauth' && method === 'password' ? (
          <form noValidate onSubmit={(e) => void signInAgain(e)} className="space-y-4">
            <Field
              id="delete-password"
              label="Your password"
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setMessage(null);
              }}
            />
            <button type="submit" className="btn btn-primary w-full bg-rose-600">
              Sign in and delete my account
            </button>
          </form>
        ) : step === 'reauth' ? (
          <button type="button" className="btn btn-primary w-full bg-rose-600" onClick={() => void signInAgain()}>
            Continue with Google and delete my account
          </button>
        ) : (
          <button type="button" className="btn btn-primary w-full bg-rose-600" disabled={busy} aria-busy={busy} onClick={() => void confirm()}>
            {busy ? 'Deleting…' : 'Yes, delete my account'}
          </button>
        )}
        <button type="button" className="btn btn-outline w-full" disabled={busy} onClick={() => dialog.current?.close()}>
          Keep my account
        </button>
      </div>
    </dialog>
  );
}
