/**
 * The error catalogue of sign-in and sign-up: Firebase error codes mapped to
 * the messages members read. Anything the catalogue does not name shows its own message.
 */

export const AUTH_MESSAGES = {
  invalidCredential: 'The email or password you entered is incorrect. Please check your credentials and try again.',
  userNotFound: 'No account found with this email address. Please check your email or sign up for a new account.',
  tooManyRequests: 'Too many login attempts. Please wait a few minutes before trying again.',
  userDisabled: 'This account has been disabled. Please contact support for assistance.',
  signInCancelled: 'Sign-in was cancelled. Please try again.',
  signUpCancelled: 'Sign-up was cancelled. Please try again.',
  popupBlocked: 'Pop-up was blocked by your browser. Please allow pop-ups and try again.',
  emailInUse: 'An account with this email already exists. Please sign in instead.',
  weakPassword: 'Password is too weak. Please choose a stronger password.',
  invalidEmail: 'Please enter a valid email address.',
} as const;

/** Shown when an error carries neither a catalogued code nor a message. */
export const FALLBACK_AUTH_MESSAGE = 'Something went wrong. Please try again.';

/** The Firebase code of an error ("auth/invalid-credential"), without its prefix; '' when none. */
export function authErrorCode(error: unknown): string {
  if (typeof error !== 'object' || error === null || !('code' in error)) return '';
  const code = (error as { code: unknown }).code;
  return typeof code === 'string' ? code.replace(/^auth\//, '') : '';
}

function rawMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const message = (error as { message: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  if (typeof error === 'string' && error) return error;
  return FALLBACK_AUTH_MESSAGE;
}

type Catalogue = Readonly<Record<string, string>>;

const LOGIN: Catalogue = {
  'invalid-credential': AUTH_MESSAGES.invalidCredential,
  'invalid-login-credentials': AUTH_MESSAGES.invalidCredential,
  'wrong-password': AUTH_MESSAGES.invalidCredential,
  'user-not-found': AUTH_MESSAGES.userNotFound,
  'too-many-requests': AUTH_MESSAGES.tooManyRequests,
  'user-disabled': AUTH_MESSAGES.userDisabled,
};

const POPUP_SIGN_IN: Catalogue = {
  'popup-closed-by-user': AUTH_MESSAGES.signInCancelled,
  'cancelled-popup-request': AUTH_MESSAGES.signInCancelled,
  'popup-blocked': AUTH_MESSAGES.popupBlocked,
  // Account-level refusals read the same whichever way the member signs in.
  'too-many-requests': AUTH_MESSAGES.tooManyRequests,
  'user-disabled': AUTH_MESSAGES.userDisabled,
};

const SIGNUP: Catalogue = {
  'email-already-in-use': AUTH_MESSAGES.emailInUse,
  'weak-password': AUTH_MESSAGES.weakPassword,
  'invalid-email': AUTH_MESSAGES.invalidEmail,
};

const POPUP_SIGN_UP: Catalogue = {
  'popup-closed-by-user': AUTH_MESSAGES.signUpCancelled,
  'cancelled-popup-request': AUTH_MESSAGES.signUpCancelled,
  'popup-blocked': AUTH_MESSAGES.popupBlocked,
  'account-exists-with-different-credential': AUTH_MESSAGES.emailInUse,
  'too-many-requests': AUTH_MESSAGES.tooManyRequests,
  'user-disabled': AUTH_MESSAGES.userDisabled,
};

const lookup = (catalogue: Catalogue) => (error: unknown) => catalogue[authErrorCode(error)] ?? rawMessage(error);

/** Email and password sign-in. */
export const loginErrorMessage = lookup(LOGIN);
/** Google popup sign-in on the login page. */
export const googleLoginErrorMessage = lookup(POPUP_SIGN_IN);
/** Email and password account creation. */
export const signupErrorMessage = lookup(SIGNUP);
/** Google popup sign-in on the signup page. */
export const googleSignupErrorMessage = lookup(POPUP_SIGN_UP);
