/**
 * The words of the page the account's links open (netlify/functions/account-action.mts), one
 * state at a time: the question before anything is changed (a GET changes nothing: mail scanners
 * open links on their own), the new password's form, what was done, and a link that no longer
 * works, with the way to ask for a new one. Rendered as a small page of our own (./page.ts). Pure.
 */
import type { ActionMode } from './email/account-messages';
import { ACCOUNT_ACTION_PATH } from './email/account-messages';
import { escapeHtml } from '../../../../netlify/functions/_shared/email/render';
import { smallPage } from '../../../../netlify/functions/_shared/page';

export type ActionPage =
  | { kind: 'confirm'; mode: Exclude<ActionMode, 'resetPassword'>; code: string; email?: string; oldEmail?: string }
  | { kind: 'password'; code: string; email: string; error?: string }
  | { kind: 'done'; mode: ActionMode; email?: string }
  /** The code is unknown, used or expired (or the undo link is not ours, or too old). */
  | { kind: 'expired'; mode: ActionMode | null }
  /** The undo cannot be done: the old address has another account now. */
  | { kind: 'taken' }
  | { kind: 'unavailable' };

const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;

function form(mode: ActionMode, code: string, inner: string, button: string): string {
  return `<form method="post" action="${ACCOUNT_ACTION_PATH}">${hidden('mode', mode)}${hidden('code', code)}${inner}<button type="submit">${escapeHtml(button)}</button></form>`;
}

function content(page: ActionPage, site: string): { title: string; body: string } {
  const link = (path: string, text: string) => `<a href="${escapeHtml(`${site}${path}`)}">${escapeHtml(text)}</a>`;
  switch (page.kind) {
    case 'confirm':
      if (page.mode === 'verifyEmail')
        return {
          title: 'Confirm your email',
          body: `<p>${page.email ? `Is <strong>${escapeHtml(page.email)}</strong> your address?` : 'Is this your address?'} One tap, and we know it’s really yours.</p>${form('verifyEmail', page.code, '', 'Confirm my email')}`,
        };
      if (page.mode === 'verifyAndChangeEmail')
        return {
          title: 'Use your new address',
          body: `<p>Your account will use <strong>${escapeHtml(page.email ?? '')}</strong> to sign in, and our emails will go there.</p>${form('verifyAndChangeEmail', page.code, '', 'Use this address')}`,
        };
      return {
        title: 'Undo the change of address',
        body: `<p>Your account will use <strong>${escapeHtml(page.oldEmail ?? '')}</strong> again, and everyone signed in to it will be signed out.</p>${form('undoEmailChange', page.code, '', 'Undo the change')}`,
      };
    case 'password': {
      const describedBy = page.error ? ' aria-describedby="password-error" aria-invalid="true"' : '';
      const fields =
        (page.error ? `<p class="error" id="password-error" role="alert">${escapeHtml(page.error)}</p>` : '') +
        `<label for="new-password">New password</label><input id="new-password" name="password" type="password" autocomplete="new-password" required minlength="6"${describedBy}>` +
        `<label for="confirm-password">Confirm new password</label><input id="confirm-password" name="confirmPassword" type="password" autocomplete="new-password" required minlength="6"${describedBy}>`;
      return {
        title: 'Choose a new password',
        body: `<p>For the account of <strong>${escapeHtml(page.email)}</strong>. At least 6 characters. Once it’s set, you’re signed out everywhere else.</p>${form('resetPassword', page.code, fields, 'Set my new password')}`,
      };
    }
    case 'done':
      switch (page.mode) {
        case 'verifyEmail':
          return { title: 'Your email is confirmed', body: `<p class="done">Thank you: we know ${page.email ? `<strong>${escapeHtml(page.email)}</strong>` : 'this address'} is yours now.</p><p>Back to ${link('/dashboard/', 'your dashboard')}.</p>` };
        case 'resetPassword':
          return { title: 'Your new password is set', body: `<p class="done">Your password is changed, and you’re signed out everywhere else.</p><p>${link('/login/', 'Sign in')} with your new password.</p>` };
        case 'verifyAndChangeEmail':
          return {
            title: 'Your new address is in use',
            body: `<p class="done">Your account uses <strong>${escapeHtml(page.email ?? '')}</strong> now.</p><p>For your safety you’re signed out everywhere. ${link('/login/', 'Sign in')} with your new address.</p>`,
          };
        case 'undoEmailChange':
          return {
            title: 'Your address is back',
            body: `<p class="done">Your account uses <strong>${escapeHtml(page.email ?? '')}</strong> again, and everyone was signed out.</p><p>Now choose a new password, so only you can come back in: ${link('/forgot-password/', 'reset your password')}.</p>`,
          };
      }
    // falls through: every mode is answered above
    case 'expired': {
      const again =
        page.mode === 'resetPassword'
          ? `<p>You can ${link('/forgot-password/', 'ask for a new link')}; it arrives in a minute or two.</p>`
          : page.mode === 'verifyEmail'
            ? `<p>If your address isn’t confirmed yet, ${link('/dashboard/', 'sign in')} and choose “Send the link again” on your dashboard.</p>`
            : page.mode === 'verifyAndChangeEmail'
              ? `<p>You can ask for a new one on ${link('/dashboard/', 'your dashboard')}, under “Your Account”.</p>`
              : '';
      return { title: 'This link has expired', body: `<p>This link has expired or has already been used, so nothing was changed.</p>${again}` };
    }
    case 'taken':
      return { title: 'We couldn’t undo the change', body: '<p>Another account uses that address now, so nothing was changed. Please write to us, and we’ll sort it out with you.</p>' };
    case 'unavailable':
      return { title: 'Please try again a little later', body: '<p>We can’t do this just now, so nothing was changed. Please open the link again in a few minutes.</p>' };
  }
}

export function accountActionPage(page: ActionPage, options: { support: string; site: string }): string {
  const { title, body } = content(page, options.site);
  return smallPage(title, body, options);
}
