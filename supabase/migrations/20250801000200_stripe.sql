-- Stripe customers and subscriptions, written only by the service role (checkout and webhook
-- functions); a member reads only their own.

create table public.stripe_customers (
  user_id text primary key constraint stripe_customers_user_id_check check (user_id <> ''),
  customer_id text not null constraint stripe_customers_customer_id_key unique,
  created_at timestamptz not null default now()
);

create table public.stripe_subscriptions (
  customer_id text primary key
    constraint stripe_subscriptions_customer_id_fkey references public.stripe_customers (customer_id) on delete cascade,
  subscription_id text,
  price_id text,
  subscription_status text not null default 'not_started'
    constraint stripe_subscriptions_subscription_status_check check (subscription_status in (
      'not_started', 'incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused'
    )),
  -- Epoch seconds, as Stripe sends them.
  current_period_start bigint,
  current_period_end bigint,
  cancel_at_period_end boolean not null default false,
  payment_method_brand text,
  payment_method_last4 text constraint stripe_subscriptions_payment_method_last4_check check (payment_method_last4 ~ '^[0-9]{4}$'),
  updated_at timestamptz not null default now()
);

comment on table public.stripe_subscriptions is 'The latest state of a customer''s subscription, upserted by the Stripe webhook.';

alter table public.stripe_customers enable row level security;
alter table public.stripe_subscriptions enable row level security;

create policy "Members read their own Stripe customer"
  on public.stripe_customers for select to authenticated
  using (user_id = (select auth.jwt()->>'sub'));

create policy "Members read their own subscription"
  on public.stripe_subscriptions for select to authenticated
  using (
    customer_id in (
      select c.customer_id from public.stripe_customers c
      where c.user_id = (select auth.jwt()->>'sub')
    )
  );

create function private.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
revoke all on function private.touch_updated_at() from public;

create trigger stripe_subscriptions_touch_updated_at
  before update on public.stripe_subscriptions
  for each row execute function private.touch_updated_at();
