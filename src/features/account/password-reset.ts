/**
 * /forgot-password: where the form posts, and each outcome with its status and the words members
 * read. The function answers a form posted without JavaScript with a 303 to the page's
 * `#<outcome>`, and the page shows that outcome's words with CSS :target (every outcome is in the
 * HTML), as the /future forms do. "sent" is the one answer whether or not an account has the
 * address. Pure.
 */
import { ACCOUNT_LINK_MESSAGES } from './account-links';
import { VALIDATION_MESSAGES } from './auth-validation';

export const RESET_PAGE = '/forgot-password/';
export const RESET_ENDPOINT = '/api/password-reset';

export const RESET_OUTCOMES = {
  sent: { status: 202, message: ACCOUNT_LINK_MESSAGES.resetSent },
  'email-required': { status: 400, message: VALIDATION_MESSAGES.emailRequired },
  'email-invalid': { status: 400, message: VALIDATION_MESSAGES.loginEmailInvalid },
  'too-many': { status: 429, message: ACCOUNT_LINK_MESSAGES.tooManyRequests },
  unavailable: { status: 503, message: ACCOUNT_LINK_MESSAGES.emailUnavailable },
} as const;

export type ResetOutcome = keyof typeof RESET_OUTCOMES;
export const RESET_OUTCOME_NAMES = Object.keys(RESET_OUTCOMES) as ResetOutcome[];
