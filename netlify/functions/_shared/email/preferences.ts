/**
 * /api/email-preferences?t=<signed link>: the link in every reminder, which works without
 * signing in (netlify/functions/_shared/email/links.ts signs it with EMAIL_LINK_SECRET).
 *
 *   GET   a page saying whether coaching reminders are on, with one button to change that.
 *         A GET changes nothing: mail scanners open links on their own (RFC 8058).
 *   POST  `List-Unsubscribe=One-Click` (RFC 8058: the mail app's own unsubscribe button, sent to
 *         the List-Unsubscribe address) turns reminders off; the page's form sends `choice=off`
 *         or `choice=on`. The answer is the page, saying what was done.
 *
 * The choice is the member's email_preferences row (the dashboard reads and changes the same
 * row under row-level security), written here with the service role. A link we did not sign,
 * or for an account that no longer exists, changes nothing (400 with a page that says so);
 * without email settings the page says to try later (503). Confirmations of what the member
 * did have no switch.
 */
import { HttpError, readText, requireMethod } from '../http';
import { limitMember } from '../member-limit';
import { endpoint, Upstream } from '../log';
import { describeDbError, supabaseAdmin, type AdminDb } from '../supabase';
import { verifyLink, PREFERENCES_PATH } from './links';
import { pageHeaders, preferencesPage, type PageState } from './preferences-page';
import { missingEmailSettings, siteOrigin } from './settings';
import { SUPPORT_EMAIL } from '../../../../src/core/config/site';

const NAME = 'email-preferences';
const MAX_FORM_BYTES = 2048;

function page(state: PageState, status: number): Response {
  return new Response(preferencesPage(state, { support: SUPPORT_EMAIL, site: siteOrigin() }), { status, headers: pageHeaders() });
}

/** The choice a POST asks for: off for RFC 8058's one-click body, else the form's `choice`. */
async function requestedChoice(req: Request): Promise<boolean> {
  const type = (req.headers.get('content-type') ?? '').toLowerCase();
  const text = await readText(req, MAX_FORM_BYTES);
  let form: URLSearchParams | FormData;
  if (type.startsWith('multipart/form-data')) {
    try {
      form = await new Response(text, { headers: { 'content-type': type } }).formData();
    } catch {
      throw new HttpError(400, 'The form could not be read.');
    }
  } else {
    form = new URLSearchParams(text);
  }
  if (form.get('List-Unsubscribe') === 'One-Click') return false;
  const choice = form.get('choice');
  if (choice === 'off') return false;
  if (choice === 'on') return true;
  throw new HttpError(400, 'Say whether reminders should be on or off.');
}

async function memberExists(db: AdminDb, member: string): Promise<boolean> {
  const { data, error } = await db.from('profiles').select('id').eq('id', member).maybeSingle();
  if (error) throw new Upstream('Your choice could not be saved just now.', describeDbError('profiles select', error));
  return Boolean(data);
}

async function remindersOf(db: AdminDb, member: string): Promise<boolean> {
  const { data, error } = await db.from('email_preferences').select('coaching_reminders').eq('user_id', member).maybeSingle<{ coaching_reminders: boolean }>();
  if (error) throw new Upstream('Your choice could not be read just now.', describeDbError('email_preferences select', error));
  return data?.coaching_reminders ?? true;
}

async function saveReminders(db: AdminDb, member: string, on: boolean): Promise<void> {
  const { error } = await db.from('email_preferences').upsert({ user_id: member, coaching_reminders: on }, { onConflict: 'user_id' });
  if (error) throw new Upstream('Your choice could not be saved just now.', describeDbError('email_preferences upsert', error));
}

export default endpoint(NAME, async (req) => {
  requireMethod(req, 'GET', 'POST');
  const url = new URL(req.url);
  if (missingEmailSettings().includes('EMAIL_LINK_SECRET')) return page({ kind: 'unavailable' }, 503);
  const link = verifyLink(process.env.EMAIL_LINK_SECRET!, url.searchParams.get('t') ?? '');
  if (!link || link.purpose !== 'reminders') return page({ kind: 'invalid' }, 400);
  const db = supabaseAdmin();
  const action = `${PREFERENCES_PATH}?t=${encodeURIComponent(url.searchParams.get('t')!)}`;
  try {
    if (!(await memberExists(db, link.member))) return page({ kind: 'invalid' }, 400);
    if (req.method === 'GET') return page({ kind: 'choice', reminders: await remindersOf(db, link.member), changed: false, action }, 200);
    await limitMember(db, link.member, NAME, { most: 30, windowSeconds: 600 });
    const on = await requestedChoice(req);
    const changed = (await remindersOf(db, link.member)) !== on;
    if (changed) await saveReminders(db, link.member, on);
    return page({ kind: 'choice', reminders: on, changed, action }, 200);
  } catch (error) {
    if (error instanceof Upstream) {
      console.error(`[${NAME}] 502 ${error.publicMessage} (${error.detail})`);
      return page({ kind: 'unavailable' }, 502);
    }
    throw error;
  }
});
