/** Sign-in and sign-up: the error messages of each Firebase answer, the form validation, and the Google popup's errors. */
import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  authErrorCode,
  googleLoginErrorMessage,
  googleSignupErrorMessage,
  loginErrorMessage,
  signupErrorMessage,
} from '../../src/features/account/auth-errors';
import { displayNameFrom, validateLogin, validateSignup, VALIDATION_MESSAGES } from '../../src/features/account/auth-validation';

/** An error shaped like FirebaseError. */
const fbError = (code: string, message = `Firebase: Error (${code}).`) => Object.assign(new Error(message), { code });

describe('login error catalogue', () => {
  it.each([
    ['auth/invalid-credential', AUTH_MESSAGES.invalidCredential],
    ['auth/wrong-password', AUTH_MESSAGES.invalidCredential],
    ['auth/user-not-found', AUTH_MESSAGES.userNotFound],
    ['auth/too-many-requests', AUTH_MESSAGES.tooManyRequests],
    ['auth/user-disabled', AUTH_MESSAGES.userDisabled],
  ])('%s reads as the spec says', (code, message) => {
    expect(loginErrorMessage(fbError(code))).toBe(message);
  });

  it('spells the credentials message exactly', () => {
    expect(loginErrorMessage(fbError('auth/invalid-credential'))).toBe(
      'The email or password you entered is incorrect. Please check your credentials and try again.',
    );
  });

  it('shows the raw message of anything else', () => {
    expect(loginErrorMessage(fbError('auth/network-request-failed'))).toBe('Firebase: Error (auth/network-request-failed).');
    expect(loginErrorMessage(new Error('Offline'))).toBe('Offline');
  });

  it('does not use the signup catalogue', () => {
    expect(loginErrorMessage(fbError('auth/email-already-in-use'))).toBe('Firebase: Error (auth/email-already-in-use).');
  });
});

describe('Google sign-in errors', () => {
  it('maps a closed or superseded popup to cancelled, and a blocked one to its own message', () => {
    expect(googleLoginErrorMessage(fbError('auth/popup-closed-by-user'))).toBe('Sign-in was cancelled. Please try again.');
    expect(googleLoginErrorMessage(fbError('auth/cancelled-popup-request'))).toBe('Sign-in was cancelled. Please try again.');
    expect(googleLoginErrorMessage(fbError('auth/popup-blocked'))).toBe(
      'Pop-up was blocked by your browser. Please allow pop-ups and try again.',
    );
  });

  it('on signup says sign-up, and maps an account with another credential to "exists"', () => {
    expect(googleSignupErrorMessage(fbError('auth/popup-closed-by-user'))).toBe('Sign-up was cancelled. Please try again.');
    expect(googleSignupErrorMessage(fbError('auth/popup-blocked'))).toBe(AUTH_MESSAGES.popupBlocked);
    expect(googleSignupErrorMessage(fbError('auth/account-exists-with-different-credential'))).toBe(
      'An account with this email already exists. Please sign in instead.',
    );
  });

  it('passes other errors through', () => {
    expect(googleLoginErrorMessage(fbError('auth/unauthorized-domain', 'Domain not allowed'))).toBe('Domain not allowed');
  });
});

describe('signup error catalogue', () => {
  it.each([
    ['auth/email-already-in-use', 'An account with this email already exists. Please sign in instead.'],
    ['auth/weak-password', 'Password is too weak. Please choose a stronger password.'],
    ['auth/invalid-email', 'Please enter a valid email address.'],
  ])('%s', (code, message) => {
    expect(signupErrorMessage(fbError(code))).toBe(message);
  });

  it('falls back to a sentence when an error has no message at all', () => {
    expect(signupErrorMessage({})).toBe('Something went wrong. Please try again.');
  });
});

describe('authErrorCode', () => {
  it('strips the auth/ prefix and tolerates non-errors', () => {
    expect(authErrorCode(fbError('auth/user-disabled'))).toBe('user-disabled');
    expect(authErrorCode(null)).toBe('');
    expect(authErrorCode('boom')).toBe('');
    expect(authErrorCode({ code: 42 })).toBe('');
  });
});

describe('login validation', () => {
  it('requires the email, an "@" in it, then the password', () => {
    expect(validateLogin({ email: '', password: '' })).toBe(VALIDATION_MESSAGES.emailRequired);
    expect(validateLogin({ email: 'ana.example.com', password: 'x' })).toBe('Please enter a valid email address');
    expect(validateLogin({ email: 'ana@example.com', password: '' })).toBe(VALIDATION_MESSAGES.passwordRequired);
    expect(validateLogin({ email: 'ana@example.com', password: 'x' })).toBeNull();
  });
});

describe('signup validation', () => {
  const valid = { fullName: 'Ana Lima', email: 'ana@example.com', password: 'secret1', confirmPassword: 'secret1' };

  it('accepts a complete form', () => {
    expect(validateSignup(valid)).toBeNull();
  });

  it('checks that the passwords match before their length', () => {
    expect(validateSignup({ ...valid, password: 'abc', confirmPassword: 'abd' })).toBe('Passwords do not match');
    expect(validateSignup({ ...valid, password: 'abc', confirmPassword: 'abc' })).toBe('Password must be at least 6 characters long');
  });

  it('accepts exactly six characters', () => {
    expect(validateSignup({ ...valid, password: 'abcdef', confirmPassword: 'abcdef' })).toBeNull();
  });

  it('requires every field', () => {
    expect(validateSignup({ ...valid, fullName: '' })).toBe(VALIDATION_MESSAGES.fullNameRequired);
    expect(validateSignup({ ...valid, email: ' ' })).toBe(VALIDATION_MESSAGES.emailRequired);
    expect(validateSignup({ ...valid, email: 'ana' })).toBe('Please enter a valid email address.');
    expect(validateSignup({ ...valid, password: '' })).toBe(VALIDATION_MESSAGES.newPasswordRequired);
    expect(validateSignup({ ...valid, confirmPassword: '' })).toBe(VALIDATION_MESSAGES.confirmRequired);
  });

  it('saves the trimmed full name as the display name, and nothing for a blank one', () => {
    expect(displayNameFrom('  Ana Lima  ')).toBe('Ana Lima');
    expect(displayNameFrom('   ')).toBeNull();
  });
});
