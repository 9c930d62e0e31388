-- Email: the outbox of the messages the site sends, and the members' choices about them
-- (docs/decisions/email.md).
--
-- email_outbox       one row a message. Its key is the kind, the member and what it is about
--                    (`ref`: the Checkout Session of a purchase, the subscription that ended, a
--                    coaching session), unique, and the row is written BEFORE the provider is
--                    called: a retried webhook or a second scheduled run finds the key taken and
--                    sends nothing. Whoever sends first claims the row (status pending -> sending,
--                    attempts + 1) in one compare-and-set update, so two senders never both
--                    call the provider. Every attempt gives the provider the row's id as its
--                    idempotency key, so a crash between the provider's answer and the recording
--                    of it, tried again later with the same key, is deduplicated by the provider
--                    instead of sent twice. A failed send is tried
--                    again by the next scheduled run, a few times, then given up (logged once).
--                    `params` holds what the message says that the database does not keep
--                    elsewhere (the product bought, when access ends), fixed when queued, so
--                    every attempt sends the same message. Only the service role (the functions)
--                    reaches it: row-level security on, no policy, no grant to anyone else.
--                    "Download my data" shows what was sent; deleting the account deletes it.
--
-- email_preferences  a member's choices: coaching reminders on (the default, no row) or off.
--                    Members read and change their own row on the dashboard (row-level
--                    security); the one-click link in a reminder changes it through the
--                    email-preferences function (service role). Confirmations of what the member
--                    did are always sent and have no switch.

create table public.email_outbox (
  id uuid primary key default gen_random_uuid(),
  user_id text not null
    constraint email_outbox_user_id_check check (char_length(user_id) between 1 and 128 and user_id not like 'deleted:%'),
  kind text not null
    constraint email_outbox_kind_check check (kind in ('purchase_confirmation', 'access_ending')),
  ref text not null
    constraint email_outbox_ref_check check (char_length(ref) between 1 and 200),
  params jsonb not null default '{}'::jsonb
    constraint email_outbox_params_check check (jsonb_typeof(params) = 'object' and octet_length(params::text) <= 4000),
  status text not null default 'pending'
    constraint email_outbox_status_check check (status in ('pending', 'sending', 'sent', 'failed', 'given_up', 'skipped')),
  attempts integer not null default 0
    constraint email_outbox_attempts_check check (attempts between 0 and 100),
  -- Why the last attempt failed, or why the message was skipped: a status and the provider's
  -- error name, never an address or a body.
  last_error text
    constraint email_outbox_last_error_check check (char_length(last_error) <= 500),
  -- Where and what was sent, written when the provider accepted it (for the member's export).
  recipient text
    constraint email_outbox_recipient_check check (char_length(recipient) <= 320),
  subject text
    constraint email_outbox_subject_check check (char_length(subject) <= 300),
  provider_id text
    constraint email_outbox_provider_id_check check (char_length(provider_id) <= 200),
  created_at timestamptz not null default now(),
  claimed_at timestamptz,
  sent_at timestamptz,
  constraint email_outbox_key unique (kind, user_id, ref),
  constraint email_outbox_sent_at_check check ((status = 'sent') = (sent_at is not null))
);

comment on table public.email_outbox is 'Every message the site sends a member, keyed (kind, member, ref) before it is sent: sent once. Service role only.';

-- The scheduled run reads what is still to send; the export and the deletion read by member.
create index email_outbox_unsent_idx on public.email_outbox (created_at) where status in ('pending', 'sending', 'failed');
create index email_outbox_user_id_idx on public.email_outbox (user_id);

alter table public.email_outbox enable row level security;

grant select, insert, update, delete on public.email_outbox to service_role;

create table public.email_preferences (
  user_id text primary key
    constraint email_preferences_user_id_check check (char_length(user_id) between 1 and 128),
  coaching_reminders boolean not null default true,
  updated_at timestamptz not null default now()
);

comment on table public.email_preferences is 'A member''s email choices (reminders on or off). Members read and change their own row.';

alter table public.email_preferences enable row level security;

create policy "Members read their own email choices"
  on public.email_preferences for select to authenticated
  using (user_id = (select auth.jwt()) ->> 'sub');

create policy "Members record their own email choices"
  on public.email_preferences for insert to authenticated
  with check (user_id = (select auth.jwt()) ->> 'sub');

create policy "Members change their own email choices"
  on public.email_preferences for update to authenticated
  using (user_id = (select auth.jwt()) ->> 'sub')
  with check (user_id = (select auth.jwt()) ->> 'sub');

create trigger email_preferences_touch_updated_at
  before update on public.email_preferences
  for each row execute function private.touch_updated_at();

-- The dashboard saves the switch with one upsert (insert ... on conflict (user_id) do update,
-- which sets every column it sends); the one-click link does the same as the service role,
-- which also reads the choice before a reminder, exports it and deletes it with the account.
grant select, insert (user_id, coaching_reminders), update (user_id, coaching_reminders) on public.email_preferences to authenticated;
grant select, insert, update, delete on public.email_preferences to service_role;
