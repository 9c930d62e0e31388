-- Chargebacks. A buyer who disputes a charge with their bank keeps nothing the charge bought
-- while the dispute is open; a dispute closed as won (or an inquiry closed without a chargeback)
-- gives it back; a lost one ends it as a refund does. Stripe tells the webhook with
-- charge.dispute.created, .updated and .closed; the webhook re-reads the dispute from Stripe,
-- works out what its charge bought (a purchase, by its Checkout Session, or a membership, by its
-- subscription) and upserts one row here. The database does the rest, in that one statement:
--
--   disputes                one row a Stripe dispute: what it is about, open / won / lost, when
--                           it opened and closed. Its status only moves forward (open, then won
--                           or lost, final; the first closing time stays), so retried, late and
--                           concurrent deliveries leave the state Stripe has now.
--   purchases,              dispute_status and dispute_since: what the disputes of the row's
--   stripe_subscriptions    charges say now ('lost' if one was lost, else 'open' if one is open,
--                           else 'won'; null when none), kept by a trigger on disputes, and worked
--                           out afresh when the row is written first or (a subscription) replaced
--                           by another subscription. The access model reads them with the rows:
--                           'open' and 'lost' grant nothing (src/core/access/access.ts), and the
--                           e-mail that access has ended is driven by 'lost' and its time.
--   profiles                a tier the service role writes is Explorer while the member's stored
--                           subscription is disputed (open or lost).
--
-- Only the service role reads or writes disputes (row-level security on, no policy): members
-- see the status on their own purchase and subscription rows. docs/decisions/webhook-ordering.md.

create table public.disputes (
  dispute_id text primary key constraint disputes_dispute_id_check check (dispute_id ~ '^du_[A-Za-z0-9_]+$'),
  charge_id text not null constraint disputes_charge_id_check check (charge_id ~ '^(ch|py)_[A-Za-z0-9_]+$'),
  -- What the charge bought: a purchase (its Checkout Session) or a membership (its subscription).
  checkout_session_id text constraint disputes_checkout_session_id_check check (checkout_session_id like 'cs\_%'),
  subscription_id text constraint disputes_subscription_id_check check (subscription_id like 'sub\_%'),
  status text not null constraint disputes_status_check check (status in ('open', 'won', 'lost')),
  opened_at timestamptz not null,
  closed_at timestamptz,
  updated_at timestamptz not null default now(),
  constraint disputes_about_check check (num_nonnulls(checkout_session_id, subscription_id) = 1),
  constraint disputes_closed_at_check check ((status = 'open') = (closed_at is null))
);

comment on table public.disputes is 'Stripe disputes (chargebacks) and what their charge bought, written by the Stripe webhook; the status only moves forward.';

create index disputes_checkout_session_id_idx on public.disputes (checkout_session_id) where checkout_session_id is not null;
create index disputes_subscription_id_idx on public.disputes (subscription_id) where subscription_id is not null;

alter table public.disputes enable row level security;
grant select, insert, update on public.disputes to service_role;

create trigger disputes_touch_updated_at
  before update on public.disputes
  for each row execute function private.touch_updated_at();

alter table public.purchases
  add column dispute_status text constraint purchases_dispute_status_check check (dispute_status in ('open', 'won', 'lost')),
  add column dispute_since timestamptz,
  add constraint purchases_dispute_since_check check ((dispute_status is null) = (dispute_since is null));
alter table public.stripe_subscriptions
  add column dispute_status text constraint stripe_subscriptions_dispute_status_check check (dispute_status in ('open', 'won', 'lost')),
  add column dispute_since timestamptz,
  add constraint stripe_subscriptions_dispute_since_check check ((dispute_status is null) = (dispute_since is null));

comment on column public.purchases.dispute_status is 'What the disputes of this purchase''s charge say now: open or lost grant nothing, won gives it back (disputes keeps them).';
comment on column public.stripe_subscriptions.dispute_status is 'What the disputes of this subscription''s charges say now: open or lost grant nothing, won gives it back (disputes keeps them).';

-- A dispute's status only moves forward: open, then won or lost (final). The first time it closed stays.
create function private.disputes_status_moves_forward()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.status <> 'open' then
    new.status := old.status;
    new.closed_at := old.closed_at;
  end if;
  new.opened_at := least(old.opened_at, new.opened_at);
  -- What the dispute is about never changes.
  new.checkout_session_id := old.checkout_session_id;
  new.subscription_id := old.subscription_id;
  new.charge_id := old.charge_id;
  return new;
end;
$$;
revoke all on function private.disputes_status_moves_forward() from public;

create trigger disputes_status_moves_forward
  before update on public.disputes
  for each row execute function private.disputes_status_moves_forward();

