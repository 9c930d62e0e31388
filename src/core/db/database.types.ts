/**
 * The database's tables as TypeScript, in the shape supabase-js's `Database` generic expects:
 * both Supabase clients are created with it (src/core/db/client.ts in the browser,
 * netlify/functions/_shared/supabase.ts on the server), and every row type the code reads is
 * derived from `Tables<...>` (src/core/profile/profile.ts, subscription.ts, purchases.ts, access.ts).
 * Pure types and constants, in the core beside the client; the value lists are the ones the rest of
 * the code uses (the tiers of src/core/access/tiers.ts, the product types of src/core/access/product.ts).
 *
 * The types are derived from `SCHEMA` and `RELATIONSHIPS`, a runtime description of every
 * column (its Postgres type, whether it may be null, whether it has a default, and the values
 * a check constraint allows). tests/db/database-types.db.test.ts migrates an embedded Postgres
 * and asserts that this description equals the schema, so the types cannot drift from the
 * migrations: change a migration, and that test says what to change here.
 */
import { PRODUCT_TYPES } from '../access/product';
import { TIERS } from '../access/tiers';
import {
  ATTENDANCE,
  BREATHING_PATTERNS,
  COACHING_CHANGE_KINDS,
  EMAIL_KINDS,
  EMAIL_STATUSES,
  DISPUTE_STATUSES,
  PLAN_INTERVALS,
  PARTNERSHIP_TYPES,
  PURCHASE_STATUSES,
  RESET_FEELINGS,
  RESET_KINDS,
  RISE_LIVED,
  SUBSCRIPTION_STATUSES,
  WAITLIST_STATUSES,
  type BreathingPatternId,
  type EmailKind,
  type EmailStatus,
  type DisputeStatus,
  type PartnershipType,
  type PurchaseStatus,
  type SubscriptionStatus,
} from './values';

export {
  ATTENDANCE,
  BREATHING_PATTERNS,
  COACHING_CHANGE_KINDS,
  EMAIL_KINDS,
  EMAIL_STATUSES,
  DISPUTE_STATUSES,
  PLAN_INTERVALS,
  PARTNERSHIP_TYPES,
  PURCHASE_STATUSES,
  RESET_FEELINGS,
  RESET_KINDS,
  RISE_LIVED,
  SUBSCRIPTION_STATUSES,
  WAITLIST_STATUSES,
  type BreathingPatternId,
  type EmailKind,
  type EmailStatus,
  type DisputeStatus,
  type PartnershipType,
  type PurchaseStatus,
  type SubscriptionStatus,
};

/** A column: its type as information_schema names it, nullability, default, allowed values. */
export interface ColumnSpec {
  readonly type: 'text' | 'uuid' | 'integer' | 'bigint' | 'boolean' | 'date' | 'timestamp with time zone' | 'jsonb';
  readonly nullable?: true;
  readonly default?: true;
  readonly values?: readonly string[];
}

const TIMESTAMP = { type: 'timestamp with time zone', default: true } as const;
const UUID_ID = { type: 'uuid', default: true } as const;

