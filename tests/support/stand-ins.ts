/**
 * The one setup of a function test file: the local stand-ins it needs, started once (each on a
 * free port: local-platform/), the functions pointed at them and each reset before every test
 * with the logs spied on, the environment and the console restored after every test, and each
 * closed at the end.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startEmailStandIn, type EmailStandIn } from '../../local-platform/email/email-standin';
import { startLocalSupabase, type LocalSupabase } from '../../local-platform/postgrest/local-supabase';
import { startStripeDouble, type StripeDouble, type StripeDoubleOptions } from '../../local-platform/stripe/stripe-standin';
import { emailEnv } from './email';
import { spyOnLogs, type LogSpies } from './functions';
import { startGoogleDouble, type GoogleDouble } from './google-double';

export interface Wanted {
  /**
   * The Stripe stand-in, started with these options (e.g. `{ catalogue }`), or with what a
   * function gives when the stand-ins start (what a file's own beforeAll, registered first, made).
   */
  stripe?: StripeDoubleOptions | (() => StripeDoubleOptions);
  /** The local Supabase: a copy of the migrated database behind the PostgREST-compatible endpoint. */
  db?: true;
  /** The email stand-in (Resend), with the link secret and the site's address (`emailEnv`). */
  inbox?: true;
  /** Google's APIs outside the emulator (tests/support/google-double.ts), with its service account. */
  google?: true;
  /** More variables for the functions, set after the stand-ins' (e.g. STRIPE_WEBHOOK_SECRET). */
  env?: Record<string, string>;
  /** Variables removed before each test, before the stand-ins' are set (e.g. URL and SITE_URL). */
  unset?: readonly string[];
  /** False: the stand-ins keep what earlier tests left (a file whose tests build on each other). */
  reset?: false;
}

/** The stand-ins a file asked for, by name. */
export type StandIns<W extends Wanted> = (W['stripe'] extends StripeDoubleOptions | (() => StripeDoubleOptions) ? { stripe: StripeDouble } : unknown) &
  (W['db'] extends true ? { db: LocalSupabase } : unknown) &
  (W['inbox'] extends true ? { inbox: EmailStandIn } : unknown) &
  (W['google'] extends true ? { google: GoogleDouble } : unknown);

interface Running {
  stripe?: StripeDouble;
  db?: LocalSupabase;
  inbox?: EmailStandIn;
  google?: GoogleDouble;
}

/**
 * Registers the hooks: `use` receives the stand-ins and the test's log spies before each test
 * (after the resets, before the file's own beforeEach). The stand-ins are also returned, filled
 * once they have started (for a file's own beforeAll, registered after this call).
 */
export function withStandIns<const W extends Wanted>(wanted: W, use: (standIns: StandIns<W>, logs: LogSpies) => void = () => {}): StandIns<W> {
  const saved = { ...process.env };
  const running: Running = {};
  let logs: LogSpies | undefined;
  beforeAll(async () => {
    if (wanted.stripe) running.stripe = await startStripeDouble(typeof wanted.stripe === 'function' ? wanted.stripe() : wanted.stripe);
    if (wanted.db) running.db = await startLocalSupabase();
    if (wanted.inbox) running.inbox = await startEmailStandIn();
    if (wanted.google) running.google = await startGoogleDouble();
  });
  afterAll(async () => {
    await running.stripe?.close();
    await running.db?.close();
    await running.inbox?.close();
    await running.google?.close();
  });
  beforeEach(() => {
    for (const name of wanted.unset ?? []) delete process.env[name];
    const { stripe, db, inbox, google } = running;
    Object.assign(process.env, stripe?.env, db?.env, inbox ? emailEnv(inbox) : undefined, google ? { ...google.env, FIREBASE_SERVICE_ACCOUNT: google.serviceAccount.keyFile } : undefined, wanted.env);
    if (wanted.reset !== false) {
      running.stripe?.reset();
      running.db?.reset();
      running.inbox?.reset();
      running.google?.reset();
    }
    logs = spyOnLogs();
    use(running as StandIns<W>, logs);
  });
  afterEach(() => {
    process.env = { ...saved };
    logs?.warn.mockRestore();
    logs?.error.mockRestore();
  });
  return running as StandIns<W>;
}
