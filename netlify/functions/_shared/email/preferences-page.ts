/**
 * The page the link in a reminder opens (netlify/functions/email-preferences.mts): a small HTML
 * page of its own (../page.ts), with no script, that says where the member's reminders stand and
 * offers the one button that changes it, and after a change says what was done. Pure.
 */
import { smallPage } from '../page';
import { escapeHtml } from './render';

export { pageHeaders } from '../page';

export type PageState =
  /** The link is good: reminders are on or off now; `changed` after this request changed them. */
  | { kind: 'choice'; reminders: boolean; changed: boolean; action: string }
  /** The link is not one we signed, or the account is gone. */
  | { kind: 'invalid' }
  /** Email is not configured on this server. */
  | { kind: 'unavailable' };

function content(state: PageState, support: string, site: string): { title: string; body: string } {
  const dashboard = `<a href="${escapeHtml(`${site}/dashboard/`)}">your dashboard</a>`;
  const supportLink = `<a href="mailto:${escapeHtml(support)}">${escapeHtml(support)}</a>`;
  if (state.kind === 'invalid') {
    return {
      title: 'This link doesn’t work',
      body: `<p>We couldn’t read this link, so nothing was changed. It may have been cut short when it was copied.</p><p>You can turn reminders on or off on ${dashboard} after signing in, or write to ${supportLink} and we’ll do it for you.</p>`,
    };
  }
  if (state.kind === 'unavailable') {
    return {
      title: 'Please try again a little later',
      body: `<p>Your email choices can’t be changed from this link just now, so nothing was changed.</p><p>You can turn reminders on or off on ${dashboard}, or write to ${supportLink}.</p>`,
    };
  }
  const always = `<p class="quiet">Emails about what you do yourself, like a seat you save or a purchase, always arrive: they’re how you know it worked. You can change this choice on ${dashboard} too.</p>`;
  const form = (choice: 'on' | 'off', label: string) =>
    `<form method="post" action="${escapeHtml(state.action)}"><input type="hidden" name="choice" value="${choice}"><button type="submit">${label}</button></form>`;
  if (!state.reminders) {
    return {
      title: state.changed ? 'Done: reminders are off' : 'Reminders are off',
      body:
        `<p>${state.changed ? 'We’ve turned off your coaching reminders.' : 'Your coaching reminders are already off.'} We won’t email you the day before a Rapid Fire Coaching Live session, so your join link will be waiting on your dashboard instead.</p>` +
        always +
        `<p>Changed your mind?</p>${form('on', 'Turn reminders back on')}`,
    };
  }
  return {
    title: state.changed ? 'Done: reminders are on' : 'Coaching reminders',
    body:
      `<p>${state.changed ? 'Your coaching reminders are back on.' : 'Your coaching reminders are on.'} The day before each session you’ve saved a seat for, we email you the time and your join link.</p>` +
      always +
      (state.changed ? '' : `<p>Would you rather not get them?</p>`) +
      form('off', 'Turn off reminders'),
  };
}

export function preferencesPage(state: PageState, options: { support: string; site: string }): string {
  const { title, body } = content(state, options.support, options.site);
  return smallPage(title, body, options);
}
