/**
 * The words of the account's own messages (docs/decisions/accounts.md): the link that proves an
 * address (after signing up, or asked for again), the password reset, the link that moves the
 * account to a new address, and the notice to the old address after a move, with the way to undo
 * it. Each link leads to our own page (ACCOUNT_ACTION_PATH), never Firebase's. Pure.
 */
import { BRAND } from '../../../../core/config/site';
import type { MessageContent } from '../../../../../netlify/functions/_shared/email/render';
import { greeting, SIGNOFF_NAME, type Recipient } from '../../../../../netlify/functions/_shared/email/messages';

/** The page every account link opens (netlify/functions/account-action.mts). */
export const ACCOUNT_ACTION_PATH = '/api/account-action';

/** What a link asks of the page: Firebase's modes, and our own undo of an email change. */
export type ActionMode = 'verifyEmail' | 'resetPassword' | 'verifyAndChangeEmail' | 'undoEmailChange';

/** The path of an account link: the mode and its one-time code (or, for an undo, our signed token). */
export function actionPath(mode: ActionMode, code: string): string {
  return `${ACCOUNT_ACTION_PATH}?${new URLSearchParams({ mode, code }).toString()}`;
}

const KEEP_SAFE = 'If you didn’t ask for this, you can ignore this email: nothing changes until the link is opened.';

export function verificationMessage(recipient: Recipient, link: string): MessageContent {
  return {
    subject: `Confirm your email for ${BRAND}`,
    preheader: 'One tap, and we know this address is really yours.',
    greeting: greeting(recipient),
    blocks: [
      { kind: 'paragraph', parts: [`Welcome to ${BRAND}. Before we send you anything else, we’d like to be sure this address is yours, so your confirmations, reminders and join links only ever reach you.`] },
      { kind: 'button', text: 'Confirm my email', href: link },
      { kind: 'paragraph', parts: ['You can use everything you have in the meantime; saving a seat at a live coaching session waits for this one step.'] },
      { kind: 'quiet', parts: ['If you didn’t create an account with us, you can ignore this email and no account will be confirmed with your address.'] },
    ],
    signoff: ['With warmth,', SIGNOFF_NAME],
  };
}

export function passwordResetMessage(recipient: Recipient, link: string): MessageContent {
  return {
    subject: `Reset your ${BRAND} password`,
    preheader: 'A link to choose a new password. It works once.',
    greeting: greeting(recipient),
    blocks: [
      { kind: 'paragraph', parts: ['Someone (we hope you) asked to reset the password of your account. Choose a new one here:'] },
      { kind: 'button', text: 'Choose a new password', href: link },
      { kind: 'paragraph', parts: ['The link works once and for a short while. Once your new password is set, you’re signed out everywhere else, so only you can come back in.'] },
      { kind: 'quiet', parts: [KEEP_SAFE] },
    ],
    signoff: ['With warmth,', SIGNOFF_NAME],
  };
}

export function emailChangeMessage(recipient: Recipient, link: string): MessageContent {
  return {
    subject: `Confirm your new email for ${BRAND}`,
    preheader: 'One tap, and your account uses this address.',
    greeting: greeting(recipient),
    blocks: [
      { kind: 'paragraph', parts: [`You asked to use this address for your ${BRAND} account. Confirm it, and it becomes the address you sign in with and where we write to you:`] },
      { kind: 'button', text: 'Use this address', href: link },
      { kind: 'paragraph', parts: ['Until then, your account keeps its current address.'] },
      { kind: 'quiet', parts: [KEEP_SAFE] },
    ],
    signoff: ['With warmth,', SIGNOFF_NAME],
  };
}

/** The notice to the old address once the account moved; `undoLink` moves it back. */
export function emailChangedMessage(recipient: Recipient, newEmail: string, undoLink: string): MessageContent {
  return {
    subject: `Your ${BRAND} account has a new email address`,
    preheader: 'If this was you, there’s nothing to do.',
    greeting: greeting(recipient),
    blocks: [
      { kind: 'paragraph', parts: [`The email address of your ${BRAND} account was just changed to ${newEmail}. From now on you sign in with that address, and our emails go there.`] },
      { kind: 'paragraph', parts: ['If that was you, there’s nothing more to do.'] },
      { kind: 'paragraph', parts: ['If it wasn’t you, undo it here. Your account gets this address back, and everyone signed in to it is signed out:'] },
      { kind: 'button', text: 'Undo the change', href: undoLink },
      { kind: 'quiet', parts: ['After undoing it, choose a new password too, from “Forgot your password?” on the sign-in page.'] },
    ],
    signoff: ['With warmth,', SIGNOFF_NAME],
  };
}
