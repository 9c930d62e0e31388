-- Purchases: one row per one-time Stripe Checkout (an app, the Master Alchemist Course, the
-- Founding Membership). Written only by the service role (the Stripe webhook), idempotent by
-- the Checkout Session id; a member reads only their own rows. Subscriptions keep their own
-- table (stripe_subscriptions). What a purchase grants is worked out by src/core/access/access.ts.
--
-- status:  pending   the session completed but the payment has not settled yet (bank debits:
--                    Stripe sends checkout.session.async_payment_succeeded or _failed later)
--          paid      the payment settled; the purchase grants access
--          failed    the delayed payment failed; grants nothing
--          refunded  charge.refunded for the whole amount; grants nothing from refunded_at
--
-- When a member deletes their account the row stays (the business must keep its sales
-- records) with user_id replaced by an anonymous 'deleted:' id.

create table public.purchases (
  id uuid primary key default gen_random_uuid(),
  user_id text not null constraint purchases_user_id_check check (user_id <> ''),
  -- The catalogue price id (src/content/catalogue.json; the live price's lookup key).
  price_id text not null constraint purchases_price_id_check check (price_id <> ''),
  product_type text not null
    constraint purchases_product_type_check check (product_type in ('app', 'course', 'membership')),
  checkout_session_id text not null constraint purchases_checkout_session_id_key unique
    constraint purchases_checkout_session_id_check check (checkout_session_id like 'cs\_%'),
  payment_intent_id text,
  -- In the currency's smallest unit, as Stripe sends it (amount_total).
  amount integer not null constraint purchases_amount_check check (amount >= 0),
  currency text not null constraint purchases_currency_check check (currency ~ '^[a-z]{3}$'),
  status text not null default 'pending'
    constraint purchases_status_check check (status in ('pending', 'paid', 'failed', 'refunded')),
  purchased_at timestamptz not null default now(),
  refunded_at timestamptz,
  updated_at timestamptz not null default now(),
  constraint purchases_refunded_at_check check ((status = 'refunded') = (refunded_at is not null))
);

comment on table public.purchases is 'One-time purchases (Stripe Checkout in payment mode), written by the Stripe webhook.';

create index purchases_user_id_idx on public.purchases (user_id);
create index purchases_payment_intent_id_idx on public.purchases (payment_intent_id);

alter table public.purchases enable row level security;

create policy "Members read their own purchases"
  on public.purchases for select to authenticated
  using (user_id = (select auth.jwt()) ->> 'sub');

create trigger purchases_touch_updated_at
  before update on public.purchases
  for each row execute function private.touch_updated_at();

-- Nothing is granted by default on a project created today (and since the grants migration on
-- any project): members read, the webhook (service role) records and updates.
grant select on public.purchases to authenticated;
grant select, insert, update on public.purchases to service_role;