-- What the disputes about one purchase (its session) or one subscription say now, and since when:
-- 'lost' (since the first loss), else 'open' (since the first still open), else 'won' (since the
-- last win); no row when there is none.
create function private.dispute_state(p_session text, p_subscription text)
returns table (status text, since timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  with mine as (
    select d.status, d.opened_at, d.closed_at from public.disputes d
    where (p_session is not null and d.checkout_session_id = p_session)
       or (p_subscription is not null and d.subscription_id = p_subscription)
  )
  select 'lost', min(closed_at) from mine where status = 'lost' having count(*) > 0
  union all
  select 'open', min(opened_at) from mine where status = 'open' and not exists (select 1 from mine where status = 'lost') having count(*) > 0
  union all
  select 'won', max(closed_at) from mine where status = 'won' and not exists (select 1 from mine where status in ('lost', 'open')) having count(*) > 0;
$$;
revoke all on function private.dispute_state(text, text) from public;

-- After a dispute is written: the purchase or subscription it is about takes what its disputes
-- say now. The row is locked first, then read again in a statement of its own, so two disputes of
-- one subscription written at the same moment are counted one after the other.
create function private.disputes_mark_what_was_bought()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  state record;
begin
  if new.checkout_session_id is not null then
    perform 1 from public.purchases p where p.checkout_session_id = new.checkout_session_id for update;
    select s.status, s.since into state from private.dispute_state(new.checkout_session_id, null) s;
    update public.purchases p set dispute_status = state.status, dispute_since = state.since
    where p.checkout_session_id = new.checkout_session_id
      and (p.dispute_status, p.dispute_since) is distinct from (state.status, state.since);
  else
    perform 1 from public.stripe_subscriptions s where s.subscription_id = new.subscription_id for update;
    select s.status, s.since into state from private.dispute_state(null, new.subscription_id) s;
    update public.stripe_subscriptions s set dispute_status = state.status, dispute_since = state.since
    where s.subscription_id = new.subscription_id
      and (s.dispute_status, s.dispute_since) is distinct from (state.status, state.since);
  end if;
  return null;
end;
$$;
revoke all on function private.disputes_mark_what_was_bought() from public;

create trigger disputes_mark_what_was_bought
  after insert or update on public.disputes
  for each row execute function private.disputes_mark_what_was_bought();

-- A purchase written after its dispute (the dispute's event came first), or a subscription row
-- that now holds another subscription, takes what the disputes about it say. Other writes leave
-- the two columns alone (the webhook's upserts never send them).
create function private.purchases_take_dispute_state()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  state record;
begin
  if tg_op = 'INSERT' or new.checkout_session_id is distinct from old.checkout_session_id then
    select s.status, s.since into state from private.dispute_state(new.checkout_session_id, null) s;
    new.dispute_status := state.status;
    new.dispute_since := state.since;
  end if;
  return new;
end;
$$;
revoke all on function private.purchases_take_dispute_state() from public;

create trigger purchases_take_dispute_state
  before insert or update on public.purchases
  for each row execute function private.purchases_take_dispute_state();

create function private.stripe_subscriptions_take_dispute_state()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  state record;
begin
  if tg_op = 'INSERT' or new.subscription_id is distinct from old.subscription_id then
    select s.status, s.since into state from private.dispute_state(null, new.subscription_id) s;
    new.dispute_status := state.status;
    new.dispute_since := state.since;
  end if;
  return new;
end;
$$;
revoke all on function private.stripe_subscriptions_take_dispute_state() from public;

-- Named to run before stripe_subscriptions_order (triggers fire in name order): when that keeps
-- the older row, it keeps its dispute state with it.
create trigger stripe_subscriptions_dispute_state
  before insert or update on public.stripe_subscriptions
  for each row execute function private.stripe_subscriptions_take_dispute_state();

-- profiles: Explorer while the stored subscription does not entitle or is disputed (open or lost);
-- else its plan's tier when the row knows it (20261201110000_newest_subscription_stays.sql).
create or replace function private.profiles_tier_follows_subscription()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  stored record;
begin
  select s.subscription_status, s.plan_tier, s.dispute_status into stored
  from public.stripe_customers c
  join public.stripe_subscriptions s on s.customer_id = c.customer_id
  where c.user_id = new.id;
  if not found then
    return new;
  end if;
  if stored.subscription_status not in ('active', 'trialing', 'past_due') or stored.dispute_status in ('open', 'lost') then
    new.membership_tier := 'Explorer';
  elsif stored.plan_tier is not null then
    new.membership_tier := stored.plan_tier;
  end if;
  return new;
end;
$$;
