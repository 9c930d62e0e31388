/**
 * GET /verify/<code>: a certificate's public page, rendered by the function (no script, its own
 * Content-Security-Policy, noindex): who it was awarded to (the name they chose, as text), the
 * course, the day it was completed, and whether it is valid or revoked (no reason is given).
 * Never an email address: the database's read (public.certificate_by_code) returns none.
 *
 *   valid / revoked   200, with Open Graph tags naming the achievement and the share card
 *                     (/api/certificate/<code>/card.png, served by the credential's function)
 *   deleted           410: the certificate went with its member's account (a hash of its code
 *                     is all that is kept), and the page says it is no longer available
 *   unknown           404, as is any address that is not /verify/<32 hex digits>
 *   anything but GET and HEAD: 405 (JSON, as every function). The database down: 503, a page that says so.
 */
import { BRAND, SUPPORT_EMAIL } from '../../../../core/config/site';
import { escapeHtml } from '../../../../../netlify/functions/_shared/email/render';
import { requireMethod } from '../../../../../netlify/functions/_shared/http';
import { siteOrigin } from '../../../../../netlify/functions/_shared/email/settings';
import { pageHeaders, smallPage } from '../../../../../netlify/functions/_shared/page';
import { supabaseAdmin } from '../../../../../netlify/functions/_shared/supabase';
import { certificateDate, CODE, COURSE_NAME, pdfPath, verifyPath } from '../../certificate';

type Found = { status: 'valid' | 'revoked'; name: string; completed_at: string } | { status: 'gone' | 'unknown' };

const PAGES = {
  unknown: { title: 'Certificate not found', body: '<p>There is no certificate at this address. Please check the link you were given.</p>' },
  gone: { title: 'Certificate no longer available', body: '<p>This certificate is no longer available.</p>' },
  down: { title: 'Please try again', body: '<p>This certificate cannot be checked just now. Please try again in a moment.</p>' },
} as const;

function page(status: number, title: string, body: string, head = ''): Response {
  const headers = { ...pageHeaders(), 'Cache-Control': 'no-cache' };
  return new Response(smallPage(title, body, { support: SUPPORT_EMAIL, site: siteOrigin(), head }), { status, headers });
}

/** The code of /verify/<code>[/], or null. */
function codeOf(req: Request): string | null {
  const m = /^\/verify\/([^/]+)\/?$/.exec(new URL(req.url).pathname);
  return m?.[1] && CODE.test(m[1]) ? m[1] : null;
}

function certificatePage(code: string, found: Extract<Found, { name: string }>): Response {
  const site = siteOrigin();
  const name = escapeHtml(found.name);
  const day = escapeHtml(certificateDate(found.completed_at));
  const achievement = `${found.name} completed the ${COURSE_NAME}`;
  const og = [
    ['og:type', 'website'],
    ['og:site_name', BRAND],
    ['og:title', achievement],
    ['og:description', `A certificate of completion from ${BRAND}, completed on ${certificateDate(found.completed_at)}.`],
    ['og:url', `${site}${verifyPath(code)}`],
    ['og:image', `${site}/api/certificate/${code}/card.png`],
    ['og:image:alt', `${achievement}: certificate from ${BRAND}`],
  ]
    .map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content!)}">`)
    .join('');
  const state =
    found.status === 'valid'
      ? '<p class="done">This certificate is valid.</p>'
      : '<p class="error">This certificate has been revoked.</p>';
  const body =
    state +
    `<p>Awarded to <strong>${name}</strong></p>` +
    `<p>for completing the <strong>${escapeHtml(COURSE_NAME)}</strong> from ${escapeHtml(BRAND)}, on ${day}.</p>` +
    `<p class="quiet">Certificate ID: ${code}</p>` +
    (found.status === 'valid' ? `<p><a href="${pdfPath(code)}" download>Download the certificate (PDF)</a></p>` : '');
  return page(200, 'Certificate of completion', body, `${og}<meta name="twitter:card" content="summary_large_image">`);
}

/** The page for `req` (netlify/functions/certificate-verify.mts). */
export async function verifyCertificate(req: Request): Promise<Response> {
  requireMethod(req, 'GET', 'HEAD');
  const code = codeOf(req);
  if (!code) return page(404, PAGES.unknown.title, PAGES.unknown.body);
  let found: Found;
  try {
    const { data, error } = await supabaseAdmin().rpc('certificate_by_code', { code });
    if (error) throw new Error(`certificate_by_code: ${error.code ?? ''} ${error.message}`);
    found = data as unknown as Found;
  } catch (error) {
    console.error(`[certificate-verify] 503 ${error instanceof Error ? error.message : String(error)}`);
    return page(503, PAGES.down.title, PAGES.down.body);
  }
  if ('name' in found) return certificatePage(code, found);
  if (found.status === 'gone') return page(410, PAGES.gone.title, PAGES.gone.body);
  return page(404, PAGES.unknown.title, PAGES.unknown.body);
}