/** Every table of the public schema and its columns, in the order the migrations create them. */
export const SCHEMA = {
  profiles: {
    id: { type: 'text' },
    email: { type: 'text' },
    full_name: { type: 'text', nullable: true },
    membership_tier: { type: 'text', default: true, values: TIERS },
    project_id: { type: 'text', nullable: true },
    created_at: TIMESTAMP,
    email_verified: { type: 'boolean', default: true },
  },
  // date, time and spots_available are the database's (derived from the instants and the
  // signup rows by a trigger); their defaults only let an insert leave them out.
  coaching_sessions: {
    id: UUID_ID,
    date: { type: 'date', default: true },
    time: { type: 'text', default: true },
    is_active: { type: 'boolean', default: true },
    spots_available: { type: 'integer', default: true },
    max_spots: { type: 'integer' },
    created_at: TIMESTAMP,
    starts_at: { type: 'timestamp with time zone' },
    ends_at: { type: 'timestamp with time zone' },
    time_zone: { type: 'text', default: true },
    cancelled_at: { type: 'timestamp with time zone', nullable: true },
    schedule_month: { type: 'date', nullable: true },
  },
  coaching_session_signups: {
    id: UUID_ID,
    user_id: { type: 'text' },
    session_id: { type: 'uuid' },
    name: { type: 'text' },
    email: { type: 'text' },
    created_at: TIMESTAMP,
    time_zone: { type: 'text', nullable: true },
    joined_at: { type: 'timestamp with time zone', nullable: true },
    attendance: { type: 'text', nullable: true, values: ATTENDANCE },
  },
  coaching_waitlist: {
    id: UUID_ID,
    user_id: { type: 'text' },
    session_id: { type: 'uuid' },
    name: { type: 'text' },
    email: { type: 'text' },
    time_zone: { type: 'text', nullable: true },
    place: { type: 'bigint', default: true },
    status: { type: 'text', default: true, values: WAITLIST_STATUSES },
    offered_at: { type: 'timestamp with time zone', nullable: true },
    offer_expires_at: { type: 'timestamp with time zone', nullable: true },
    created_at: TIMESTAMP,
  },
  stripe_customers: {
    user_id: { type: 'text' },
    customer_id: { type: 'text' },
    created_at: TIMESTAMP,
  },
  stripe_subscriptions: {
    customer_id: { type: 'text' },
    subscription_id: { type: 'text', nullable: true },
    price_id: { type: 'text', nullable: true },
    subscription_status: { type: 'text', default: true, values: SUBSCRIPTION_STATUSES },
    current_period_start: { type: 'bigint', nullable: true },
    current_period_end: { type: 'bigint', nullable: true },
    cancel_at_period_end: { type: 'boolean', default: true },
    payment_method_brand: { type: 'text', nullable: true },
    payment_method_last4: { type: 'text', nullable: true },
    updated_at: TIMESTAMP,
    subscription_created: { type: 'bigint', nullable: true },
    plan_tier: { type: 'text', nullable: true, values: TIERS },
    dispute_status: { type: 'text', nullable: true, values: DISPUTE_STATUSES },
    dispute_since: { type: 'timestamp with time zone', nullable: true },
    plan_amount: { type: 'integer', nullable: true },
    plan_currency: { type: 'text', nullable: true },
    plan_interval: { type: 'text', nullable: true, values: PLAN_INTERVALS },
    plan_interval_count: { type: 'integer', nullable: true },
    ended_at: { type: 'bigint', nullable: true },
  },
  certificates: {
    id: UUID_ID,
    code: { type: 'text', default: true },
    member_id: { type: 'text' },
    course: { type: 'text' },
    name: { type: 'text' },
    completed_at: { type: 'timestamp with time zone' },
    issued_at: TIMESTAMP,
    revoked_at: { type: 'timestamp with time zone', nullable: true },
  },
  community_ideas: {
    id: UUID_ID,
    name: { type: 'text', nullable: true },
    email: { type: 'text' },
    idea_message: { type: 'text' },
    created_at: TIMESTAMP,
  },
  partnership_requests: {
    id: UUID_ID,
    name: { type: 'text' },
    email: { type: 'text' },
    message: { type: 'text' },
    partnership_type: { type: 'text', default: true, values: PARTNERSHIP_TYPES },
    created_at: TIMESTAMP,
  },
  future_launch: {
    id: UUID_ID,
    email: { type: 'text' },
    created_at: TIMESTAMP,
  },
  monthly_newsletter: {
    id: UUID_ID,
    email: { type: 'text' },
    created_at: TIMESTAMP,
  },
  purchases: {
    id: UUID_ID,
    user_id: { type: 'text' },
    price_id: { type: 'text' },
    product_type: { type: 'text', values: PRODUCT_TYPES },
    checkout_session_id: { type: 'text' },
    payment_intent_id: { type: 'text', nullable: true },
    amount: { type: 'integer' },
    currency: { type: 'text' },
    status: { type: 'text', default: true, values: PURCHASE_STATUSES },
    purchased_at: TIMESTAMP,
    refunded_at: { type: 'timestamp with time zone', nullable: true },
    updated_at: TIMESTAMP,
    dispute_status: { type: 'text', nullable: true, values: DISPUTE_STATUSES },
    dispute_since: { type: 'timestamp with time zone', nullable: true },
  },
  lesson_progress: {
    member_id: { type: 'text' },
    lesson_slug: { type: 'text' },
    completed_at: TIMESTAMP,
  },
  breathing_sessions: {
    id: UUID_ID,
    user_id: { type: 'text' },
    pattern: { type: 'text', values: BREATHING_PATTERNS },
    seconds: { type: 'integer' },
    finished_at: TIMESTAMP,
    received_at: TIMESTAMP,
  },
  bloom_pages: {
    id: UUID_ID,
    user_id: { type: 'text' },
    day: { type: 'date' },
    gratitude_1: { type: 'text', default: true },
    gratitude_2: { type: 'text', default: true },
    gratitude_3: { type: 'text', default: true },
    prompt_id: { type: 'text', default: true },
    prompt_text: { type: 'text', default: true },
    answer: { type: 'text', default: true },
    created_at: TIMESTAMP,
    updated_at: TIMESTAMP,
  },
  story_places: {
    user_id: { type: 'text' },
    story: { type: 'text' },
    sentence: { type: 'integer' },
    updated_at: TIMESTAMP,
  },
  rise_days: {
    user_id: { type: 'text' },
    day: { type: 'date' },
    intention: { type: 'text' },
    statement_id: { type: 'text', default: true },
    statement_text: { type: 'text', default: true },
    brave_action: { type: 'text', default: true },
    lived: { type: 'text', nullable: true, values: RISE_LIVED },
    note: { type: 'text', default: true },
    created_at: TIMESTAMP,
    updated_at: TIMESTAMP,
  },
  rise_statements: {
    id: UUID_ID,
    user_id: { type: 'text' },
    text: { type: 'text' },
    created_at: TIMESTAMP,
  },
  rehearsal_scenarios: {
    id: UUID_ID,
    user_id: { type: 'text' },
    title: { type: 'text' },
    scene: { type: 'text' },
    going_well: { type: 'text' },
    coping: { type: 'text' },
    created_at: TIMESTAMP,
  },
  rehearsals: {
    id: UUID_ID,
    user_id: { type: 'text' },
    scenario: { type: 'text' },
    suds_before: { type: 'integer' },
    suds_after: { type: 'integer' },
    finished_at: TIMESTAMP,
    received_at: TIMESTAMP,
  },
  resets: {
    id: UUID_ID,
    user_id: { type: 'text' },
    feeling: { type: 'text', values: RESET_FEELINGS },
    reset: { type: 'text', values: RESET_KINDS },
    intensity_before: { type: 'integer' },
    intensity_after: { type: 'integer' },
    finished_at: TIMESTAMP,
    received_at: TIMESTAMP,
  },
  // The join links (service role only) and what registrants must be told.
  coaching_join_links: {
    session_id: { type: 'uuid' },
    url: { type: 'text' },
    updated_at: TIMESTAMP,
  },
  coaching_standing_link: {
    id: { type: 'boolean', default: true },
    url: { type: 'text' },
    updated_at: TIMESTAMP,
  },
  coaching_session_changes: {
    id: UUID_ID,
    session_id: { type: 'uuid' },
    kind: { type: 'text', values: COACHING_CHANGE_KINDS },
    before: { type: 'jsonb', nullable: true },
    after: { type: 'jsonb', nullable: true },
    changed_at: TIMESTAMP,
  },
  email_outbox: {
    id: UUID_ID,
    user_id: { type: 'text' },
    kind: { type: 'text', values: EMAIL_KINDS },
    ref: { type: 'text' },
    params: { type: 'jsonb', default: true },
    status: { type: 'text', default: true, values: EMAIL_STATUSES },
    attempts: { type: 'integer', default: true },
    last_error: { type: 'text', nullable: true },
    recipient: { type: 'text', nullable: true },
    subject: { type: 'text', nullable: true },
    provider_id: { type: 'text', nullable: true },
    created_at: TIMESTAMP,
    claimed_at: { type: 'timestamp with time zone', nullable: true },
    sent_at: { type: 'timestamp with time zone', nullable: true },
    priority: { type: 'integer', default: true },
    first_attempt_at: { type: 'timestamp with time zone', nullable: true },
  },
  email_preferences: {
    user_id: { type: 'text' },
    coaching_reminders: { type: 'boolean', default: true },
    updated_at: TIMESTAMP,
  },
  disputes: {
    dispute_id: { type: 'text' },
    charge_id: { type: 'text' },
    checkout_session_id: { type: 'text', nullable: true },
    subscription_id: { type: 'text', nullable: true },
    status: { type: 'text', values: DISPUTE_STATUSES },
    opened_at: { type: 'timestamp with time zone' },
    closed_at: { type: 'timestamp with time zone', nullable: true },
    updated_at: TIMESTAMP,
  },
  deleted_members: {
    uid_sha256: { type: 'text' },
    deleted_at: TIMESTAMP,
  },
  // Per-member rate limits (service role only).
  member_requests: {
    member: { type: 'text' },
    door: { type: 'text' },
    window_start: { type: 'timestamp with time zone' },
    count: { type: 'integer', default: true },
  },
} as const satisfies Record<string, Record<string, ColumnSpec>>;

