/**
 * Every string the future page's forms show, and which error a failed submission shows.
 * The validation and error strings are the spec's, to the letter.
 */
import { DB_CODES } from '../../core/db/result';

export const VALIDATION = {
  nameRequired: 'Please enter your name',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  ideaRequired: 'Please share your idea with us',
  ideaTooShort: 'Please provide more details about your idea (minimum 10 characters)',
  messageRequired: 'Please enter your partnership message',
  messageTooShort: 'Please provide more details about your partnership proposal (minimum 20 characters)',
  // Beyond the visible checks: text PostgreSQL cannot store (a NUL, a lone surrogate;
  // src/core/storable-text.ts). An email with such a character is 'Please enter a valid email address'.
  nameUnstorable: 'Please remove the unsupported character from your name',
  ideaUnstorable: 'Please remove the unsupported character from your idea',
  messageUnstorable: 'Please remove the unsupported character from your partnership message',
} as const;

/** How a form words a failed submission: one message for a database error, one for an exception. */
export interface FailureMessages {
  database(code: string | null): string;
  exception: string;
}

const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

export const EARLY_ACCESS_FAILURES: FailureMessages = {
  database: (code) => (code === DB_CODES.duplicate ? 'This email is already registered for updates' : SOMETHING_WENT_WRONG),
  exception: SOMETHING_WENT_WRONG,
};

export const IDEA_FAILURES: FailureMessages = {
  database: () => 'Failed to submit your idea. Please try again.',
  exception: 'An unexpected error occurred. Please try again.',
};

export const PARTNERSHIP_FAILURES: FailureMessages = {
  database: () => 'Failed to submit your partnership request. Please try again.',
  exception: 'An unexpected error occurred. Please try again.',
};

/** Button labels and thank-you messages. */
export const EARLY_ACCESS_COPY = {
  submit: 'Notify Me When Ready',
  submitting: 'Joining...',
  thanks: 'Thank you! You’re on the list, and you’ll be the first to know when it’s ready.',
} as const;

export const IDEA_COPY = {
  submit: 'Submit Idea',
  submitting: 'Submitting Idea...',
  thanks: 'Thank you for sharing your idea! We read every one, and yours may shape what we build next.',
} as const;

export const PARTNERSHIP_COPY = {
  submit: 'Submit Request',
  submitting: 'Submitting Request...',
  thanks: 'Thank you for reaching out! We’ll reply to your partnership request within 48 hours.',
} as const;

/** How long a thank-you stays before the form returns (and a modal closes). */
export const THANKS_DURATION_MS = 3000;
