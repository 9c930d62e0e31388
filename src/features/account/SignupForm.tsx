/**
 * The signup form: full name, email, password and its confirmation, and Google. With the
 * site-wide flag on (`disabled`) the page renders it without hydrating: static HTML whose
 * buttons read "Coming Soon".
 */
import { useState, type SubmitEvent } from 'react';
import { googleSignupErrorMessage, signupErrorMessage } from './auth-errors';
import { validateSignup } from './auth-validation';
import { signInWithGoogle, signUpWithEmail } from './sign-in-actions';
import Field from '../../core/ui/Field';
import AuthButtons from './AuthButtons';
import MessageBanner from '../../core/ui/MessageBanner';
import { afterSignIn, useAuthFlow } from './useAuthFlow';

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
  const { status, message, run, fail, clear, blocked, waiting } = useAuthFlow({ disabled });

  const set = (key: keyof Values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    clear();
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blocked) return;
    const problem = validateSignup(values);
    if (problem) return fail(problem);
    void run(() => signUpWithEmail(values.email, values.password, values.fullName), signupErrorMessage, successText());
  };

  const onGoogle = () => {
    if (blocked) return;
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
      <AuthButtons submitLabel={label('Create Account')} googleLabel={label('Sign up with Google')} disabled={blocked} onGoogle={onGoogle} />
    </form>
  );
}