/** The foreign keys, as supabase-js needs them to type nested selects such as `coaching_sessions(id, date, time)`. */
export const RELATIONSHIPS = {
  profiles: [],
  coaching_sessions: [],
  coaching_session_signups: [
    {
      foreignKeyName: 'coaching_session_signups_session_id_fkey',
      columns: ['session_id'],
      isOneToOne: false,
      referencedRelation: 'coaching_sessions',
      referencedColumns: ['id'],
    },
  ],
  coaching_waitlist: [
    {
      foreignKeyName: 'coaching_waitlist_session_id_fkey',
      columns: ['session_id'],
      isOneToOne: false,
      referencedRelation: 'coaching_sessions',
      referencedColumns: ['id'],
    },
  ],
  stripe_customers: [],
  stripe_subscriptions: [
    {
      foreignKeyName: 'stripe_subscriptions_customer_id_fkey',
      columns: ['customer_id'],
      isOneToOne: true,
      referencedRelation: 'stripe_customers',
      referencedColumns: ['customer_id'],
    },
  ],
  certificates: [],
  community_ideas: [],
  partnership_requests: [],
  future_launch: [],
  monthly_newsletter: [],
  purchases: [],
  lesson_progress: [],
  breathing_sessions: [],
  bloom_pages: [],
  story_places: [],
  rise_days: [],
  rise_statements: [],
  rehearsal_scenarios: [],
  rehearsals: [],
  resets: [],
  coaching_join_links: [
    {
      foreignKeyName: 'coaching_join_links_session_id_fkey',
      columns: ['session_id'],
      isOneToOne: true,
      referencedRelation: 'coaching_sessions',
      referencedColumns: ['id'],
    },
  ],
  coaching_standing_link: [],
  coaching_session_changes: [
    {
      foreignKeyName: 'coaching_session_changes_session_id_fkey',
      columns: ['session_id'],
      isOneToOne: false,
      referencedRelation: 'coaching_sessions',
      referencedColumns: ['id'],
    },
  ],
  email_outbox: [],
  email_preferences: [],
  disputes: [],
  deleted_members: [],
  member_requests: [],
} as const satisfies Record<keyof typeof SCHEMA, readonly unknown[]>;

