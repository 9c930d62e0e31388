/**
 * One template, two parts: a message is written once as blocks (headings, paragraphs, a button,
 * facts, lists), and this turns them into the HTML part and the plain-text part, inside the one
 * layout every message shares: the brand mark (an image with its alt text) at the top, and a
 * footer with the support address at the end. Every link is made absolute on the site's address
 * here, so a template names paths ("/dashboard") and cannot send a relative link; a link
 * elsewhere than the site is refused (a template bug, thrown at once), except one marked
 * `external` (a coaching session's join link, which the coach sets), which must be https.
 * Pure: no I/O.
 */

/**
 * A piece of running text: words, or a link (a path on the site, or a mailto: address; with
 * `external`, an https address elsewhere).
 */
export type Inline = string | { text: string; href: string; external?: true };

export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; parts: Inline[] }
  | { kind: 'button'; text: string; href: string; external?: true }
  | { kind: 'facts'; rows: readonly (readonly [string, string])[] }
  | { kind: 'list'; items: Inline[][] }
  | { kind: 'quiet'; parts: Inline[] };

export interface MessageContent {
  subject: string;
  /** The line an inbox shows beside the subject (hidden in the body). */
  preheader: string;
  /** "Hi Ada," */
  greeting: string;
  blocks: Block[];
  /** The closing line and who it is from. */
  signoff: [string, string];
  /** Lines the footer adds for this message (the reminders' switch), before the support line. */
  footer?: Inline[][];
}

export interface Rendered {
  subject: string;
  text: string;
  html: string;
}

export interface Layout {
  /** The site's origin, without a trailing slash. */
  site: string;
  brand: string;
  support: string;
}

const COLORS = { paper: '#fbf7f2', card: '#ffffff', ink: '#2a1f3d', soft: '#4d4160', plum: '#52307a', plumSoft: '#ebe1f5', line: '#d6c3ea' } as const;
const FONT = "-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * The absolute address of `href` on the site: a path ("/course/", "/api/x?t=1") joined to the
 * site's origin; a mailto: link as it is. Anything else (another site, a relative path) is a
 * template's mistake and throws.
 */
