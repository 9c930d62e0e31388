/**
 * The signup form: full name, email, password and its confirmation, and Google. With the
 * site-wide flag on (`disabled`) the page renders it without hydrating: static HTML whose
 * buttons read "Coming Soon".
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { googleSignupErrorMessage, signupErrorMessage } from './auth-errors';
import { validateSignup } from './auth-validation';
import { preloadAuth } from '../../core/session/store';
import { signInWithGoogle, signUpWithEmail } from './sign-in-actions';
import Field from '../../core/ui/Field';
import GoogleMark from './GoogleMark';
import MessageBanner from '../../core/ui/MessageBanner';
import { afterSignIn, useAuthFlow } from './useAuthFlow';
import { useHydrated } from '../../core/ui/useHydrated';

interface Props {
  disabled?: boolean;
}

/** The green message: where the member is about to go. */
const successText = () =>
  afterSignIn() === '/dashboard' ? SUCCESS : 'Your account is ready! Taking you back to where you were…';

const SUCCESS = 'Your account is ready! Taking you to your dashboard…';

const EMPTY = { fullName: '', email: '', password: '', confirmPassword: '' };
type Values = typeof EMPTY;

export default function SignupForm({ disabled = false }: Props) {
  const [values, setValues] = useState<Values>(EMPTY);
  const { status, message, run, fail, clear, busy } = useAuthFlow({ live: !disabled });
  const live = useHydrated();
  /** Until the island is live nothing can be typed or pressed (the static page shows the same form). */
  const waiting = !disabled && !live;

  useEffect(() => {
    if (!disabled) preloadAuth();
  }, [disabled]);

  const set = (key: keyof Values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    clear();
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (disabled || busy || waiting) return;
    const problem = validateSignup(values);
    if (problem) return fail(problem);
    void run(() => signUpWithEmail(values.email, values.password, values.fullName), signupErrorMessage, successText());
  };

  const onGoogle = () => {
    if (disabled || busy || waiting) return;
    void run(signInWithGoogle, googleSignupErrorMessage, successText());
  };

  const label = (idle: string) => (disabled ? 'Coming Soon' : status === 'submitting' ? 'Creating Account' : idle);
  const locked = status === 'success';

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-describedby="signup-message">
      <MessageBanner id="signup-message" message={message} />
      <Field id="signup-name" label="Full name" name="fullName" autoComplete="name" required value={values.fullName} disabled={locked} readOnly={waiting} onChange={set('fullName')} />
      <Field id="signup-email" label="Email" type="email" name="email" autoComplete="email" required value={values.email} disabled={locked} readOnly={waiting} onChange={set('email')} />
      <Field
        id="signup-password"
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        minLength={6}
        value={values.password}
        disabled={locked}
        readOnly={waiting}
        onChange={set('password')}
      />
      <Field
        id="signup-confirm"
        label="Confirm password"
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={values.confirmPassword}
        disabled={locked}
        readOnly={waiting}
        onChange={set('confirmPassword')}
      />
      <button type="submit" className="btn btn-primary w-full" disabled={disabled || busy || waiting}>
        {label('Create Account')}
      </button>
      <div className="flex items-center gap-3 text-sm text-ink-soft" aria-hidden="true">
        <span className="h-px flex-1 bg-plum-100" />
        or
        <span className="h-px flex-1 bg-plum-100" />
      </div>
      <button type="button" className="btn btn-outline w-full" disabled={disabled || busy || waiting} onClick={onGoogle}>
        <GoogleMark />
        {label('Sign up with Google')}
      </button>
    </form>
  );
}
