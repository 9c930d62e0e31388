/**
 * The certificate's two doors (issue 45) against the Auth emulator, the local database (our
 * migrations decide) and the email stand-in:
 *   POST /api/certificate   the claim: 405, 401, another site's request 403, 400 for names that
 *                           are not one, 403 with the lessons still to do or without the course;
 *                           201 once, then 200 with the same certificate; the email with its link
 *                           to a verified address only, once.
 *   GET /verify/<code>      the public page: valid or revoked, the name as text (never markup),
 *                           never an email; unknown or malformed 404; deleted 410; no script.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import claim, { config as claimConfig } from '../../netlify/functions/certificate-claim.mts';
import verify, { config as verifyConfig } from '../../netlify/functions/certificate-verify.mts';
import type { EmailStandIn } from '../../local-platform/email/email-standin';
import type { LocalSupabase } from '../../local-platform/postgrest/local-supabase';
import { call, createEmulatorUser, expectNoLeak, SITE, type EmulatorUser } from '../support/functions';
import { withStandIns } from '../support/stand-ins';
import { COURSE_ID } from '../../src/features/course/certificate';

let inbox: EmailStandIn;
let db: LocalSupabase;

withStandIns({ db: true, inbox: true }, (standIns) => {
  ({ inbox, db } = standIns);
});

let lessons: { slug: string; title: string }[] = [];
beforeEach(async () => {
  lessons = await db.query<{ slug: string; title: string }>(`select slug, title from private.course_lessons where course = $1 order by position`, [COURSE_ID]);
});

let sessions = 0;
/** A member with a verified address (or not), the course bought (or not), and `done` lessons complete. */
async function memberWith({ course = true, done = 27, verified = true, name = 'Ada Lima' }: { course?: boolean; done?: number; verified?: boolean; name?: string | null } = {}): Promise<EmulatorUser> {
  const user = await createEmulatorUser();
  await db.query(`insert into public.profiles (id, email, full_name, email_verified) values ($1, $2, $3, $4)`, [user.memberId, user.email, name, verified]);
  if (course) {
    await db.query(
      `insert into public.purchases (user_id, price_id, product_type, checkout_session_id, amount, currency, status) values ($1, 'price_master_alchemist_course', 'course', $2, 99900, 'usd', 'paid')`,
      [user.memberId, `cs_test_fn_${++sessions}`],
    );
  }
  await db.query(`insert into public.lesson_progress (member_id, lesson_slug) select $1, slug from private.course_lessons where course = $2 and position <= $3`, [user.memberId, COURSE_ID, done]);
  return user;
}

const post = (user: EmulatorUser | null, body?: unknown, headers: Record<string, string> = {}) =>
  call(claim, '/api/certificate', { method: 'POST', headers: { ...(user ? { authorization: `Bearer ${user.idToken}` } : {}), origin: SITE, ...headers }, ...(body === undefined ? {} : { body }) });
const certificatesOf = (uid: string) => db.query<{ code: string; name: string }>(`select code, name from public.certificates where member_id = $1`, [uid]);
type Answer = { certificate: { code: string; name: string; completed_at: string; revoked_at: string | null }; created: boolean };

describe('POST /api/certificate', () => {
  it('is configured at its path with a rate limit', () => {
    expect(claimConfig.path).toBe('/api/certificate');
    expect(claimConfig.rateLimit).toBeDefined();
  });

  it('refuses another method (405), no token or a bad one (401), another site (403)', async () => {
    const user = await memberWith();
    expect((await call(claim, '/api/certificate', { method: 'GET', headers: { authorization: `Bearer ${user.idToken}` } })).status).toBe(405);
    expect((await post(null, { name: 'Ada' })).status).toBe(401);
    expect((await post(null, { name: 'Ada' }, { authorization: 'Bearer not-a-token' })).status).toBe(401);
    const foreign = await post(user, { name: 'Ada' }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ error: 'Requests from other sites are not allowed.' });
    expect(await certificatesOf(user.memberId)).toEqual([]);
  });

  it('26 of 27 lessons: 403 with the lesson still to do, in the member\'s words; nothing issued', async () => {
    const user = await memberWith({ done: 26 });
    const res = await post(user, { name: 'Ada Lima' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: `You are one lesson away from your certificate. Still to do: “${lessons[26]!.title}”.`, lessons: [lessons[26]!.title] });
    const fewer = await post(await memberWith({ done: 24 }), {});
    expect((fewer.body as { error: string }).error).toBe(`You are 3 lessons away from your certificate. Still to do: “${lessons[24]!.title}”, “${lessons[25]!.title}” and “${lessons[26]!.title}”.`);
    expect(await certificatesOf(user.memberId)).toEqual([]);
  });

  it('without the course: 403 saying so', async () => {
    const res = await post(await memberWith({ course: false, done: 1 }), { name: 'Ada' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'Your certificate comes with the Master Alchemist Course, and your account does not include the course just now.' });
  });

  it.each([
    ['white space only', '   ', 'Please enter the name you would like on your certificate.'],
    ['a no-break space and a tab', '\u00a0\t', 'Please enter the name you would like on your certificate.'],
    ['101 characters', 'x'.repeat(101), 'Your certificate holds a name of up to 100 characters. Please shorten it.'],
    ['a number', 42, 'Please send the name for your certificate as { "name": "..." }.'],
  ])('a name of %s: 400 with a message, nothing issued', async (_what, name, message) => {
    const user = await memberWith();
    const res = await post(user, { name });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message });
    expectNoLeak(res.text);
    expect(await certificatesOf(user.memberId)).toEqual([]);
  });

  it('issues one certificate (201), answers it again (200) whatever the name then, and mails its link once to the verified address', async () => {
    const user = await memberWith();
    const first = await post(user, { name: 'Jürgen Weiß' });
    expect(first.status).toBe(201);
    const { certificate, created } = first.body as Answer;
    expect(created).toBe(true);
    expect(certificate).toMatchObject({ name: 'Jürgen Weiß', revoked_at: null });
    expect(certificate.code).toMatch(/^[0-9a-f]{32}$/);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    const again = await post(user, { name: 'Someone Else' });
    expect(again.status).toBe(200);
    expect((again.body as Answer).certificate).toEqual(certificate);
    expect(await certificatesOf(user.memberId)).toEqual([{ code: certificate.code, name: 'Jürgen Weiß' }]);

    const mail = inbox.messages.filter((m) => m.to.includes(user.email));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Your Master Alchemist Course certificate');
    expect(mail[0]!.html).toContain(`${SITE}/verify/${certificate.code}`);
  });

  it('five claims at once: one certificate, every answer the same', async () => {
    const user = await memberWith();
    const answers = await Promise.all(['A', 'B', 'C', 'D', 'E'].map((n) => post(user, { name: `Racer ${n}` })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => (a.body as Answer).certificate.code)).size).toBe(1);
    expect(await certificatesOf(user.memberId)).toHaveLength(1);
  });

  it('takes the profile\'s name when none is sent; an unverified address gets no email', async () => {
    const user = await memberWith({ verified: false, name: 'Grace Hopper' });
    const res = await post(user);
    expect(res.status).toBe(201);
    expect((res.body as Answer).certificate.name).toBe('Grace Hopper');
    expect(inbox.messages.filter((m) => m.to.includes(user.email))).toEqual([]);
  });
});

