/**
 * A small HTML page a function answers itself, for a link in a message that works without the
 * site's scripts (the reminders' switch, the account's links): the brand, a card with a heading
 * and the page's words, and the support line. No script; its one style block is allowed by its
 * hash in the page's Content-Security-Policy; forms post only to the site itself. Pure.
 */
import { createHash } from 'node:crypto';
import { BRAND } from '../../../src/core/config/site';
import { escapeHtml } from './email/render';

const STYLE = `body{margin:0;background:#fbf7f2;color:#2a1f3d;font:16px/1.6 -apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif}
main{max-width:34rem;margin:0 auto;padding:3rem 1.25rem}
.card{background:#fff;border:1px solid #ebe1f5;border-radius:1.25rem;padding:2rem 1.75rem}
h1{font-size:1.6rem;line-height:1.25;margin:0 0 1rem}
p{margin:0 0 1rem}
.brand{display:inline-block;margin-bottom:1.5rem;color:#52307a;font-weight:700;text-decoration:none}
button{font:inherit;font-weight:600;border:0;border-radius:999px;padding:.75rem 1.5rem;background:#52307a;color:#fff;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #e7b453;outline-offset:2px}
a{color:#52307a;font-weight:600}
.quiet{font-size:.9rem;color:#4d4160}
label{display:block;font-weight:600;margin:0 0 .25rem}
input{font:inherit;box-sizing:border-box;width:100%;padding:.65rem .8rem;border:1px solid #b9a6d0;border-radius:.75rem;margin:0 0 1rem;background:#fff;color:inherit}
input:focus-visible{outline:3px solid #e7b453;outline-offset:1px}
.error{background:#fdecee;color:#9f1d35;border-radius:.75rem;padding:.75rem 1rem;font-weight:600}
.done{background:#eef6ee;color:#2f5d34;border-radius:.75rem;padding:.75rem 1rem;font-weight:600}`;

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

/** `options.head`: more of the head, already escaped (a page's Open Graph tags). */
export function smallPage(title: string, body: string, options: { support: string; site: string; head?: string }): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(BRAND)}</title>${options.head ?? ''}<style>${STYLE}</style></head>` +
    `<body><main><a class="brand" href="${escapeHtml(`${options.site}/`)}">${escapeHtml(BRAND)}</a><div class="card"><h1>${escapeHtml(title)}</h1>${body}</div>` +
    `<p class="quiet">Questions? Write to <a href="mailto:${escapeHtml(options.support)}">${escapeHtml(options.support)}</a>.</p></main></body></html>`
  );
}
