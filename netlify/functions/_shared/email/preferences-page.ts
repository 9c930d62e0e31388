/**
 * The page the link in a reminder opens (netlify/functions/email-preferences.mts): a small HTML
 * page of its own, with no script, that says where the member's reminders stand and offers the
 * one button that changes it, and after a change says what was done. Its one style block is
 * allowed by its hash in the page's Content-Security-Policy; forms post only to the page itself.
 * Pure.
 */
import { createHash } from 'node:crypto';
import { BRAND } from '../../../../src/core/config/site';
import { escapeHtml } from './render';

export type PageState =
  /** The link is good: reminders are on or off now; `changed` after this request changed them. */
  | { kind: 'choice'; reminders: boolean; changed: boolean; action: string }
  /** The link is not one we signed, or the account is gone. */
  | { kind: 'invalid' }
  /** Email is not configured on this server. */
  | { kind: 'unavailable' };

const STYLE = `body{margin:0;background:#fbf7f2;color:#2a1f3d;font:16px/1.6 -apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif}
main{max-width:34rem;margin:0 auto;padding:3rem 1.25rem}
.card{background:#fff;border:1px solid #ebe1f5;border-radius:1.25rem;padding:2rem 1.75rem}
h1{font-size:1.6rem;line-height:1.25;margin:0 0 1rem}
p{margin:0 0 1rem}
.brand{display:inline-block;margin-bottom:1.5rem;color:#52307a;font-weight:700;text-decoration:none}
button{font:inherit;font-weight:600;border:0;border-radius:999px;padding:.75rem 1.5rem;background:#52307a;color:#fff;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #e7b453;outline-offset:2px}
a{color:#52307a;font-weight:600}
.quiet{font-size:.9rem;color:#4d4160}`;

/** The style block's hash, for the page's Content-Security-Policy. */
export const STYLE_HASH = `sha256-${createHash('sha256').update(STYLE, 'utf8').digest('base64')}`;

export function pageHeaders(): Record<string, string> {
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    // The link's token is in the address: it goes nowhere else.
    'Referrer-Policy': 'no-referrer',
    'X-Robots-Tag': 'noindex',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': `default-src 'none'; style-src '${STYLE_HASH}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
  };
}

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
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(BRAND)}</title><style>${STYLE}</style></head>` +
    `<body><main><a class="brand" href="${escapeHtml(`${options.site}/`)}">${escapeHtml(BRAND)}</a><div class="card"><h1>${escapeHtml(title)}</h1>${body}</div>` +
    `<p class="quiet">Questions? Write to <a href="mailto:${escapeHtml(options.support)}">${escapeHtml(options.support)}</a>.</p></main></body></html>`
  );
}
