-- The schedule stays put (issue 42, point 5; docs/decisions/coaching.md).
--
-- The daily run kept its sessions apart by their exact start (`on conflict (starts_at)`), so a
-- session the coach moved an hour came back at the old time the next day. Now each scheduled
-- session carries its slot, the month whose last Thursday it is (schedule_month, the first day
-- of that month), unique: the run inserts with `on conflict (schedule_month) do nothing`, so a
-- slot is made once, whatever the coach later moves, re-times or cancels (a cancelled slot is
-- not made again). One-off sessions the coach adds have no slot.
--
-- The sessions already here: one that starts at the schedule's own time (the last Thursday of its
-- month, 18:00 in Europe/Berlin) takes that month's slot.

alter table public.coaching_sessions
  add column schedule_month date
    constraint coaching_sessions_schedule_month_key unique
    constraint coaching_sessions_schedule_month_check check (extract(day from schedule_month) = 1);
comment on column public.coaching_sessions.schedule_month is 'The schedule''s slot this session fills: the first day of the month whose last Thursday it is. Null for one-off sessions. Unique: the daily run makes each slot once.';

update public.coaching_sessions s
set schedule_month = date_trunc('month', s.starts_at at time zone 'Europe/Berlin')::date
where extract(isodow from s.starts_at at time zone 'Europe/Berlin') = 4
  and (s.starts_at at time zone 'Europe/Berlin')::time = time '18:00'
  and extract(month from (s.starts_at at time zone 'Europe/Berlin') + interval '7 days')
      <> extract(month from s.starts_at at time zone 'Europe/Berlin');

grant insert (schedule_month) on public.coaching_sessions to service_role;
