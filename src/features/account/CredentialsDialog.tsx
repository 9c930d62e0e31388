/**
 * "Change email" and "Change password" on the dashboard's "Your Account" card
 * (./AccountActions.tsx), loaded on the first tap: a native dialog with the new address, or the
 * new password twice, and a fresh sign-in first when the last one is more than a few minutes old
 * (the server asks for one: docs/decisions/accounts.md). A new address is used only once the link
 * sent to it is opened; a new password ends every other session, and this browser signs in again
 * with it at once.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { changeEmail, changePassword } from './account-api';
import { ACCOUNT_LINK_MESSAGES } from './account-links';
import { validateEmail, validateNewPassword } from './auth-validation';
import Field from '../../core/ui/Field';
import MessageBanner, { type Message } from '../../core/ui/MessageBanner';

const signInActions = () => import('./sign-in-actions');

export type CredentialKind = 'email' | 'password';
type Step = 'form' | 'reauth' | 'working' | 'done';

export default function CredentialsDialog({ kind, onClose }: { kind: CredentialKind; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [step, setStep] = useState<Step>('form');
  const [method, setMethod] = useState<'password' | 'google'>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [current, setCurrent] = useState('');
  const [message, setMessage] = useState<Message | null>(null);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const edit = (set: (value: string) => void) => (e: { target: { value: string } }) => {
    set(e.target.value);
    setMessage(null);
  };

  /** Sends the change; true when done, false when a fresh sign-in is needed first. */
  const send = async (): Promise<boolean> => {
    try {
      if (kind === 'email') await changeEmail(email);
      else {
        await changePassword(password, confirmPassword);
        // Every session ended, this one too: sign in again here with the new password.
        await (await signInActions()).reauthenticate(password);
      }
    } catch (error) {
      if ((error as { status?: number }).status === 401) return false;
      setStep('form');
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : 'Something went wrong. Please try again.' });
      return true;
    }
    setStep('done');
    setMessage({ tone: 'success', text: kind === 'email' ? ACCOUNT_LINK_MESSAGES.changeSent : ACCOUNT_LINK_MESSAGES.passwordChanged });
    return true;
  };

  const askToSignInAgain = async () => {
    setMethod(await (await signInActions()).reauthenticationMethod());
    setStep('reauth');
    setMessage({ tone: 'error', text: ACCOUNT_LINK_MESSAGES.signInAgain });
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = kind === 'email' ? validateEmail(email) : validateNewPassword({ password, confirmPassword });
    if (problem) return setMessage({ tone: 'error', text: problem });
    setStep('working');
    setMessage(null);
    if (!(await (await signInActions()).signedInRecently())) return askToSignInAgain();
    if (!(await send())) await askToSignInAgain();
  };

  const signInAgain = async (event?: SubmitEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (method === 'password' && !current) return setMessage({ tone: 'error', text: 'Please enter your password' });
    setStep('working');
    try {
      await (await signInActions()).reauthenticate(method === 'password' ? current : null);
    } catch (error) {
      const { loginErrorMessage } = await import('./auth-errors');
      setStep('reauth');
      setMessage({ tone: 'error', text: loginErrorMessage(error) });
      return;
    }
    setMessage(null);
    if (!(await send())) await askToSignInAgain();
  };

  const busy = step === 'working';
  const title = kind === 'email' ? 'Change your email' : 'Change your password';
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      className="m-auto w-[min(34rem,calc(100vw-2rem))] rounded-3xl bg-paper p-0 text-ink shadow-xl backdrop:bg-plum-900/50"
      onCancel={(e) => busy && e.preventDefault()}
      onClose={onClose}
      data-credentials={kind}
    >
      <div className="space-y-4 p-6 sm:p-8">
        <h2 id={titleId} className="text-2xl font-semibold">
          {title}
        </h2>
        <MessageBanner message={message} />
        {step === 'reauth' ? (
          method === 'password' ? (
            <form noValidate onSubmit={(e) => void signInAgain(e)} className="space-y-4">
              <Field id="credentials-current" label="Your current password" type="password" autoComplete="current-password" value={current} onChange={edit(setCurrent)} />
              <button type="submit" className="btn btn-primary w-full">
                Confirm it’s me
              </button>
            </form>
          ) : (
            <button type="button" className="btn btn-primary w-full" onClick={() => void signInAgain()}>
              Continue with Google
            </button>
          )
        ) : step !== 'done' ? (
          <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
            {kind === 'email' ? (
              <>
                <p className="text-ink-soft">We’ll send a link to the new address. Your account keeps its current address until you open it.</p>
                <Field id="credentials-email" label="New email address" type="email" autoComplete="email" value={email} onChange={edit(setEmail)} readOnly={busy} />
              </>
            ) : (
              <>
                <p className="text-ink-soft">At least 6 characters. Everywhere else you’re signed in will be signed out.</p>
                <Field id="credentials-password" label="New password" type="password" autoComplete="new-password" value={password} onChange={edit(setPassword)} readOnly={busy} />
                <Field id="credentials-confirm" label="Confirm new password" type="password" autoComplete="new-password" value={confirmPassword} onChange={edit(setConfirmPassword)} readOnly={busy} />
              </>
            )}
            <button type="submit" className="btn btn-primary w-full" disabled={busy} aria-busy={busy}>
              {busy ? 'Saving…' : kind === 'email' ? 'Send the link' : 'Change my password'}
            </button>
          </form>
        ) : null}
        <button type="button" className="btn btn-outline w-full" disabled={busy} onClick={() => dialog.current?.close()}>
          {step === 'done' ? 'Close' : 'Cancel'}
        </button>
      </div>
    </dialog>
  );
}
