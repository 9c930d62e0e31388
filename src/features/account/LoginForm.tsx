/**
 * The login form: email and password, and Google. With the site-wide flag on (`disabled`) the
 * page renders it without hydrating: static HTML whose buttons read "Coming Soon".
 */
import { useState, type SubmitEvent } from 'react';
import { googleLoginErrorMessage, loginErrorMessage } from './auth-errors';
import { validateLogin } from './auth-validation';
import { signInWithEmail, signInWithGoogle } from './sign-in-actions';
import Field from '../../core/ui/Field';
import AuthButtons from './AuthButtons';
import MessageBanner from '../../core/ui/MessageBanner';
import { afterSignIn, useAuthFlow } from './useAuthFlow';

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
  const { status, message, run, fail, clear, blocked, waiting } = useAuthFlow({ disabled });

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blocked) return;
    const problem = validateLogin({ email, password });
    if (problem) return fail(problem);
    void run(() => signInWithEmail(email, password), loginErrorMessage, successText());
  };

  const onGoogle = () => {
    if (blocked) return;
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
      <AuthButtons submitLabel={label('Sign In')} googleLabel={label('Continue with Google')} disabled={blocked} onGoogle={onGoogle} />
    </form>
  );
}