type Schema = typeof SCHEMA;
export type TableName = keyof Schema;

/** A JSON value, as a jsonb column holds it and PostgREST answers it. */
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

type TsType<C extends ColumnSpec> = C extends { values: readonly (infer V)[] }
  ? V
  : C['type'] extends 'integer' | 'bigint'
    ? number
    : C['type'] extends 'boolean'
      ? boolean
      : C['type'] extends 'jsonb'
        ? Json
        : string;
type Value<C extends ColumnSpec> = TsType<C> | (C extends { nullable: true } ? null : never);
type Optional<T> = { [K in keyof T]: T[K] extends { nullable: true } | { default: true } ? K : never }[keyof T];
type Simplify<T> = { [K in keyof T]: T[K] } & {};
type Mutable<T> = { -readonly [K in keyof T]: Mutable<T[K]> };

type RowOf<T extends Record<string, ColumnSpec>> = { -readonly [K in keyof T]: Value<T[K]> };
type InsertOf<T extends Record<string, ColumnSpec>> = Simplify<
  { [K in Exclude<keyof T, Optional<T>>]: Value<T[K]> } & { [K in Optional<T>]?: Value<T[K]> }
>;
type UpdateOf<T extends Record<string, ColumnSpec>> = { -readonly [K in keyof T]?: Value<T[K]> };

