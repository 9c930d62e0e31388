-- Sign-ups and purchases under their campaign (issue 44; docs/decisions/funnel.md, "Sources").
--
-- Nothing on the visitor's device carries the campaign: the page's address does. A visitor page
-- whose address has utm_* fields adds them to its own same-site links (src/features/funnel/
-- Beacon.astro), so the sign-up page's address still has the utm_source the visitor came with,
-- and the sign-up form sends it to auth-sync with the account's sync. auth-sync records it on
-- the member's sign-up conversion (public.funnel_signup_source); a purchase then takes the
-- source of its buyer's sign-up, known to the server by the Checkout Session's member
-- (public.funnel_count_purchase's new `member`): first touch, each written once.

-- The sign-up source is filled by an update of that one column, by the service role only.
grant update (source) on private.funnel_conversions to service_role;

-- The source of the member's sign-up, in one statement: only a source still null is filled (a
-- retried sync cannot change it, nor can a later one), and only when the sign-up was counted by
-- this sign-in's sync: counted no earlier than `signed_in_at` (the ID token's auth_time; the
-- profile, and with it the sign-up, is created by the first sync after the sign-in that created
-- the account), less a minute for two clocks that disagree. So a member who signed up without a
-- campaign and signs in weeks later from a tagged link is not counted for that campaign. The
-- source is checked by auth-sync (trimmed, 1 to 100 characters, lower case) and by the table.
-- True when this call recorded it.
create function public.funnel_signup_source(member text, source text, signed_in_at timestamptz)
returns boolean
language sql
security invoker
set search_path = ''
as $$
  with recorded as (
    update private.funnel_conversions c
    set source = funnel_signup_source.source
    where c.kind = 'signup'
      and c.key = pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to('signup:' || funnel_signup_source.member, 'UTF8')), 'hex')
      and c.source is null
      and c.occurred_at >= funnel_signup_source.signed_in_at - interval '1 minute'
    returning 1
  )
  select exists (select 1 from recorded);
$$;
revoke all on function public.funnel_signup_source(text, text, timestamptz) from public, anon, authenticated;
grant execute on function public.funnel_signup_source(text, text, timestamptz) to service_role;

-- A paid Checkout Session counted as one purchase, once, and under its buyer's sign-up source,
-- in one statement: the source is written with the row and a repeated event finds the row taken,
-- so it neither counts again nor changes the source. `member` is the session's member (its
-- client_reference_id); without one, or without a sign-up with a source, the purchase has none.
-- The old two-argument call (checkout_session, occurred_at) still works: `member` defaults to null.
drop function public.funnel_count_purchase(text, timestamptz);
create function public.funnel_count_purchase(checkout_session text, occurred_at timestamptz, member text default null)
returns boolean
language sql
security invoker
set search_path = ''
as $$
  with counted as (
    insert into private.funnel_conversions (kind, key, occurred_at, source)
    values (
      'purchase',
      pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to('purchase:' || funnel_count_purchase.checkout_session, 'UTF8')), 'hex'),
      funnel_count_purchase.occurred_at,
      (select s.source from private.funnel_conversions s
       where s.kind = 'signup'
         and s.key = pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to('signup:' || funnel_count_purchase.member, 'UTF8')), 'hex'))
    )
    on conflict on constraint funnel_conversions_pkey do nothing
    returning 1
  )
  select exists (select 1 from counted);
$$;
revoke all on function public.funnel_count_purchase(text, timestamptz, text) from public, anon, authenticated;
grant execute on function public.funnel_count_purchase(text, timestamptz, text) to service_role;

comment on column private.funnel_conversions.source is 'The utm_source a sign-up came with (sent by the sign-up page from its own address), or for a purchase its buyer''s sign-up source; null when none is known.';
