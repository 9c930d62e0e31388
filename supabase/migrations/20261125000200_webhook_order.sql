-- Stripe delivers events at the same time, in any order, and retries them for days; the webhook
-- re-reads each object from Stripe, then writes. Two deliveries of one purchase or one
-- subscription can therefore write in the opposite order to their reads, and the last writer
-- used to win (issue 24: a refunded purchase back to paid, a failed one back to pending, a
-- cancelled subscription back to active). The rules are kept here, where each write is one
-- statement that locks the row it changes (docs/decisions/webhook-ordering.md):
--
--   purchases             the status only moves forward: pending, then paid or failed, then
--                         refunded (final); the first refund's time is kept.
--   stripe_subscriptions  an ended subscription (canceled, incomplete_expired) stays ended; the
--                         late end of an older subscription never replaces a live newer one.
--   profiles              a tier written by the service role is Explorer while the member's
--                         stored subscription no longer entitles (so a tier computed from an
--                         older read can never outlive the cancellation).
--
-- Each is a BEFORE trigger: the webhook's upsert (insert ... on conflict do update) is one
-- statement; on a conflict the row is locked and the trigger sees the row as it is now, so
-- whatever the order of the writes, the stored row is the one the rules allow. The webhook
-- reads the stored row back (return=representation) and writes the tier from it.

-- purchases --------------------------------------------------------------------------------
create function private.purchases_status_moves_forward()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  -- A later status ranks higher; paid and failed rank the same (the first to arrive stays).
  old_rank integer := case old.status when 'pending' then 0 when 'paid' then 1 when 'failed' then 1 when 'refunded' then 2 end;
  new_rank integer := case new.status when 'pending' then 0 when 'paid' then 1 when 'failed' then 1 when 'refunded' then 2 end;
begin
  if new_rank < old_rank or (new_rank = old_rank and new.status <> old.status) then
    new.status := old.status;
    new.refunded_at := old.refunded_at;
  elsif old.status = 'refunded' then
    new.refunded_at := old.refunded_at;
  end if;
  return new;
end;
$$;
revoke all on function private.purchases_status_moves_forward() from public;

create trigger purchases_status_moves_forward
  before update on public.purchases
  for each row execute function private.purchases_status_moves_forward();

-- stripe_subscriptions ---------------------------------------------------------------------
create function private.stripe_subscriptions_ended_stays_ended()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  old_ended boolean := old.subscription_status in ('canceled', 'incomplete_expired');
  new_ended boolean := new.subscription_status in ('canceled', 'incomplete_expired');
begin
  -- The same subscription, ended: nothing read before its end may bring it back.
  if new.subscription_id is not distinct from old.subscription_id
     and old_ended and not new_ended then
    return old;
  end if;
  -- Another subscription's end arriving after a newer live one (an upgrade replaced it).
  if new.subscription_id is distinct from old.subscription_id
     and old.subscription_id is not null
     and new_ended and not old_ended then
    return old;
  end if;
  return new;
end;
$$;
revoke all on function private.stripe_subscriptions_ended_stays_ended() from public;

-- Named to run before stripe_subscriptions_touch_updated_at (triggers fire in name order).
create trigger stripe_subscriptions_ended_stays_ended
  before update on public.stripe_subscriptions
  for each row execute function private.stripe_subscriptions_ended_stays_ended();

-- profiles ---------------------------------------------------------------------------------
-- Reads the member's stored subscription whoever writes (service role): security definer, as
-- the other private functions that look across tables.
create function private.profiles_tier_follows_subscription()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.membership_tier is distinct from 'Explorer' and exists (
    select 1
    from public.stripe_customers c
    join public.stripe_subscriptions s on s.customer_id = c.customer_id
    where c.user_id = new.id
      and s.subscription_status not in ('active', 'trialing', 'past_due')
  ) then
    new.membership_tier := 'Explorer';
  end if;
  return new;
end;
$$;
revoke all on function private.profiles_tier_follows_subscription() from public;

-- Only the functions' writes (the site owner may still set a tier by hand).
create trigger profiles_tier_follows_subscription
  before update of membership_tier on public.profiles
  for each row
  when (current_user = 'service_role')
  execute function private.profiles_tier_follows_subscription();
