-- The funnel counted without cookies (issue 44, part 3; docs/decisions/funnel.md).
--
-- Visitor pages send one beacon to /api/hit (a page view, a journey started or finished). The
-- function counts a visitor per day by a hash of a secret daily salt with the address and the
-- browser's user agent; it never stores the address or the user agent, and nothing is stored on
-- the visitor's device. The salts live here, for the service role only, and a day's salt is
-- deleted once it is older than yesterday's: then the day's hashes point at nobody. Sign-ups
-- (a profile created, which auth-sync does once per member) and purchases (a paid Checkout
-- Session, from the Stripe webhook) are counted once each under a unique key.
--
-- Everything is in the private schema, which the Data API does not expose; the service role
-- reaches it through the four functions below, and nobody else can call them.

-- One random salt a day (the day in Europe/Berlin, chosen by the function's clock).
create table private.funnel_salts (
  day date primary key,
  salt text not null constraint funnel_salts_salt_check check (salt ~ '^[0-9a-f]{64}$')
);
comment on table private.funnel_salts is 'The daily salts of the visitor hashes: today''s and yesterday''s only. Service role only.';
alter table private.funnel_salts enable row level security;
grant select, insert, delete on private.funnel_salts to service_role;

-- One row a beacon counted. No address, no user agent, no member: the visitor is the day's hash.
create table private.funnel_hits (
  id bigint generated always as identity primary key,
  occurred_at timestamptz not null default pg_catalog.now(),
  visitor text not null constraint funnel_hits_visitor_check check (visitor ~ '^[0-9a-f]{64}$'),
  event text not null constraint funnel_hits_event_check check (event in ('pageview', 'journey_started', 'journey_finished')),
  path text not null constraint funnel_hits_path_check check (path ~ '^/[A-Za-z0-9/._~-]{0,199}$'),
  referrer_host text constraint funnel_hits_referrer_host_check check (referrer_host ~ '^[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?$'),
  utm_source text constraint funnel_hits_utm_source_check check (char_length(utm_source) between 1 and 100),
  utm_medium text constraint funnel_hits_utm_medium_check check (char_length(utm_medium) between 1 and 100),
  utm_campaign text constraint funnel_hits_utm_campaign_check check (char_length(utm_campaign) between 1 and 100),
  utm_term text constraint funnel_hits_utm_term_check check (char_length(utm_term) between 1 and 100),
  utm_content text constraint funnel_hits_utm_content_check check (char_length(utm_content) between 1 and 100)
);
comment on table private.funnel_hits is 'The beacons counted: a page view, a journey started or finished, with the day''s visitor hash (never an address or user agent). Service role only.';
alter table private.funnel_hits enable row level security;
create index funnel_hits_occurred_at_idx on private.funnel_hits (occurred_at);
grant select, insert on private.funnel_hits to service_role;

-- Sign-ups and purchases, each once: the key is a SHA-256 of what names it (the member's id, the
-- Checkout Session's id), so a repeated or out-of-order event finds it taken and counts nothing,
-- and once a member deletes their account nothing here leads back to them.
create table private.funnel_conversions (
  kind text not null constraint funnel_conversions_kind_check check (kind in ('signup', 'purchase')),
  key text not null constraint funnel_conversions_key_check check (key ~ '^[0-9a-f]{64}$'),
  occurred_at timestamptz not null default pg_catalog.now(),
  -- The visitor's utm_source, where the server can know it honestly; today it never can (no
  -- cookie carries it from the landing page to the sign-up or the checkout), so it stays null.
  source text constraint funnel_conversions_source_check check (char_length(source) between 1 and 100),
  constraint funnel_conversions_pkey primary key (kind, key)
);
comment on table private.funnel_conversions is 'Sign-ups and purchases, each counted once under a hashed key. Service role only.';
alter table private.funnel_conversions enable row level security;
create index funnel_conversions_occurred_at_idx on private.funnel_conversions (occurred_at);
grant select, insert on private.funnel_conversions to service_role;

-- The salt of `day`: the one stored, else `candidate` (random, made by the function), stored now.
-- Salts older than yesterday's are deleted by the same call. Racing calls get the same salt.
create function public.funnel_salt(day date, candidate text)
returns text
language plpgsql
security invoker
set search_path = ''
as $$
declare
  chosen text;
begin
  delete from private.funnel_salts s where s.day < funnel_salt.day - 1;
  insert into private.funnel_salts as s (day, salt) values (funnel_salt.day, funnel_salt.candidate)
  on conflict on constraint funnel_salts_pkey do nothing;
  select s.salt into chosen from private.funnel_salts s where s.day = funnel_salt.day;
  return chosen;
end;
$$;
revoke all on function public.funnel_salt(date, text) from public, anon, authenticated;
grant execute on function public.funnel_salt(date, text) to service_role;

-- One beacon counted (the function has checked and trimmed every field; the table checks again).
create function public.funnel_hit(
  visitor text,
  event text,
  path text,
  occurred_at timestamptz,
  referrer_host text default null,
  utm_source text default null,
  utm_medium text default null,
  utm_campaign text default null,
  utm_term text default null,
  utm_content text default null
)
returns void
language sql
security invoker
set search_path = ''
as $$
  insert into private.funnel_hits (visitor, event, path, occurred_at, referrer_host, utm_source, utm_medium, utm_campaign, utm_term, utm_content)
  values (funnel_hit.visitor, funnel_hit.event, funnel_hit.path, funnel_hit.occurred_at, funnel_hit.referrer_host,
          funnel_hit.utm_source, funnel_hit.utm_medium, funnel_hit.utm_campaign, funnel_hit.utm_term, funnel_hit.utm_content);
$$;
revoke all on function public.funnel_hit(text, text, text, timestamptz, text, text, text, text, text, text) from public, anon, authenticated;
grant execute on function public.funnel_hit(text, text, text, timestamptz, text, text, text, text, text, text) to service_role;

-- A paid Checkout Session counted as one purchase, once, in one statement: true when this call
-- counted it, false when it was counted before (a repeated or out-of-order event).
create function public.funnel_count_purchase(checkout_session text, occurred_at timestamptz)
returns boolean
language sql
security invoker
set search_path = ''
as $$
  with counted as (
    insert into private.funnel_conversions (kind, key, occurred_at)
    values ('purchase', pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to('purchase:' || funnel_count_purchase.checkout_session, 'UTF8')), 'hex'), funnel_count_purchase.occurred_at)
    on conflict on constraint funnel_conversions_pkey do nothing
    returning 1
  )
  select exists (select 1 from counted);
