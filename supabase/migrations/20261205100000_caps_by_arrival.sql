-- Daily caps by arrival (issue 42, point 1).
--
-- A practice sent from the device's outbox carries the time it was done
-- (20261203100000_offline_rows_dated_when_done.sql), and the daily caps counted rows "in the last
-- 24 hours" by that time: a member who dated rows years back added breathing sessions,
-- rehearsals and resets without end. Now:
--
--   received_at   when the database received the row: now(), written by a trigger on every
--                 insert whatever the statement says (no grant names it, and broad grants could
--                 not set it either). The daily caps count by it.
--   finished_at   still the member's word for when they did it (their history, their days
--                 practised), never later than now (as before) and never more than 30 days back:
--                 a phone offline for weeks still sends its practices; an older date from a
--                 member (a write as `authenticated`) is refused with a message (IA429, the apps'
--                 refused note shows it and keeps the write on the device). The site owner's
--                 own writes (the SQL editor, an import of history) may date further back.
--
-- Rows already stored are dated as received when they were finished (the best this database
-- knows). lesson_progress keeps its completed_at as before: its cap is on all the member's rows
-- (100 lessons), not on a day, so a date cannot widen it.

alter table public.breathing_sessions add column received_at timestamptz;
alter table public.rehearsals add column received_at timestamptz;
alter table public.resets add column received_at timestamptz;
update public.breathing_sessions set received_at = finished_at;
update public.rehearsals set received_at = finished_at;
update public.resets set received_at = finished_at;
alter table public.breathing_sessions alter column received_at set default now(), alter column received_at set not null;
alter table public.rehearsals alter column received_at set default now(), alter column received_at set not null;
alter table public.resets alter column received_at set default now(), alter column received_at set not null;

comment on column public.breathing_sessions.received_at is 'When the database received the row (set by a trigger; the member cannot set it). The daily cap counts by it.';
comment on column public.rehearsals.received_at is 'When the database received the row (set by a trigger; the member cannot set it). The daily cap counts by it.';
comment on column public.resets.received_at is 'When the database received the row (set by a trigger; the member cannot set it). The daily cap counts by it.';

create index breathing_sessions_user_id_received_at_idx on public.breathing_sessions (user_id, received_at);
create index rehearsals_user_id_received_at_idx on public.rehearsals (user_id, received_at);
create index resets_user_id_received_at_idx on public.resets (user_id, received_at);

-- Replaces private.finished_no_later_than_now on the three practice tables: the arrival is the
-- database's, the time done is at most now and at least 30 days back. TG_ARGV[0]: the message
-- the member reads when the date is further back.
create function private.practice_dated()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.received_at := pg_catalog.now();
  if new.finished_at > pg_catalog.now() then
    new.finished_at := pg_catalog.now();
  elsif current_user = 'authenticated' and new.finished_at < pg_catalog.now() - interval '30 days' then
    raise exception '%', tg_argv[0] using errcode = 'IA429',
      detail = format('%s: finished_at %s is more than 30 days back', tg_table_name, new.finished_at);
  end if;
  return new;
end;
$$;
revoke all on function private.practice_dated() from public;

drop trigger breathing_sessions_finished_no_later_than_now on public.breathing_sessions;
drop trigger rehearsals_finished_no_later_than_now on public.rehearsals;
drop trigger resets_finished_no_later_than_now on public.resets;
drop function private.finished_no_later_than_now();

-- Named to fire before each table's row_cap trigger (same event: alphabetical order).
create trigger breathing_sessions_dated
  before insert on public.breathing_sessions
  for each row execute function private.practice_dated(
    'This breathing session is dated more than 30 days ago, further back than Stillpoint adds to your history. Check the date on your device.');
create trigger rehearsals_dated
  before insert on public.rehearsals
  for each row execute function private.practice_dated(
    'This rehearsal is dated more than 30 days ago, further back than Mindstage adds to your history. Check the date on your device.');
create trigger resets_dated
  before insert on public.resets
  for each row execute function private.practice_dated(
    'This reset is dated more than 30 days ago, further back than The Reset Room adds to your history. Check the date on your device.');

-- The daily caps, counted by arrival (same numbers and words as before).
drop trigger breathing_sessions_row_cap on public.breathing_sessions;
drop trigger rehearsals_row_cap on public.rehearsals;
drop trigger resets_row_cap on public.resets;

create trigger breathing_sessions_row_cap
  before insert on public.breathing_sessions
  for each row execute function private.member_row_cap('user_id', '100', 'received_at', '',
    'You have finished 100 breathing sessions in the last 24 hours, as many as Stillpoint records in a day. Keep breathing as long as you like; this one is not added to your history.');

create trigger rehearsals_row_cap
  before insert on public.rehearsals
  for each row execute function private.member_row_cap('user_id', '50', 'received_at', '',
    'You have finished 50 rehearsals in the last 24 hours, as many as Mindstage records in a day, so this one is not added to your history. Tomorrow it counts again.');

create trigger resets_row_cap
  before insert on public.resets
  for each row execute function private.member_row_cap('user_id', '50', 'received_at', '',
    'You have finished 50 resets in the last 24 hours, as many as The Reset Room records in a day, so this one is not added to your history. Tomorrow it counts again.');
