-- Local development data (`supabase db reset` runs it after the migrations): the next three
-- Rapid Fire Coaching Live sessions, on the last Thursday of each month from today, one with
-- plenty of room, one almost full and one full, plus a closed session that nobody sees.
with months as (
  select (date_trunc('month', current_date) + make_interval(months => n))::date as first_day
  from generate_series(0, 4) as n
),
last_thursdays as (
  select last_day - ((extract(isodow from last_day)::int - 4 + 7) % 7) as date
  from (select (first_day + interval '1 month' - interval '1 day')::date as last_day from months) as m
),
upcoming as (
  select date, row_number() over (order by date) as position
  from last_thursdays
  where date >= current_date
)
insert into public.coaching_sessions (date, time, is_active, spots_available, max_spots)
select
  date,
  '6:00 PM – 7:00 PM CET',
  true,
  case position when 1 then 14 when 2 then 3 else 0 end,
  20
from upcoming
where position <= 3;

insert into public.coaching_sessions (date, time, is_active, spots_available, max_spots)
values (current_date + 45, '12:00 PM – 1:00 PM CET', false, 20, 20);
