-- Local development data (`supabase db reset` runs it after the migrations): the next three
-- Rapid Fire Coaching Live sessions, as the schedule makes them (src/features/coaching/schedule.ts:
-- the last Thursday of each month, 18:00 to 19:00 in Berlin, 20 seats, each in its month's slot), one with plenty of room,
-- one almost full and one full, plus a closed session that nobody sees. The seats are taken by
-- signups of made-up guests, so the seat count adds up as it always must.
with months as (
  select (date_trunc('month', current_date) + make_interval(months => n))::date as first_day
  from generate_series(0, 4) as n
),
last_thursdays as (
  select last_day - ((extract(isodow from last_day)::int - 4 + 7) % 7) as day
  from (select (first_day + interval '1 month' - interval '1 day')::date as last_day from months) as m
),
upcoming as (
  select (day + time '18:00') at time zone 'Europe/Berlin' as starts_at, date_trunc('month', day)::date as schedule_month
  from last_thursdays
)
insert into public.coaching_sessions (starts_at, ends_at, time_zone, max_spots, schedule_month)
select starts_at, starts_at + interval '1 hour', 'Europe/Berlin', 20, schedule_month
from upcoming
where starts_at > now()
order by starts_at
limit 3;

-- 6 seats taken in the first session (14 left), 17 in the second (3 left), all 20 in the third,
-- by guests whose addresses are verified (a signup asks for it).
insert into public.profiles (id, email, full_name, email_verified)
select 'seed-guest-' || g, 'guest' || g || '@demo.local', 'Guest ' || g, true
from generate_series(1, 20) as g;

insert into public.coaching_session_signups (user_id, session_id, name, email)
select 'seed-guest-' || g, s.id, 'Guest ' || g, 'guest' || g || '@demo.local'
from (select id, row_number() over (order by starts_at) as position from public.coaching_sessions) as s
cross join lateral generate_series(1, case s.position when 1 then 6 when 2 then 17 else 20 end) as g
where s.position <= 3;

insert into public.coaching_sessions (starts_at, ends_at, time_zone, max_spots, is_active)
values (((current_date + 45) + time '12:00') at time zone 'Europe/Berlin', ((current_date + 45) + time '13:00') at time zone 'Europe/Berlin', 'Europe/Berlin', 20, false);