$$;
revoke all on function public.funnel_count_purchase(text, timestamptz) from public, anon, authenticated;
grant execute on function public.funnel_count_purchase(text, timestamptz) to service_role;

-- A sign-up is a profile created: auth-sync creates it once per member (insert ... on conflict do
-- nothing), so a retried or repeated sign-in creates nothing and counts nothing. Counted by the
-- same statement that creates the profile, so no failure in between can lose or double it.
create function private.funnel_count_signup()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.funnel_conversions (kind, key, occurred_at)
  values ('signup', pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to('signup:' || new.id, 'UTF8')), 'hex'), pg_catalog.now())
  on conflict on constraint funnel_conversions_pkey do nothing;
  return null;
end;
$$;
revoke all on function private.funnel_count_signup() from public, anon, authenticated;
create trigger profiles_count_signup after insert on public.profiles
  for each row execute function private.funnel_count_signup();

-- The month's funnel for the owner's page (/coach/numbers, through /api/owner-numbers): `month`
-- is 'YYYY-MM', its days in Europe/Berlin (a month that changes clocks has 743 or 745 hours).
--   visits            page views
--   visitors          visitors a day (a visitor on two days is two: the hash changes daily)
--   journeys_started, journeys_finished   the journey player's events
--   signups, purchases                    counted on the server
--   by_source         the same by utm_source: a visitor's day belongs to the first utm_source it
--                     carried (so a journey started after landing from a newsletter counts for
--                     the newsletter); sign-ups and purchases have no source (null) today
--   top_pages         the ten most viewed paths; top_referrers the ten referring hosts
-- Every count passes through private.owner_small_count (1 to 4 come back null: "fewer than 5").
create function public.owner_funnel(p_month text)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  month_start timestamptz;
  month_end timestamptz;
  answer jsonb;
