-- A late event about an older subscription never replaces a newer live one.
--
-- stripe_subscriptions keeps one row a customer. When a member moves from one plan to another,
-- Stripe holds two subscriptions for a moment (the new one, and the old one until the webhook
-- cancels it), and its events about both arrive in any order: a late "updated" of the old one,
-- read while it was still live, replaced the new one (20261125000200_webhook_order.sql kept the
-- newer row only against an older one's end). The row now also keeps when Stripe created the
-- subscription (`subscription_created`, epoch seconds as Stripe sends them), and the rule that
-- orders the writes compares it, in the one statement that writes (the webhook's upsert):
--
--   the same subscription, ended       stays ended (as before)
--   another subscription's end         never replaces a live one (as before)
--   another, older subscription        never replaces a live newer one (created earlier at Stripe)
--
-- Rows written before this migration have no creation time; a subscription whose time is not
-- known is ordered by the earlier rules alone. docs/decisions/webhook-ordering.md.
--
-- The member's tier (profiles.membership_tier, for the site owner) follows the stored row too.
-- The webhook wrote the tier it worked out from its own read, so a delivery about the older
-- subscription, held up after its write, could set the older plan's tier beside the newer row.
-- The row now keeps the tier its plan gives (`plan_tier`, the catalogue's, written with the row by
-- the webhook), and a tier the service role writes is that of the stored subscription while it
-- entitles (Explorer once it has ended, as before), whatever the order of the writes.

alter table public.stripe_subscriptions
  add column subscription_created bigint
    constraint stripe_subscriptions_subscription_created_check check (subscription_created > 0),
  add column plan_tier text
    constraint stripe_subscriptions_plan_tier_check check (plan_tier in ('Explorer', 'Adventurer', 'Alchemist'));

comment on column public.stripe_subscriptions.subscription_created is 'When Stripe created the subscription (epoch seconds): a newer live subscription is never replaced by an older one.';
comment on column public.stripe_subscriptions.plan_tier is 'The tier the subscription''s plan gives while it entitles (the site''s catalogue, by price id); Explorer for a price it has no plan for.';

create function private.stripe_subscriptions_order()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  old_ended boolean := old.subscription_status in ('canceled', 'incomplete_expired');
  new_ended boolean := new.subscription_status in ('canceled', 'incomplete_expired');
  same boolean := new.subscription_id is not distinct from old.subscription_id;
begin
  -- The same subscription, ended: nothing read before its end may bring it back.
  if same and old_ended and not new_ended then
    return old;
  end if;
  if not same and old.subscription_id is not null and not old_ended then
    -- Another subscription's end arriving after a newer live one (an upgrade replaced it).
    if new_ended then
      return old;
    end if;
    -- Another, older subscription (read while it was still live) after a newer live one.
    if new.subscription_created is not null and old.subscription_created is not null
       and new.subscription_created < old.subscription_created then
      return old;
    end if;
  end if;
  return new;
end;
$$;
revoke all on function private.stripe_subscriptions_order() from public;

-- The rules of 20261125000200 and the new one, in one trigger (named, as before, to run before
-- stripe_subscriptions_touch_updated_at: triggers fire in name order).
drop trigger stripe_subscriptions_ended_stays_ended on public.stripe_subscriptions;
drop function private.stripe_subscriptions_ended_stays_ended();
create trigger stripe_subscriptions_order
  before update on public.stripe_subscriptions
  for each row execute function private.stripe_subscriptions_order();

-- profiles: a tier the service role writes is the stored subscription's: Explorer while it does
-- not entitle (as before), its plan's tier while it does (when the row knows it).
create or replace function private.profiles_tier_follows_subscription()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  stored record;
begin
  select s.subscription_status, s.plan_tier into stored
  from public.stripe_customers c
  join public.stripe_subscriptions s on s.customer_id = c.customer_id
  where c.user_id = new.id;
  if not found then
    return new;
  end if;
  if stored.subscription_status not in ('active', 'trialing', 'past_due') then
    new.membership_tier := 'Explorer';
  elsif stored.plan_tier is not null then
    new.membership_tier := stored.plan_tier;
  end if;
  return new;
end;
$$;
