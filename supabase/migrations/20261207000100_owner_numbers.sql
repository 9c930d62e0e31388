-- The owner's numbers (issue 44): the month's money, members, coaching, course and Lounge, for
-- /coach/numbers (GET /api/owner-numbers, the service role after the owner check). Aggregates
-- only: no name, address, member id or entry leaves these functions, and every count passes
-- through private.owner_small_count (1 to 4 come back as null, "fewer than 5").
--
-- Months are the business's: Europe/Berlin (the coach's zone, src/features/coaching/schedule.ts),
-- so a month is [first day 00:00 Berlin, next month's first day 00:00 Berlin), 743 hours in
-- March and 745 in October.
--
-- Money comes from what the database records of Stripe, nothing else:
--
--   stripe_subscriptions  the webhook now also writes the subscription's price as Stripe has it
--                         (plan_amount per interval in the currency's smallest unit, its currency,
--                         interval and interval count) and when Stripe ended it (ended_at).
--   private.subscription_spans
--                         the row above keeps only a customer's latest state, so a trigger keeps
--                         its history: one span a stretch during which one subscription paid one
--                         price (active or past due, and no dispute lost). A span opens when the
--                         row becomes paying (at the subscription's creation at Stripe when it is
--                         the subscription's first span, else at the write) and closes when it
--                         stops (at Stripe's ended_at, at the dispute's loss, at the creation of
--                         the subscription that replaced it, else at the write), or when the
--                         price changes (closed and a new one opened at the same instant). It
--                         holds the Stripe customer id, no member id, and stays when an account
--                         is deleted (the business's sales record, as purchases stay).
--   purchases, disputes   one-time revenue: paid purchases by product (apps, the course, the
--                         Founding Membership), refunds (status refunded, at refunded_at) and
--                         lost disputes (at dispute_since, the first loss) taken off, each once.
--
-- MRR at an instant t: the spans paying just before t (started before t, not ended before t),
-- each at its amount a month (a year's price at a twelfth). A month's figures are taken at its
-- end, or now for the month under way. New paying members: customers whose span started in the
-- month with no span of theirs running just before. Cancellations: customers whose span ended in
-- the month with none of theirs going on. Churn (Memberful's): of the customers paying 30 days
-- before the month's end, the share not paying at its end.

-- 1. What the webhook records of a subscription's price and end --------------------------------
alter table public.stripe_subscriptions
  add column plan_amount integer constraint stripe_subscriptions_plan_amount_check check (plan_amount >= 0),
  add column plan_currency text constraint stripe_subscriptions_plan_currency_check check (plan_currency ~ '^[a-z]{3}$'),
  add column plan_interval text constraint stripe_subscriptions_plan_interval_check check (plan_interval in ('day', 'week', 'month', 'year')),
  add column plan_interval_count integer constraint stripe_subscriptions_plan_interval_count_check check (plan_interval_count > 0),
  add column ended_at bigint constraint stripe_subscriptions_ended_at_check check (ended_at > 0);

comment on column public.stripe_subscriptions.plan_amount is 'The price Stripe bills each interval (unit amount times quantity, smallest currency unit), as the webhook read it.';
comment on column public.stripe_subscriptions.ended_at is 'When Stripe ended the subscription (epoch seconds), null while it runs.';

-- 2. The history ---------------------------------------------------------------------------
create table private.subscription_spans (
  id bigint generated always as identity primary key,
  customer_id text not null,
  subscription_id text not null,
  price_id text,
  plan_tier text,
  amount integer,
  currency text,
  billing_interval text,
  interval_count integer,
  started_at timestamptz not null,
  ended_at timestamptz,
  constraint subscription_spans_ends_after_start check (ended_at is null or ended_at >= started_at)
);
comment on table private.subscription_spans is 'Stretches during which a customer''s subscription paid one price (kept by a trigger on stripe_subscriptions); for the owner''s numbers.';

-- One open span a customer (stripe_subscriptions holds one row a customer).
create unique index subscription_spans_one_open on private.subscription_spans (customer_id) where ended_at is null;
create index subscription_spans_started_at_idx on private.subscription_spans (started_at);
create index subscription_spans_ended_at_idx on private.subscription_spans (ended_at);

alter table private.subscription_spans enable row level security;
revoke all on private.subscription_spans from public;

-- Runs inside the webhook's upsert, which holds the customer's row locked: writes of one
-- customer's spans come one after another.
create function private.subscription_spans_follow()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  paying boolean := false;
  open_span private.subscription_spans;
  at timestamptz;
begin
  if tg_op <> 'DELETE' then
    paying := new.subscription_id is not null
      and new.subscription_status in ('active', 'past_due')
      and new.dispute_status is distinct from 'lost';
  end if;
  select * into open_span from private.subscription_spans s
  where s.customer_id = (case when tg_op = 'DELETE' then old.customer_id else new.customer_id end) and s.ended_at is null
  for update;

  if tg_op = 'DELETE' then
    if open_span.id is not null then
      update private.subscription_spans set ended_at = greatest(now(), open_span.started_at) where id = open_span.id;
    end if;
    return null;
  end if;

  if open_span.id is not null and paying
     and open_span.subscription_id = new.subscription_id
     and (open_span.price_id, open_span.amount, open_span.currency, open_span.billing_interval, open_span.interval_count)
         is not distinct from (new.price_id, new.plan_amount, new.plan_currency, new.plan_interval, new.plan_interval_count) then
    return null;
  end if;

  if open_span.id is not null then
    at := case
      when open_span.subscription_id = new.subscription_id and new.dispute_status = 'lost' then new.dispute_since
      when open_span.subscription_id = new.subscription_id and not paying and new.ended_at is not null then pg_catalog.to_timestamp(new.ended_at)
      when open_span.subscription_id <> new.subscription_id and paying and new.subscription_created is not null
        then pg_catalog.to_timestamp(new.subscription_created)
      else now()
    end;
    at := greatest(coalesce(at, now()), open_span.started_at);
    update private.subscription_spans set ended_at = at where id = open_span.id;
  end if;

  if paying then
    if at is null then
      at := case
        when new.subscription_created is not null
             and not exists (select 1 from private.subscription_spans s where s.subscription_id = new.subscription_id)
          then pg_catalog.to_timestamp(new.subscription_created)
        else now()
      end;
    end if;
    insert into private.subscription_spans (customer_id, subscription_id, price_id, plan_tier, amount, currency, billing_interval, interval_count, started_at)
    values (new.customer_id, new.subscription_id, new.price_id, new.plan_tier, new.plan_amount, new.plan_currency, new.plan_interval, new.plan_interval_count, at);
  end if;
  return null;
end;
$$;
revoke all on function private.subscription_spans_follow() from public;

create trigger subscription_spans_follow
  after insert or update or delete on public.stripe_subscriptions
  for each row execute function private.subscription_spans_follow();

-- The subscriptions paying when this migration runs: from their creation at Stripe (else their
-- period's start), their price unknown until the webhook's next write of them (each renewal).
insert into private.subscription_spans (customer_id, subscription_id, price_id, plan_tier, started_at)
select s.customer_id, s.subscription_id, s.price_id, s.plan_tier,
       coalesce(pg_catalog.to_timestamp(s.subscription_created), pg_catalog.to_timestamp(s.current_period_start), s.updated_at)
from public.stripe_subscriptions s
where s.subscription_id is not null and s.subscription_status in ('active', 'past_due') and s.dispute_status is distinct from 'lost';

-- 3. The month's figures ---------------------------------------------------------------------
-- The instant a month (any day of it) starts in Berlin.
create function private.owner_month_start(p_month date)
returns timestamptz
language sql
immutable
strict
set search_path = ''
as $$
  select (pg_catalog.date_trunc('month', p_month::timestamp)) at time zone 'Europe/Berlin'
$$;

-- A span's amount a month, in the smallest unit (a year's price at a twelfth), unrounded.
create function private.owner_monthly(amount integer, billing_interval text, interval_count integer)
returns numeric
language sql
immutable
set search_path = ''
as $$
  select amount::numeric * case billing_interval
    when 'month' then 1.0
    when 'year' then 1.0 / 12
    when 'week' then 52.0 / 12
    when 'day' then 365.0 / 12
  end / coalesce(interval_count, 1)
$$;

-- The spans paying just before t.
create function private.owner_paying(t timestamptz)
returns setof private.subscription_spans
language sql
stable
set search_path = ''
as $$
  select * from private.subscription_spans s where s.started_at < t and (s.ended_at is null or s.ended_at >= t)
$$;

create function private.owner_money(p_month date)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  m0 timestamptz := private.owner_month_start(p_month);
  m1 timestamptz := private.owner_month_start((pg_catalog.date_trunc('month', p_month::timestamp) + interval '1 month')::date);
  t1 timestamptz := least(m1, now());
  t0 timestamptz := t1 - interval '30 days';
  mrr jsonb;
  by_plan jsonb;
  one_time jsonb;
  new_paying bigint;
  cancelled bigint;
  base bigint;
  lost bigint;
begin
  select coalesce(jsonb_agg(jsonb_build_object('currency', x.currency, 'amount', x.amount) order by x.currency), '[]'::jsonb) into mrr
  from (select p.currency, round(sum(private.owner_monthly(p.amount, p.billing_interval, p.interval_count)))::bigint as amount
        from private.owner_paying(t1) p where p.amount is not null group by p.currency) x;

  select coalesce(jsonb_agg(jsonb_build_object(
           'price_id', x.price_id, 'tier', x.plan_tier, 'currency', x.currency, 'interval', x.billing_interval,
           'members', private.owner_small_count(x.members), 'mrr', x.amount, 'unpriced', private.owner_small_count(x.unpriced))
           order by x.plan_tier nulls last, x.price_id), '[]'::jsonb) into by_plan
  from (select p.price_id, p.plan_tier, p.currency, p.billing_interval,
               count(distinct p.customer_id) as members,
               round(sum(private.owner_monthly(p.amount, p.billing_interval, p.interval_count)))::bigint as amount,
               count(*) filter (where p.amount is null) as unpriced
        from private.owner_paying(t1) p group by p.price_id, p.plan_tier, p.currency, p.billing_interval) x;

  -- One-time: the month's paid purchases, less what was refunded or lost in a dispute in the
  -- month (a purchase taken off once, at whichever came first).
  with bought as (
    select case pu.product_type when 'app' then 'apps' when 'course' then 'course' else 'founding' end as product,
           pu.currency, pu.amount, pu.purchased_at, pu.status,
           least(pu.refunded_at, case when pu.dispute_status = 'lost' then pu.dispute_since end) as taken_off_at,
           case when pu.refunded_at is not null
                 and (pu.dispute_status is distinct from 'lost' or pu.refunded_at <= pu.dispute_since) then 'refund' else 'dispute' end as taken_off_by
    from public.purchases pu
    where pu.status in ('paid', 'refunded')
  ), sums as (
    select b.product, b.currency,
           count(*) filter (where b.purchased_at >= m0 and b.purchased_at < m1) as sold,
           coalesce(sum(b.amount) filter (where b.purchased_at >= m0 and b.purchased_at < m1), 0) as gross,
           count(*) filter (where b.taken_off_at >= m0 and b.taken_off_at < m1 and b.taken_off_by = 'refund') as refunds,
           coalesce(sum(b.amount) filter (where b.taken_off_at >= m0 and b.taken_off_at < m1 and b.taken_off_by = 'refund'), 0) as refunded,
           count(*) filter (where b.taken_off_at >= m0 and b.taken_off_at < m1 and b.taken_off_by = 'dispute') as disputes,
           coalesce(sum(b.amount) filter (where b.taken_off_at >= m0 and b.taken_off_at < m1 and b.taken_off_by = 'dispute'), 0) as disputed
    from bought b group by b.product, b.currency
  )
  select coalesce(jsonb_agg(jsonb_build_object(
           'product', s.product, 'currency', s.currency,
           'sold', private.owner_small_count(s.sold), 'gross', s.gross,
           'refunds', private.owner_small_count(s.refunds), 'refunded', s.refunded,
           'lost_disputes', private.owner_small_count(s.disputes), 'disputed', s.disputed,
           'net', s.gross - s.refunded - s.disputed)
           order by array_position(array['apps', 'course', 'founding'], s.product), s.currency), '[]'::jsonb) into one_time
  from sums s where s.sold > 0 or s.refunds > 0 or s.disputes > 0;

  select count(distinct s.customer_id) into new_paying
  from private.subscription_spans s
  where s.started_at >= m0 and s.started_at < m1
    and not exists (select 1 from private.subscription_spans e
                    where e.customer_id = s.customer_id and e.id <> s.id and e.started_at < s.started_at
                      and (e.ended_at is null or e.ended_at >= s.started_at));

  select count(distinct s.customer_id) into cancelled
  from private.subscription_spans s
  where s.ended_at >= m0 and s.ended_at < m1 and s.ended_at <= now()
    and not exists (select 1 from private.subscription_spans e
                    where e.customer_id = s.customer_id and e.id <> s.id and e.started_at <= s.ended_at
                      and (e.ended_at is null or e.ended_at > s.ended_at));

  select count(distinct b.customer_id),
         count(distinct b.customer_id) filter (where not exists (select 1 from private.owner_paying(t1) a where a.customer_id = b.customer_id))
    into base, lost
  from private.owner_paying(t0) b;

  return jsonb_build_object(
    'month', to_char(p_month, 'YYYY-MM'),
    'as_of', t1,
    'mrr', mrr,
    'mrr_by_plan', by_plan,
    'one_time', one_time,
    'new_paying', private.owner_small_count(new_paying),
    'cancellations', private.owner_small_count(cancelled),
    'churn', jsonb_build_object(
      'paying_30_days_before', private.owner_small_count(base),
      'lost', private.owner_small_count(lost),
      -- A share of fewer than five (either side) would tell the count: none then.
      'rate', case when base >= 5 and (lost = 0 or lost >= 5) then round(lost::numeric * 100 / base, 1) end)
  );
end;
$$;

create function private.owner_others(p_month date, p_lesson_count integer)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  m0 timestamptz := private.owner_month_start(p_month);
  m1 timestamptz := private.owner_month_start((pg_catalog.date_trunc('month', p_month::timestamp) + interval '1 month')::date);
  t1 timestamptz := least(m1, now());
  members jsonb;
  coaching jsonb;
  course jsonb;
  lounge jsonb;
begin
  -- Members at the month's end: accounts made before it (deleted ones are gone), each by what it
  -- had then: a paying plan's tier, else the Founding Membership bought and not taken back, else
  -- Explorer.
  with accounts as (
    select pr.id,
           (select sp.plan_tier from private.owner_paying(t1) sp
              join public.stripe_customers c on c.customer_id = sp.customer_id
             where c.user_id = pr.id limit 1) as plan_tier,
           exists (select 1 from public.purchases pu
                    where pu.user_id = pr.id and pu.product_type = 'membership' and pu.status in ('paid', 'refunded')
                      and pu.purchased_at < t1
                      and (pu.refunded_at is null or pu.refunded_at >= t1)
                      and not (pu.dispute_status = 'lost' and pu.dispute_since < t1)) as founding,
           pr.created_at, pr.email_verified
    from public.profiles pr where pr.created_at < t1
  ), tiers as (
    select case when a.plan_tier in ('Adventurer', 'Alchemist') then a.plan_tier when a.founding then 'Founding' else 'Explorer' end as tier
    from accounts a
  )
  select jsonb_build_object(
    'by_tier', jsonb_build_object(
      'Explorer', private.owner_small_count((select count(*) from tiers where tier = 'Explorer')),
      'Adventurer', private.owner_small_count((select count(*) from tiers where tier = 'Adventurer')),
      'Alchemist', private.owner_small_count((select count(*) from tiers where tier = 'Alchemist')),
      'Founding', private.owner_small_count((select count(*) from tiers where tier = 'Founding'))),
    'total', private.owner_small_count((select count(*) from accounts)),
    'sign_ups', private.owner_small_count((select count(*) from accounts a where a.created_at >= m0)),
    'verified', private.owner_small_count((select count(*) from accounts a where a.created_at >= m0 and a.email_verified))
  ) into members;

  with held as (
    select s.id, s.max_spots from public.coaching_sessions s
    where s.cancelled_at is null and s.starts_at >= m0 and s.starts_at < m1 and s.starts_at <= now()
  ), seats as (
    select count(*) as taken,
           count(*) filter (where coalesce(g.attendance = 'joined', g.joined_at is not null)) as came
    from public.coaching_session_signups g join held h on h.id = g.session_id
  )
  select jsonb_build_object(
    'sessions_held', private.owner_small_count((select count(*) from held)),
    'seats_offered', private.owner_small_count((select coalesce(sum(max_spots), 0) from held)),
    'seats_taken', private.owner_small_count((select taken from seats)),
    'came', private.owner_small_count((select came from seats))
  ) into coaching;

  select jsonb_build_object(
    'members_active', private.owner_small_count((select count(distinct lp.member_id) from public.lesson_progress lp where lp.completed_at >= m0 and lp.completed_at < m1)),
    'lessons_completed', private.owner_small_count((select count(*) from public.lesson_progress lp where lp.completed_at >= m0 and lp.completed_at < m1)),
    'members_finished', private.owner_small_count((
      select count(*) from (
        select lp.member_id from public.lesson_progress lp
        group by lp.member_id
        having count(*) >= p_lesson_count and max(lp.completed_at) >= m0 and max(lp.completed_at) < m1) f)),
    'lessons', p_lesson_count
  ) into course;

  select jsonb_build_object(
    'stillpoint', private.owner_small_count((select count(distinct x.user_id) from public.breathing_sessions x where x.finished_at >= m0 and x.finished_at < m1)),
    'the-bloom-book', private.owner_small_count((select count(distinct x.user_id) from public.bloom_pages x where x.created_at >= m0 and x.created_at < m1)),
    'whispers-before-sleep', private.owner_small_count((select count(distinct x.user_id) from public.story_places x where x.updated_at >= m0 and x.updated_at < m1)),
    'rise-mode', private.owner_small_count((select count(distinct x.user_id) from public.rise_days x where x.created_at >= m0 and x.created_at < m1)),
    'mindstage', private.owner_small_count((select count(distinct x.user_id) from public.rehearsals x where x.finished_at >= m0 and x.finished_at < m1)),
    'the-reset-room', private.owner_small_count((select count(distinct x.user_id) from public.resets x where x.finished_at >= m0 and x.finished_at < m1)),
    'any', private.owner_small_count((select count(distinct u) from (
      select user_id as u from public.breathing_sessions where finished_at >= m0 and finished_at < m1
      union select user_id from public.bloom_pages where created_at >= m0 and created_at < m1
      union select user_id from public.story_places where updated_at >= m0 and updated_at < m1
      union select user_id from public.rise_days where created_at >= m0 and created_at < m1
      union select user_id from public.rehearsals where finished_at >= m0 and finished_at < m1
      union select user_id from public.resets where finished_at >= m0 and finished_at < m1) a))
  ) into lounge;

  return jsonb_build_object('members', members, 'coaching', coaching, 'course', course, 'lounge', lounge);
end;
$$;

-- 4. What the owner-numbers function calls (the service role only) ---------------------------
-- The month's numbers (p_month: any day of it), with the month before's money beside them.
-- p_lesson_count: how many lessons the course has (a member who completed that many finished it).
create function public.owner_numbers(p_month date, p_lesson_count integer)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'month', to_char(p_month, 'YYYY-MM'),
    'zone', 'Europe/Berlin',
    'money', private.owner_money(p_month),
    'money_before', private.owner_money((p_month - interval '1 month')::date)
  ) || private.owner_others(p_month, p_lesson_count)
$$;
comment on function public.owner_numbers(date, integer) is 'The owner''s numbers of a month (aggregates, small counts hidden); service role only.';

-- The twelve months up to p_month, oldest first: MRR, one-time net revenue (each by currency),
-- paying members at the month's end and sign-ups, for the page's charts.
create function public.owner_trend(p_month date)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'month', to_char(m.month, 'YYYY-MM'),
           'mrr', x.money -> 'mrr',
           'one_time_net', (select coalesce(jsonb_agg(jsonb_build_object('currency', c.currency, 'amount', c.amount) order by c.currency), '[]'::jsonb)
                              from (select o ->> 'currency' as currency, sum((o ->> 'net')::bigint) as amount
                                    from jsonb_array_elements(x.money -> 'one_time') o group by 1) c),
           'paying', private.owner_small_count((select count(distinct p.customer_id) from private.owner_paying(least(
                       private.owner_month_start((m.month + interval '1 month')::date), now())) p)),
           'sign_ups', private.owner_small_count((select count(*) from public.profiles pr
                         where pr.created_at >= private.owner_month_start(m.month)
                           and pr.created_at < private.owner_month_start((m.month + interval '1 month')::date))))
           order by m.month), '[]'::jsonb)
  from (select g::date as month
        from generate_series(pg_catalog.date_trunc('month', p_month::timestamp) - interval '11 months',
                             pg_catalog.date_trunc('month', p_month::timestamp), interval '1 month') as g) m
  cross join lateral (select private.owner_money(m.month) as money) x
$$;
comment on function public.owner_trend(date) is 'Twelve months of the owner''s key figures for the charts (aggregates, small counts hidden); service role only.';

revoke all on function private.owner_month_start(date) from public;
revoke all on function private.owner_monthly(integer, text, integer) from public;
revoke all on function private.owner_paying(timestamptz) from public;
revoke all on function private.owner_money(date) from public;
revoke all on function private.owner_others(date, integer) from public;
revoke all on function public.owner_numbers(date, integer) from public, anon, authenticated;
revoke all on function public.owner_trend(date) from public, anon, authenticated;
grant execute on function public.owner_numbers(date, integer) to service_role;
grant execute on function public.owner_trend(date) to service_role;
