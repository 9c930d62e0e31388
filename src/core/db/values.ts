/**
 * The values the database's check constraints allow, one list each: the code that writes or
 * shows a column takes its list from here (a small module, so a page that needs one list does
 * not carry the schema description of ./database.types.ts, which re-exports them).
 */

/** partnership_requests.partnership_type: the kinds the check constraint allows, in the form's order. */
export const PARTNERSHIP_TYPES = [
  'wellness_practitioner',
  'corporate_wellness',
  'content_creator',
  'brand',
  'educational_institution',
  'mental_health_organization',
  'other',
] as const;

export type PartnershipType = (typeof PARTNERSHIP_TYPES)[number];

/** Stripe's subscription statuses, plus not_started for a customer who never subscribed. */
export const SUBSCRIPTION_STATUSES = [
  'not_started',
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A one-time purchase: pending until the payment settles, then paid, failed or refunded. */
export const PURCHASE_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/**
 * A chargeback's state: open until the bank decides, then won (what it bought is given back) or
 * lost (it is ended, as a refund ends it). disputes.status, and the dispute_status a purchase or a
 * subscription takes from its disputes.
 */
export const DISPUTE_STATUSES = ['open', 'won', 'lost'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** A recurring price's billing interval as Stripe names it (stripe_subscriptions.plan_interval, the owner's MRR). */
export const PLAN_INTERVALS = ['day', 'week', 'month', 'year'] as const;


/** Stillpoint's patterns, as breathing_sessions allows them (src/features/lounge/stillpoint/breathing.ts). */
export const BREATHING_PATTERNS = ['box', 'four-seven-eight', 'cyclic-sighing', 'resonance', 'custom'] as const;
export type BreathingPatternId = (typeof BREATHING_PATTERNS)[number];

/** Rise Mode's evening answers, as rise_days.lived allows them (src/features/lounge/rise-mode/rise.ts). */
export const RISE_LIVED = ['yes', 'partly', 'not-today'] as const;
/** The Reset Room's feelings and resets, as the resets table allows them (src/features/lounge/the-reset-room/resets.ts). */
export const RESET_FEELINGS = ['anger', 'anxiety', 'sadness', 'overwhelm', 'shame', 'numbness'] as const;
export const RESET_KINDS = ['grounding-five-senses', 'stop-pause', 'paced-breathing', 'paired-muscle-relaxation', 'cold-water-reset'] as const;

/** What coaching_session_changes records for registrants: a session cancelled, moved, or its join link changed. */
export const COACHING_CHANGE_KINDS = ['cancelled', 'moved', 'join_link'] as const;
export type CoachingChangeKind = (typeof COACHING_CHANGE_KINDS)[number];
/** The coach's word on who came to a session (coaching_session_signups.attendance). */
export const ATTENDANCE = ['joined', 'absent'] as const;

/** email_outbox.kind: the messages the site sends (netlify/functions/_shared/email/). */
export const EMAIL_KINDS = ['purchase_confirmation', 'access_ending', 'coaching_confirmation', 'coaching_reminder', 'coaching_change', 'email_verification', 'password_reset', 'email_change', 'email_changed', 'certificate_issued', 'coaching_seat_offer', 'coaching_follow_up'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];
/** email_outbox.status: pending until claimed, sending while one sender has it, then sent, failed (tried again), given up or skipped. */
export const EMAIL_STATUSES = ['pending', 'sending', 'sent', 'failed', 'given_up', 'skipped'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** A place in the coaching waitlist (migration 20261209100000): waiting, offered a seat, or its offer expired. */
export const WAITLIST_STATUSES = ['waiting', 'offered', 'expired'] as const;
