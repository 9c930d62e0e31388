/**
 * The login form: email and password, and Google. With the site-wide flag on (`disabled`) the
 * page renders it without hydrating: static HTML whose buttons read "Coming Soon".
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { googleLoginErrorMessage, loginErrorMessage } from './auth-errors';
import { validateLogin } from './auth-validation';
import { preloadAuth } from '../../core/session/store';
import { signInWithEmail, signInWithGoogle } from './sign-in-actions';
import Field from '../../core/ui/Field';
import GoogleMark from './GoogleMark';
import MessageBanner from '../../core/ui/MessageBanner';
import { afterSignIn, useAuthFlow } from './useAuthFlow';
import { useHydrated } from '../../core/ui/useHydrated';

interface Props {
  /** The site-wide disable flag: buttons disabled and reading "Coming Soon". */
  disabled?: boolean;
}

/** The green message: where the member is about to go. */
const successText = () =>
  afterSignIn() === '/dashboard' ? SUCCESS : 'Welcome back! Taking you back to where you were…';

const SUCCESS = 'Welcome back! Taking you to your dashboard…';

export default function LoginForm({ disabled = false }: Props) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { status, message, run, fail, clear, busy } = useAuthFlow({ live: !disabled });
  const live = useHydrated();
  /** Until the island is live nothing can be typed or pressed (the static page shows the same form). */
  const waiting = !disabled && !live;

  useEffect(() => {
    if (!disabled) preloadAuth();
  }, [disabled]);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (disabled || busy || waiting) return;
    const problem = validateLogin({ email, password });
    if (problem) return fail(problem);
    void run(() => signInWithEmail(email, password), loginErrorMessage, successText());
  };

  const onGoogle = () => {
    if (disabled || busy || waiting) return;
    void run(signInWithGoogle, googleLoginErrorMessage, successText());
  };

  const label = (idle: string) => (disabled ? 'Coming Soon' : status === 'submitting' ? 'Signing In' : idle);

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-describedby="login-message">
      <MessageBanner id="login-message" message={message} />
      <Field
        id="login-email"
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        disabled={status === 'success'}
        readOnly={waiting}
        onChange={(e) => {
          setEmail(e.target.value);
          clear();
        }}
      />
      <Field
        id="login-password"
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        disabled={status === 'success'}
        readOnly={waiting}
        onChange={(e) => {
          setPassword(e.target.value);
          clear();
        }}
      />
      <button type="submit" className="btn btn-primary w-full" disabled={disabled || busy || waiting}>
        {label('Sign In')}
      </button>
      <div className="flex items-center gap-3 text-sm text-ink-soft" aria-hidden="true">
        <span className="h-px flex-1 bg-plum-100" />
        or
        <span className="h-px flex-1 bg-plum-100" />
      </div>
      <button type="button" className="btn btn-outline w-full" disabled={disabled || busy || waiting} onClick={onGoogle}>
        <GoogleMark />
        {label('Continue with Google')}
      </button>
    </form>
  );
}