export type Database = {
  public: {
    Tables: {
      [T in TableName]: {
        Row: RowOf<Schema[T]>;
        Insert: InsertOf<Schema[T]>;
        Update: UpdateOf<Schema[T]>;
        Relationships: Mutable<(typeof RELATIONSHIPS)[T]>;
      };
    };
    Views: { [_ in never]: never };
    Functions: {
      /** The Bloom Book's save that keeps the newer version of a day's page (migration 20261204100000). */
      save_bloom_page: {
        Args: { page: Json; edited_at: string; based_on?: string | null };
        Returns: Json;
      };
      /** Counts a member's request to a function (per-member rate limits; service role only; migration 20261205150000). */
      count_member_request: {
        Args: { member: string; door: string; window_seconds: number };
        Returns: number;
      };
      /** The member's certificate claim: one per member and course, in one statement (service role only; migration 20261208000100). */
      claim_certificate: {
        Args: { member: string; course: string; name?: string | null };
        Returns: Json;
      };
      /** A certificate's public facts by its code, or that it is gone or unknown (service role only; migration 20261208000100). */
      certificate_by_code: {
        Args: { code: string };
        Returns: Json;
      };
      /** The owner's numbers of a month (aggregates; service role only; migrations 20261207000100, 20261208200000: the month alone). */
      owner_numbers: {
        Args: { p_month: string };
        Returns: Json;
      };
      /** The month's funnel counted without cookies (aggregates; service role only; migration 20261207100000). */
      owner_funnel: {
        Args: { p_month: string };
        Returns: Json;
      };
      /** Twelve months of the owner's key figures, for the charts (service role only; migration 20261207000100). */
      owner_trend: {
        Args: { p_month: string };
        Returns: Json;
      };
      /** The funnel's salt of a Berlin day, stored once, older ones deleted (service role only; migration 20261207100000). */
      funnel_salt: {
        Args: { day: string; candidate: string };
        Returns: string;
      };
      /** One funnel beacon counted (service role only; migration 20261207100000). */
      funnel_hit: {
        Args: {
          visitor: string;
          event: string;
          path: string;
          occurred_at: string;
          referrer_host?: string | null;
          utm_source?: string | null;
          utm_medium?: string | null;
          utm_campaign?: string | null;
          utm_term?: string | null;
          utm_content?: string | null;
        };
        Returns: undefined;
      };
      /**
       * A paid Checkout Session counted as a purchase once, under the sign-up source of its member
       * when given: true when this call counted it (service role only; migrations 20261207100000, 20261210000000).
       */
      funnel_count_purchase: {
        Args: { checkout_session: string; occurred_at: string; member?: string | null };
        Returns: boolean;
      };
      /** A member who opened a paid lesson, counted once in the Berlin month of opened_at: true when this call counted it (service role only; migration 20261210100000). */
      course_count_opening: {
        Args: { member: string; opened_at: string };
        Returns: boolean;
      };
      /** The campaign of a member's sign-up, written once by the sync of the sign-in that created it (service role only; migration 20261210000000). */
      funnel_signup_source: {
        Args: { member: string; source: string; signed_in_at: string };
        Returns: boolean;
      };
      /** Leaves the member's own place in the coaching waitlist, or declines its offer (migration 20261209100000). */
      coaching_waitlist_leave: {
        Args: { session: string };
        Returns: boolean;
      };
      /** The member's own places in the coaching waitlist, with their position among those waiting (migration 20261209100000). */
      coaching_waitlist_mine: {
        Args: Record<string, never>;
        Returns: { id: string; session_id: string; name: string; email: string; time_zone: string | null; status: 'waiting' | 'offered' | 'expired'; place_in_line: number | null; offer_expires_at: string | null; starts_at: string; ends_at: string; session_zone: string }[];
      };
      /** The hourly run: lapsed seat offers pass to the next in line (service role only; migration 20261209100000). */
      coaching_pass_expired_offers: {
        Args: Record<string, never>;
        Returns: number;
      };
    };
    Enums: { [_ in never]: never };
    CompositeTypes: { [_ in never]: never };
  };
};

export type Tables<T extends TableName> = Database['public']['Tables'][T]['Row'];
export type TablesInsert<T extends TableName> = Database['public']['Tables'][T]['Insert'];
export type TablesUpdate<T extends TableName> = Database['public']['Tables'][T]['Update'];

export type Profile = Tables<'profiles'>;
export type CoachingSession = Tables<'coaching_sessions'>;
export type CoachingSessionSignup = Tables<'coaching_session_signups'>;
export type CoachingSessionChange = Tables<'coaching_session_changes'>;
export type CoachingWaitlistPlace = Tables<'coaching_waitlist'>;
export type StripeCustomer = Tables<'stripe_customers'>;
export type StripeSubscription = Tables<'stripe_subscriptions'>;
export type CommunityIdea = Tables<'community_ideas'>;
export type PartnershipRequest = Tables<'partnership_requests'>;
export type FutureLaunch = Tables<'future_launch'>;
export type MonthlyNewsletter = Tables<'monthly_newsletter'>;
export type Purchase = Tables<'purchases'>;
export type BreathingSession = Tables<'breathing_sessions'>;
export type BloomPage = Tables<'bloom_pages'>;
export type StoryPlace = Tables<'story_places'>;
export type RiseDay = Tables<'rise_days'>;
export type RiseStatement = Tables<'rise_statements'>;
export type RehearsalScenario = Tables<'rehearsal_scenarios'>;
export type RehearsalRow = Tables<'rehearsals'>;
export type ResetRow = Tables<'resets'>;
export type EmailOutboxRow = Tables<'email_outbox'>;
export type EmailPreferences = Tables<'email_preferences'>;
export type DisputeRow = Tables<'disputes'>;