begin
  if p_month is null or p_month !~ '^[0-9]{4}-(0[1-9]|1[0-2])$' then
    raise exception 'month must be YYYY-MM, not %', coalesce(p_month, 'null') using errcode = '22023';
  end if;
  -- Midnight in Berlin on the month's first day, and on the next month's.
  month_start := pg_catalog.timezone('Europe/Berlin', (p_month || '-01')::date::timestamp);
  month_end := pg_catalog.timezone('Europe/Berlin', (p_month || '-01')::date::timestamp + interval '1 month');

  with hits as (
    select h.* from private.funnel_hits h where h.occurred_at >= month_start and h.occurred_at < month_end
  ),
  sources as (
    select distinct on (h.visitor) h.visitor, h.utm_source as source
    from hits h where h.utm_source is not null
    order by h.visitor, h.occurred_at, h.id
  ),
  conversions as (
    select c.* from private.funnel_conversions c where c.occurred_at >= month_start and c.occurred_at < month_end
  ),
  events as (
    select s.source, h.event as what, h.visitor from hits h left join sources s on s.visitor = h.visitor
    union all
    select c.source, c.kind, null from conversions c
  ),
  totals as (
    select
      count(*) filter (where e.what = 'pageview') as visits,
      count(distinct e.visitor) as visitors,
      count(*) filter (where e.what = 'journey_started') as journeys_started,
      count(*) filter (where e.what = 'journey_finished') as journeys_finished,
      count(*) filter (where e.what = 'signup') as signups,
      count(*) filter (where e.what = 'purchase') as purchases
    from events e
  ),
  by_source as (
    select
      e.source,
      count(*) filter (where e.what = 'pageview') as visits,
      count(*) filter (where e.what = 'journey_started') as journeys_started,
      count(*) filter (where e.what = 'journey_finished') as journeys_finished,
      count(*) filter (where e.what = 'signup') as signups,
      count(*) filter (where e.what = 'purchase') as purchases
    from events e group by e.source
    order by 2 desc, 3 desc, 5 desc, 6 desc, 1 asc nulls last
    limit 10
  ),
  pages as (
    select h.path, count(*) as visits from hits h where h.event = 'pageview'
    group by h.path order by 2 desc, 1 limit 10
  ),
  referrers as (
    select h.referrer_host as host, count(*) as visits from hits h where h.event = 'pageview' and h.referrer_host is not null
    group by h.referrer_host order by 2 desc, 1 limit 10
  )
  select pg_catalog.jsonb_build_object(
    'visits', private.owner_small_count(t.visits),
    'visitors', private.owner_small_count(t.visitors),
    'journeys_started', private.owner_small_count(t.journeys_started),
    'journeys_finished', private.owner_small_count(t.journeys_finished),
    'signups', private.owner_small_count(t.signups),
    'purchases', private.owner_small_count(t.purchases),
    'by_source', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
        'source', b.source,
        'visits', private.owner_small_count(b.visits),
        'journeys_started', private.owner_small_count(b.journeys_started),
        'journeys_finished', private.owner_small_count(b.journeys_finished),
        'signups', private.owner_small_count(b.signups),
        'purchases', private.owner_small_count(b.purchases)
      ) order by b.visits desc, b.journeys_started desc, b.signups desc, b.purchases desc, b.source asc nulls last) from by_source b
    ), '[]'::jsonb),
    'top_pages', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('path', p.path, 'visits', private.owner_small_count(p.visits)) order by p.visits desc, p.path) from pages p
    ), '[]'::jsonb),
    'top_referrers', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('host', r.host, 'visits', private.owner_small_count(r.visits)) order by r.visits desc, r.host) from referrers r
    ), '[]'::jsonb)
  )
  into answer
  from totals t;
  return answer;
end;
$$;
revoke all on function public.owner_funnel(text) from public, anon, authenticated;
grant execute on function public.owner_funnel(text) to service_role;