describe('GET /verify/<code>', () => {
  async function issued(name: string): Promise<{ user: EmulatorUser; code: string }> {
    const user = await memberWith();
    const res = await post(user, { name });
    return { user, code: (res.body as Answer).certificate.code };
  }
  const open = (path: string, method = 'GET') => call(verify, path, { method });

  it('is served at /verify/* with a rate limit', () => {
    expect(verifyConfig.path).toBe('/verify/*');
    expect(verifyConfig.rateLimit).toBeDefined();
  });

  it('a valid certificate: the name, the course, the day, "valid"; noindex, no script, its own CSP; never an email', async () => {
    const { user, code } = await issued('Ada Lima');
    const res = await open(`/verify/${code}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(res.text).toContain('This certificate is valid.');
    expect(res.text).toContain(`<a href="/api/certificate/${code}.pdf" download>Download the certificate (PDF)</a>`);
    expect(res.text).toContain('Awarded to <strong>Ada Lima</strong>');
    expect(res.text).toContain('Master Alchemist Course');
    const [day] = await db.query<{ d: string }>(`select to_char(max(completed_at) at time zone 'Europe/Berlin', 'FMDD FMMonth YYYY') as d from public.lesson_progress where member_id = $1`, [user.memberId]);
    expect(res.text).toContain(day!.d);
    expect(res.text).toContain('<meta name="robots" content="noindex">');
    expect(res.text).toContain(`<meta property="og:image" content="${SITE}/api/certificate/${code}/card.png">`);
    expect(res.text).toContain('<meta property="og:title" content="Ada Lima completed the Master Alchemist Course">');
    expect(res.text).not.toMatch(/<script/i);
    expect(res.text).not.toContain(user.email);
    expect(res.text).not.toMatch(/@example\.com/);
  });

  it('a name with markup is shown as text', async () => {
    const { code } = await issued('<script>alert(1)</script> "Ada"');
    const res = await open(`/verify/${code}/`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &quot;Ada&quot;');
    expect(res.text).not.toMatch(/<script/i);
  });

  it('a revoked certificate says "revoked", with no reason', async () => {
    const { user, code } = await issued('Ada Lima');
    await db.query(`update public.purchases set status = 'refunded', refunded_at = now() where user_id = $1`, [user.memberId]);
    const res = await open(`/verify/${code}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('This certificate has been revoked.');
    expect(res.text).not.toMatch(/refund|dispute/i);
    // A revoked certificate's PDF is not offered (it answers 410).
    expect(res.text).not.toContain('.pdf');
  });

  it('an unknown or malformed code is a 404 page; a deleted account\'s certificate is no longer available (410); POST 405', async () => {
    for (const path of ['/verify/0123456789abcdef0123456789abcdef', '/verify/not-a-code', '/verify/', `/verify/${'A'.repeat(32)}`, '/verify/0123456789abcdef0123456789abcdef/more']) {
      const res = await open(path);
      expect(res.status, path).toBe(404);
      expect(res.text).toContain('Certificate not found');
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    }
    const { user, code } = await issued('Ada Lima');
    await db.query(`delete from public.certificates where member_id = $1`, [user.memberId]);
    const gone = await open(`/verify/${code}`);
    expect(gone.status).toBe(410);
    expect(gone.text).toContain('This certificate is no longer available.');
    expect(gone.text).not.toContain('Ada Lima');
    expect((await open(`/verify/${code}`, 'POST')).status).toBe(405);
  });
});
