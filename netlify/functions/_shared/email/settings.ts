/**
 * Where email goes and who it is from. The provider is Resend, called over its HTTP API with
 * fetch (docs/decisions/email.md): RESEND_API_KEY is its key, RESEND_API_URL its address
 * (https://api.resend.com unless a test or `npm run dev:members` points it at the local stand-in,
 * local-platform/email/email-standin.ts), EMAIL_LINK_SECRET signs the links in a message that work
 * without signing in (turning reminders off). The sender, reply-to and support address are the
 * site's (src/core/config/site.ts); links point at the site's address (SITE_URL, else Netlify's
 * URL, as the build's canonical address).
 *
 * Without the key or the secret nothing is queued or sent: the first function to notice says so
 * once in its log (naming the variables, never a value) and carries on, so a purchase or a
 * signup still succeeds.
 */
import { EMAIL_FROM, EMAIL_REPLY_TO, SUPPORT_EMAIL } from '../../../../src/core/config/site';
import { DEV_SITE } from '../../../../src/core/urls';

export interface EmailSettings {
  /** The provider's API address, without a trailing slash. */
  apiUrl: string;
  apiKey: string;
  /** The key that signs links in messages (HMAC-SHA256). */
  linkSecret: string;
  /** The site's origin, without a trailing slash. */
  site: string;
  from: string;
  replyTo: string;
  support: string;
}

export const RESEND_API = 'https://api.resend.com';

let warned = false;

/** The site's address for links in messages: SITE_URL, else Netlify's URL, else the local one. */
export function siteOrigin(env: NodeJS.ProcessEnv = process.env): string {
  return (env.SITE_URL || env.URL || DEV_SITE).replace(/\/+$/, '');
}

/** The variables email needs that are unset, by name. */
export function missingEmailSettings(env: NodeJS.ProcessEnv = process.env): string[] {
  return ['RESEND_API_KEY', 'EMAIL_LINK_SECRET'].filter((name) => !env[name]);
}

/**
 * The settings, or null when email is not configured; the first null of a process writes one
 * log line naming what is missing.
 */
export function emailSettings(env: NodeJS.ProcessEnv = process.env): EmailSettings | null {
  const missing = missingEmailSettings(env);
  if (missing.length > 0) {
    if (!warned) console.warn(`[email] not configured (${missing.join(' and ')} unset): no email is queued or sent`);
    warned = true;
    return null;
  }
  return {
    apiUrl: (env.RESEND_API_URL || RESEND_API).replace(/\/+$/, ''),
    apiKey: env.RESEND_API_KEY!,
    linkSecret: env.EMAIL_LINK_SECRET!,
    site: siteOrigin(env),
    from: EMAIL_FROM,
    replyTo: EMAIL_REPLY_TO,
    support: SUPPORT_EMAIL,
  };
}
