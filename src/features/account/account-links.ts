/**
 * The account's own links (docs/decisions/accounts.md): what the verification, reset and
 * email-change requests answer, in the words members read, and their limits. Shared by the
 * dashboard, /forgot-password and the functions that send and apply the links. Pure.
 */

/** Links of one kind an account may be sent in an hour (the outbox's key keeps it). */
export const LINKS_PER_HOUR = 3;

/** How recent a sign-in must be to change the address or the password (the server's check). */
export const FRESH_SIGN_IN_SECONDS = 300;

export const ACCOUNT_LINK_MESSAGES = {
  tooMany: 'You’ve asked for several links in the last hour. Please wait a little, then try again.',
  tooManyRequests: 'Too many requests. Please wait a few minutes and try again.',
  emailUnavailable: 'We can’t send email just now. Please try again a little later.',
  sameAddress: 'That’s already the address of your account.',
  notVerified: 'Your email address isn’t verified yet.',
  verificationSent: 'We’ve sent a new link. It may take a minute to arrive; check your spam folder too.',
  /** /forgot-password's one answer, whether or not the address has an account. */
  resetSent: 'If an account uses that address, we’ve sent it a link to choose a new password. It may take a minute to arrive; check your spam folder too.',
  changeSent: 'We’ve sent a link to your new address. Your account keeps its current address until you open it.',
  passwordChanged: 'Your password is changed. You’re signed out everywhere else.',
  signInAgain: 'For your safety, please confirm it’s you first.',
} as const;
