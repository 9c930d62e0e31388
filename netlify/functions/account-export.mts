/**
 * GET /api/account-export with `Authorization: Bearer <Firebase ID token>`: everything the site
 * keeps about the member, as a JSON file to download (Content-Disposition: attachment): their
 * profile, coaching signups (with each session's date and time), Stripe customer id,
 * subscription, purchases and what they keep in the Lounge's apps. Read with the service role, always filtered by the token's uid.
 *
 * Errors: 401, 405, 502 (the database failed), 503 (not configured).
 */
import type { Config } from '@netlify/functions';
import { verifyIdToken } from './_shared/auth';
import { bearerToken, json, requireMethod } from './_shared/http';
import { endpoint, upstreamFailure } from './_shared/log';
import { supabaseAdmin } from './_shared/supabase';

const NAME = 'account-export';
const DATABASE_DOWN = 'Your data could not be gathered just now. Please try again.';

export const EXPORT_FILE_NAME = 'inner-alchemy-my-data.json';

export default endpoint(NAME, async (req) => {
  requireMethod(req, 'GET');
  const token = bearerToken(req);
  const user = await verifyIdToken(token);
  const db = supabaseAdmin();

  const [profile, signups, customer, purchases, breathing, bloom, places, riseDays, riseStatements, scenes, rehearsals, resets] = await Promise.all([
    db.from('profiles').select('*').eq('id', user.uid).maybeSingle(),
    db.from('coaching_session_signups').select('id, name, email, created_at, session_id, coaching_sessions(date, time)').eq('user_id', user.uid),
    db.from('stripe_customers').select('customer_id, created_at').eq('user_id', user.uid).maybeSingle<{ customer_id: string; created_at: string }>(),
    db.from('purchases').select('*').eq('user_id', user.uid),
    // The Lounge (docs/decisions/lounge.md): Stillpoint's sessions, The Bloom Book's pages,
    // Whispers Before Sleep's places.
    db.from('breathing_sessions').select('pattern, seconds, finished_at').eq('user_id', user.uid).order('finished_at'),
    db.from('bloom_pages').select('day, gratitude_1, gratitude_2, gratitude_3, prompt_text, answer, created_at, updated_at').eq('user_id', user.uid).order('day'),
    db.from('story_places').select('story, sentence, updated_at').eq('user_id', user.uid).order('story'),
    // Rise Mode's days and own statements, Mindstage's scenes and rehearsals, The Reset Room's resets.
    db.from('rise_days').select('day, intention, statement_text, brave_action, lived, note, created_at, updated_at').eq('user_id', user.uid).order('day'),
    db.from('rise_statements').select('text, created_at').eq('user_id', user.uid).order('created_at'),
    db.from('rehearsal_scenarios').select('id, title, scene, going_well, coping, created_at').eq('user_id', user.uid).order('created_at'),
    db.from('rehearsals').select('scenario, suds_before, suds_after, finished_at').eq('user_id', user.uid).order('finished_at'),
    db.from('resets').select('feeling, reset, intensity_before, intensity_after, finished_at').eq('user_id', user.uid).order('finished_at'),
  ]);
  const failed = [
    ['profiles', profile.error],
    ['coaching_session_signups', signups.error],
    ['stripe_customers', customer.error],
    ['purchases', purchases.error],
    ['breathing_sessions', breathing.error],
    ['bloom_pages', bloom.error],
    ['story_places', places.error],
    ['rise_days', riseDays.error],
    ['rise_statements', riseStatements.error],
    ['rehearsal_scenarios', scenes.error],
    ['rehearsals', rehearsals.error],
    ['resets', resets.error],
  ].find(([, error]) => error) as [string, { code?: string; message: string }] | undefined;
  if (failed) return upstreamFailure(NAME, 502, DATABASE_DOWN, `${failed[0]} select: ${failed[1].code ?? ''} ${failed[1].message}`);

  let subscription: unknown = null;
  if (customer.data?.customer_id) {
    const sub = await db.from('stripe_subscriptions').select('*').eq('customer_id', customer.data.customer_id).maybeSingle();
    if (sub.error) return upstreamFailure(NAME, 502, DATABASE_DOWN, `stripe_subscriptions select: ${sub.error.code ?? ''} ${sub.error.message}`);
    subscription = sub.data;
  }

  const body = {
    exported_at: new Date().toISOString(),
    account: { id: user.uid, email: user.email ?? null },
    profile: profile.data ?? null,
    coaching_signups: signups.data ?? [],
    stripe_customer: customer.data ?? null,
    subscription,
    purchases: purchases.data ?? [],
    lounge: {
      stillpoint_sessions: breathing.data ?? [],
      bloom_book_pages: bloom.data ?? [],
      whispers_story_places: places.data ?? [],
      rise_mode_days: riseDays.data ?? [],
      rise_mode_own_statements: riseStatements.data ?? [],
      mindstage_own_scenarios: scenes.data ?? [],
      mindstage_rehearsals: rehearsals.data ?? [],
      reset_room_resets: resets.data ?? [],
    },
  };
  return json(body, 200, { 'Content-Disposition': `attachment; filename="${EXPORT_FILE_NAME}"` });
});

export const config: Config = {
  path: '/api/account-export',
  rateLimit: { windowLimit: 5, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