export function absolute(href: string, site: string, external = false): string {
  if (external) {
    if (!/^https:\/\/[^\s/?#]+\.[^\s]+$/.test(href)) throw new Error('An external link in an email must be an https address.');
    return href;
  }
  if (href.startsWith('mailto:')) return href;
  if (!href.startsWith('/') || href.startsWith('//')) throw new Error(`An email link must be a path on the site: ${href}`);
  return new URL(href, `${site}/`).href;
}

function inlineHtml(part: Inline, layout: Layout): string {
  if (typeof part === 'string') return escapeHtml(part);
  return `<a href="${escapeHtml(absolute(part.href, layout.site, part.external))}" style="color:${COLORS.plum};font-weight:600;text-decoration:underline">${escapeHtml(part.text)}</a>`;
}

/** A link in the plain-text part: its words, then the address in angle brackets (as plain-text mail writes them). */
function inlineText(part: Inline, layout: Layout): string {
  if (typeof part === 'string') return part;
  const url = absolute(part.href, layout.site, part.external);
  return `${part.text} <${url.replace(/^mailto:/, '')}>`;
}

const paragraphStyle = `margin:0 0 16px;font-size:16px;line-height:1.6;color:${COLORS.ink}`;

function blockHtml(block: Block, layout: Layout): string {
  switch (block.kind) {
    case 'heading':
      return `<h2 style="margin:24px 0 8px;font-size:18px;line-height:1.4;color:${COLORS.ink}">${escapeHtml(block.text)}</h2>`;
    case 'paragraph':
      return `<p style="${paragraphStyle}">${block.parts.map((p) => inlineHtml(p, layout)).join('')}</p>`;
    case 'quiet':
      return `<p style="margin:0 0 16px;font-size:14px;line-height:1.6;color:${COLORS.soft}">${block.parts.map((p) => inlineHtml(p, layout)).join('')}</p>`;
    case 'button':
      return (
        `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="border-radius:999px;background:${COLORS.plum}">` +
        `<a href="${escapeHtml(absolute(block.href, layout.site, block.external))}" style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:999px">${escapeHtml(block.text)}</a>` +
        `</td></tr></table>`
      );
    case 'facts':
      return (
        `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;width:100%;border-collapse:collapse">` +
        block.rows
          .map(
            ([term, value]) =>
              `<tr><td style="padding:6px 12px 6px 0;font-size:14px;color:${COLORS.soft};vertical-align:top;white-space:nowrap">${escapeHtml(term)}</td>` +
              `<td style="padding:6px 0;font-size:14px;color:${COLORS.ink};font-weight:600;word-break:break-all">${escapeHtml(value)}</td></tr>`,
          )
          .join('') +
        `</table>`
      );
    case 'list':
      return `<ul style="margin:0 0 16px;padding-left:20px">${block.items.map((item) => `<li style="margin:0 0 8px;font-size:16px;line-height:1.6;color:${COLORS.ink}">${item.map((p) => inlineHtml(p, layout)).join('')}</li>`).join('')}</ul>`;
  }
}

function blockText(block: Block, layout: Layout): string {
  switch (block.kind) {
    case 'heading':
      return block.text.toUpperCase();
    case 'paragraph':
    case 'quiet':
      return block.parts.map((p) => inlineText(p, layout)).join('');
    case 'button':
      return `${block.text}: ${absolute(block.href, layout.site, block.external)}`;
    case 'facts':
      return block.rows.map(([term, value]) => `${term}: ${value}`).join('\n');
    case 'list':
      return block.items.map((item) => `- ${item.map((p) => inlineText(p, layout)).join('')}`).join('\n');
  }
}

/** The support line every message ends with. */
function supportLine(layout: Layout): Inline[] {
  return ['Questions, or something not right? Write to ', { text: layout.support, href: `mailto:${layout.support}` }, ' and a person will answer.'];
}

/** The message's HTML and plain-text parts, in the shared layout. */
export function renderMessage(content: MessageContent, layout: Layout): Rendered {
  const footer: Inline[][] = [...(content.footer ?? []), supportLine(layout)];
  const home = absolute('/', layout.site);
  const logo = absolute('/icons/192.png', layout.site);

  const text = [
    content.greeting,
    ...content.blocks.map((b) => blockText(b, layout)),
    `${content.signoff[0]}\n${content.signoff[1]}`,
    '--',
    ...footer.map((line) => line.map((p) => inlineText(p, layout)).join('')),
    `${layout.brand} <${home}>`,
  ].join('\n\n');

  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="color-scheme" content="light"><title>${escapeHtml(content.subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:${COLORS.paper};font-family:${FONT}">` +
    `<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(content.preheader)}</div>` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLORS.paper}"><tr><td align="center" style="padding:24px 12px">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px">` +
    `<tr><td style="padding:8px 0 20px"><a href="${escapeHtml(home)}" style="text-decoration:none;color:${COLORS.plum};font-size:18px;font-weight:700">` +
    `<img src="${escapeHtml(logo)}" width="40" height="40" alt="${escapeHtml(layout.brand)}" style="vertical-align:middle;border:0;border-radius:10px"> ` +
    `<span style="vertical-align:middle">${escapeHtml(layout.brand)}</span></a></td></tr>` +
    `<tr><td style="background:${COLORS.card};border:1px solid ${COLORS.plumSoft};border-radius:20px;padding:32px 28px">` +
    `<p style="${paragraphStyle}">${escapeHtml(content.greeting)}</p>` +
    content.blocks.map((b) => blockHtml(b, layout)).join('') +
    `<p style="margin:24px 0 0;font-size:16px;line-height:1.6;color:${COLORS.ink}">${escapeHtml(content.signoff[0])}<br>${escapeHtml(content.signoff[1])}</p>` +
    `</td></tr>` +
    `<tr><td style="padding:20px 8px;font-size:13px;line-height:1.6;color:${COLORS.soft}">` +
    footer.map((line) => `<p style="margin:0 0 8px">${line.map((p) => inlineHtml(p, layout)).join('')}</p>`).join('') +
    `<p style="margin:0"><a href="${escapeHtml(home)}" style="color:${COLORS.soft}">${escapeHtml(layout.brand)}</a></p>` +
    `</td></tr></table></td></tr></table></body></html>`;

  return { subject: content.subject, text, html };
}
