-- Rapid Fire Coaching Live runs itself: sessions are instants, seats add up, the join link is a
-- secret of the session, and what the coach changes is recorded for the registrants' emails.
--
-- 1. Sessions as instants. starts_at and ends_at (timestamptz) and the coach's IANA time zone
--    are the truth; the spec's `date` and `time` stay for every reader that names them, written
--    by the database from the instants (a trigger: `time` carries the zone's abbreviation for
--    that date, CET in winter and CEST in summer, which no generated column can compute). The
--    free text of the rows already here is read once, below, and never again.
-- 2. One session per start instant (the scheduler's `on conflict (starts_at) do nothing`).
-- 3. Seats that add up. spots_available is always max_spots minus the signup rows: the old
--    BEFORE INSERT trigger took a seat for an insert that `on conflict do nothing` then skipped
--    (five repeated upserts emptied a session), so the seat is now taken AFTER the row exists, by
--    one UPDATE of the session that recounts its signups and refuses more than its seats (the
--    row lock of that update orders racing signups); every update of a session recounts.
-- 4. Cancelling: cancelled_at (the session closes, is_active false; registrants keep seeing it).
-- 5. The join link: a per-session link and a standing link, in tables only the service role
--    reaches (the functions coaching-join and coach-join-link), row-level security on.
-- 6. coaching_session_changes: what the coach (or anyone) changed that registrants must hear
--    about, one row per change, read by the functions that email them.

-- 1. Instants -------------------------------------------------------------------------------
alter table public.coaching_sessions
  add column starts_at timestamptz,
  add column ends_at timestamptz,
  add column time_zone text not null default 'Europe/Berlin',
  add column cancelled_at timestamptz;

comment on column public.coaching_sessions.starts_at is 'When the session starts (an instant). date and time are derived from it.';
comment on column public.coaching_sessions.time_zone is 'The coach''s IANA time zone, in which date and time are written.';
comment on column public.coaching_sessions.cancelled_at is 'When the coach cancelled the session (it is then inactive); null while it takes place.';

-- The rows already here: their free-text time read once ('6:00 PM – 7:00 PM CET' as the seed
-- wrote it, '6:00 PM CET', '18:00 Europe/Berlin'), as the old calendar code read it: CET and CEST
-- mean Berlin's wall clock (with its summer time), an IANA name is that zone, UTC/GMT is UTC. A
-- time without an end lasts an hour; a time that cannot be read is the schedule's 18:00 to 19:00
-- in Berlin (a notice names the row).
create function private.coaching_legacy_instants(day date, label text, out starts timestamptz, out ends timestamptz, out zone text)
language plpgsql
set search_path = ''
as $$
declare
  m text[];
  start_meridiem text;
  end_meridiem text;
  zone_text text;
  start_minutes int;
  end_minutes int;
  clock text := '(\d{1,2})(?:[:.h](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?';
begin
  m := regexp_match(btrim(label), '^' || clock || '\s*(?:[–—-]|to|until)\s*' || clock || '\s*(.*)$', 'i');
  if m is null then
    m := regexp_match(btrim(label), '^' || clock || '()()()\s*(.*)$', 'i');
  end if;
  zone_text := upper(regexp_replace(btrim(coalesce(m[7], '')), '^\((.*)\)$', '\1'));
  zone := case
    when zone_text in ('', 'CET', 'CEST', 'CET/CEST', 'MEZ', 'MESZ') then 'Europe/Berlin'
    when zone_text in ('UTC', 'GMT') then 'UTC'
    when exists (select 1 from pg_catalog.pg_timezone_names n where upper(n.name) = zone_text) then
      (select n.name from pg_catalog.pg_timezone_names n where upper(n.name) = zone_text limit 1)
    else 'Europe/Berlin'
  end;
  -- A meridiem written once applies to both times ('6-7 PM').
  start_meridiem := lower(replace(coalesce(m[3], nullif(m[6], '')), '.', ''));
  end_meridiem := lower(replace(coalesce(nullif(m[6], ''), m[3]), '.', ''));
  if m is not null and m[1]::int <= 23 and coalesce(m[2], '0')::int <= 59 then
    start_minutes := (m[1]::int % case when start_meridiem is null then 24 else 12 end
                      + case when start_meridiem = 'pm' then 12 else 0 end) * 60
                     + coalesce(m[2], '0')::int;
    if m[4] is not null and m[4] <> '' then
      end_minutes := (m[4]::int % case when end_meridiem is null then 24 else 12 end
                      + case when end_meridiem = 'pm' then 12 else 0 end) * 60
                     + coalesce(m[5], '0')::int;
      if end_minutes <= start_minutes then end_minutes := end_minutes + 24 * 60; end if;
    else
      end_minutes := start_minutes + 60;
    end if;
  else
    raise notice 'coaching session on % has an unreadable time (%): 18:00 to 19:00 in Europe/Berlin', day, label;
    start_minutes := 18 * 60;
    end_minutes := 19 * 60;
    zone := 'Europe/Berlin';
  end if;
  starts := (day + make_interval(mins => start_minutes)) at time zone zone;
  ends := (day + make_interval(mins => end_minutes)) at time zone zone;
end;
$$;

update public.coaching_sessions s
set (starts_at, ends_at, time_zone) = (select l.starts, l.ends, l.zone from private.coaching_legacy_instants(s.date, s.time) l);

drop function private.coaching_legacy_instants(date, text);

alter table public.coaching_sessions
  alter column starts_at set not null,
  alter column ends_at set not null,
  add constraint coaching_sessions_ends_after_start check (ends_at > starts_at and ends_at <= starts_at + interval '12 hours'),
  add constraint coaching_sessions_starts_at_key unique (starts_at),
  add constraint coaching_sessions_cancelled_is_inactive check (cancelled_at is null or not is_active);

-- `date`, `time` and `spots_available` are the database's: these defaults only let an insert
-- leave them out; the trigger below always writes them (an empty time would break
-- coaching_sessions_time_check).
alter table public.coaching_sessions
  alter column date set default current_date,
  alter column time set default '',
  alter column spots_available set default 0;

comment on column public.coaching_sessions.date is 'Derived: the start''s date in time_zone.';
comment on column public.coaching_sessions.time is 'Derived: ''6:00 PM – 7:00 PM CET'', the start and end in time_zone with its abbreviation on that date.';

-- '6:00 PM – 7:00 PM CEST': the instants on the zone's clock, with the zone's abbreviation at the
-- start. The SET clause restores the caller's time zone when the function returns.
create function private.coaching_time_label(starts timestamptz, ends timestamptz, zone text)
returns text
language plpgsql
stable
set search_path = ''
set timezone = 'UTC'
as $$
begin
  perform pg_catalog.set_config('timezone', zone, true);
  return pg_catalog.to_char(starts, 'FMHH12:MI AM') || ' – ' || pg_catalog.to_char(ends, 'FMHH12:MI AM') || ' '
    || pg_catalog.to_char(starts, 'TZ');
end;
$$;
revoke all on function private.coaching_time_label(timestamptz, timestamptz, text) from public;

-- Every write of a session: date and time from the instants (an unknown zone fails with 22023);
-- a new session has all its seats; any other update recounts the signup rows, so no statement
-- can make spots_available disagree with them. More signups than seats is refused: seats set
-- below those taken (the coach's change), or a signup past the last seat (the update the seat
-- trigger below makes; the row lock it takes makes racing signups count one after the other).
create function private.coaching_session_derive()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  taken int;
begin
  new.date := (new.starts_at at time zone new.time_zone)::date;
  new.time := private.coaching_time_label(new.starts_at, new.ends_at, new.time_zone);
  if tg_op = 'INSERT' then
    new.spots_available := new.max_spots;
    return new;
  end if;
  select count(*) into taken from public.coaching_session_signups s where s.session_id = new.id;
  if taken > new.max_spots then
    if new.max_spots is distinct from old.max_spots then
      raise exception 'coaching session % has % seats taken; it cannot have % seats', new.id, taken, new.max_spots
        using errcode = '23514', hint = 'seats_below_taken';
    end if;
    raise exception 'coaching session % is full', new.id using errcode = '23514', hint = 'session_full';
  end if;
  new.spots_available := new.max_spots - taken;
  return new;
end;
$$;
revoke all on function private.coaching_session_derive() from public;

create trigger coaching_sessions_derive
  before insert or update on public.coaching_sessions
  for each row execute function private.coaching_session_derive();

-- Fill date and time of the rows already here, and recount their seats (a session emptied by
-- repeated upserts gets its seats back).
update public.coaching_sessions set max_spots = greatest(max_spots, (select count(*) from public.coaching_session_signups s where s.session_id = coaching_sessions.id));

drop index public.coaching_sessions_active_date_idx;
create index coaching_sessions_active_starts_at_idx on public.coaching_sessions (starts_at) where is_active;

-- 3. Seats ----------------------------------------------------------------------------------
drop trigger coaching_session_signups_take_spot on public.coaching_session_signups;
drop function private.take_coaching_spot();
drop trigger coaching_session_signups_return_spot on public.coaching_session_signups;
drop function private.return_coaching_spot();

-- A signup row that exists takes a seat: one UPDATE of its session, only while the session is
-- open, whose recount (above) refuses a signup past the last seat. The update locks the session
-- row, so racing signups are counted one after the other, each seeing the others' rows. A
-- refused signup fails its insert and writes nothing; an insert skipped by `on conflict do
-- nothing` fires nothing.
create function private.coaching_seat_taken()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  session record;
begin
  update public.coaching_sessions set spots_available = spots_available - 1 where id = new.session_id and is_active;
  if found then
    return null;
  end if;
  select s.cancelled_at into session from public.coaching_sessions s where s.id = new.session_id;
  if not found then
    raise exception 'coaching session % does not exist', new.session_id using errcode = '23503';
  elsif session.cancelled_at is not null then
    raise exception 'coaching session % was cancelled', new.session_id using errcode = '23514', hint = 'session_cancelled';
  end if;
  raise exception 'coaching session % is not open for signups', new.session_id using errcode = '23514', hint = 'session_closed';
end;
$$;
revoke all on function private.coaching_seat_taken() from public;

create trigger coaching_session_signups_seat_taken
  after insert on public.coaching_session_signups
  for each row execute function private.coaching_seat_taken();

-- A signup removed (given back, the account deleted, by hand) gives exactly its seat back: the
-- session's update recounts the rows that are left.
create function private.coaching_seat_returned()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.coaching_sessions set spots_available = spots_available + 1 where id = old.session_id;
  return null;
end;
$$;
revoke all on function private.coaching_seat_returned() from public;

create trigger coaching_session_signups_seat_returned
  after delete on public.coaching_session_signups
  for each row execute function private.coaching_seat_returned();

-- A seat can be given back until the session starts (it was: until the end of its date).
create or replace function private.coaching_session_is_upcoming(session uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.coaching_sessions s where s.id = session and s.starts_at > now());
$$;

-- 5. The join link --------------------------------------------------------------------------
create table public.coaching_join_links (
  session_id uuid primary key
    constraint coaching_join_links_session_id_fkey references public.coaching_sessions (id) on delete cascade,
  url text not null constraint coaching_join_links_url_check check (url ~ '^https://[^\s/?#]+\.[^\s/?#]+[^\s]*$' and length(url) <= 2000),
  updated_at timestamptz not null default now()
);
comment on table public.coaching_join_links is 'The join link of one session. A secret: only the service role (the coaching-join and coach functions) reads it.';

-- The standing link, used by every session without its own: at most one row.
create table public.coaching_standing_link (
  id boolean primary key default true constraint coaching_standing_link_one_row check (id),
  url text not null constraint coaching_standing_link_url_check check (url ~ '^https://[^\s/?#]+\.[^\s/?#]+[^\s]*$' and length(url) <= 2000),
  updated_at timestamptz not null default now()
);
comment on table public.coaching_standing_link is 'The join link of every session that has none of its own. A secret, as coaching_join_links.';

alter table public.coaching_join_links enable row level security;
alter table public.coaching_standing_link enable row level security;
-- No policy: anon and authenticated reach neither table (no grant either); the service role,
-- which bypasses row-level security, gets exactly what the functions do.
grant select, insert, update, delete on public.coaching_join_links, public.coaching_standing_link to service_role;

-- 6. What changed ----------------------------------------------------------------------------
create table public.coaching_session_changes (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null
    constraint coaching_session_changes_session_id_fkey references public.coaching_sessions (id) on delete cascade,
  kind text not null constraint coaching_session_changes_kind_check check (kind = any (array['cancelled', 'moved', 'join_link'])),
  -- For 'moved': the start, end and zone before and after. Null otherwise.
  before jsonb,
  after jsonb,
  changed_at timestamptz not null default now()
);
comment on table public.coaching_session_changes is 'What registrants must be told: a session cancelled, moved, or its join link changed. The email functions read it (service role only).';
create index coaching_session_changes_session_id_idx on public.coaching_session_changes (session_id, changed_at);
alter table public.coaching_session_changes enable row level security;
grant select on public.coaching_session_changes to service_role;

create function private.coaching_session_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.cancelled_at is null and new.cancelled_at is not null then
    insert into public.coaching_session_changes (session_id, kind) values (new.id, 'cancelled');
  end if;
  if (old.starts_at, old.ends_at, old.time_zone) is distinct from (new.starts_at, new.ends_at, new.time_zone) then
    insert into public.coaching_session_changes (session_id, kind, before, after) values (
      new.id, 'moved',
      jsonb_build_object('starts_at', old.starts_at, 'ends_at', old.ends_at, 'time_zone', old.time_zone),
      jsonb_build_object('starts_at', new.starts_at, 'ends_at', new.ends_at, 'time_zone', new.time_zone));
  end if;
  return null;
end;
$$;
revoke all on function private.coaching_session_changed() from public;

create trigger coaching_sessions_changed
  after update on public.coaching_sessions
  for each row execute function private.coaching_session_changed();

-- A session's own link set, changed or removed (it then falls back to the standing link). Not
-- when the session itself goes (its changes go with it).
create function private.coaching_join_link_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into public.coaching_session_changes (session_id, kind) values (new.session_id, 'join_link');
  elsif tg_op = 'UPDATE' then
    if old.url is distinct from new.url then
      insert into public.coaching_session_changes (session_id, kind) values (new.session_id, 'join_link');
    end if;
  elsif exists (select 1 from public.coaching_sessions s where s.id = old.session_id) then
    insert into public.coaching_session_changes (session_id, kind) values (old.session_id, 'join_link');
  end if;
  return null;
end;
$$;
revoke all on function private.coaching_join_link_changed() from public;

create trigger coaching_join_links_changed
  after insert or update or delete on public.coaching_join_links
  for each row execute function private.coaching_join_link_changed();

-- Grants --------------------------------------------------------------------------------------
-- The functions (service role): the scheduler and the coach add sessions, the coach changes the
-- seats and cancels, and reads sessions with their registrants. Members and visitors keep
-- reading sessions as before (their grants are table-wide, the new columns included).
revoke select (id, date, time) on public.coaching_sessions from service_role;
grant select, insert (starts_at, ends_at, time_zone, max_spots, is_active) on public.coaching_sessions to service_role;
grant update (max_spots, is_active, cancelled_at) on public.coaching_sessions to service_role;
