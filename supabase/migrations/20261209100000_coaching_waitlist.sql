-- Coaching that fills itself (issue 46): a waitlist for a full session, and seats offered in
-- turn, in the database (docs/decisions/coaching.md, "The waitlist").
--
-- coaching_waitlist  one place in line: a verified member and a session, with the name, contact
--     and zone a signup takes. A member joins by inserting their own row (supabase-js, row-level
--     security), as they sign up. The row's trigger takes the session's lock first and decides in
--     that one statement: a session with a free seat registers them instead (a signup row, with
--     its confirmation, and no place in line); a full one gives them the next place (`place`,
--     from a sequence drawn under the lock: the order of arrival). A second place, a place
--     beside a seat, a started, cancelled or unknown session, or an unverified address is
--     refused with words the dashboard shows.
-- Offers: a seat that comes free (given back, added by the coach, an offer declined or expired)
--     is offered to the first in line in the transaction that frees it: every update of a
--     session recounts its seats (private.coaching_session_derive) and an AFTER UPDATE trigger
--     offers what is free to the first `free` places, with one email each (kind
--     coaching_seat_offer, ref the place's id: one email an offer). An offer holds its seat
--     (spots_available counts signups AND offers), so no signup can take it, until it is taken
--     (the member's own signup insert: the place goes, the seat becomes theirs), declined
--     (public.coaching_waitlist_leave), or expired (public.coaching_pass_expired_offers, the
--     hourly run: the place is marked expired and the seat offered to the next, once). An offer
--     is valid 12 hours or until an hour before the start, whichever comes first; nothing is
--     offered from an hour before the start (a seat free then is anyone's to take), and the
--     line closes at the start.
-- Every path takes the session's row lock before it touches a place in line, so racing joins,
-- give-backs, takes and runs are decided one after the other.

-- The line ---------------------------------------------------------------------------------
create sequence private.coaching_waitlist_place;

create table public.coaching_waitlist (
  id uuid primary key default gen_random_uuid(),
  user_id text not null
    constraint coaching_waitlist_user_id_check check (private.trim_js(user_id) <> '' and char_length(user_id) <= 128),
  session_id uuid not null
    constraint coaching_waitlist_session_id_fkey references public.coaching_sessions (id) on delete cascade,
  name text not null
    constraint coaching_waitlist_name_check check (name <> '' and name = private.trim_js(name)),
  email text not null
    constraint coaching_waitlist_email_check check (email = lower(private.trim_js(email)) and position('@' in email) > 0),
  time_zone text
    constraint coaching_waitlist_time_zone_check check (time_zone ~ '^[A-Za-z][A-Za-z0-9_+/-]{0,63}$'),
  -- The order of arrival: drawn from a sequence under the session's lock (the trigger below).
  place bigint not null default 0,
  status text not null default 'waiting'
    constraint coaching_waitlist_status_check check (status = any (array['waiting', 'offered', 'expired'])),
  offered_at timestamptz,
  offer_expires_at timestamptz,
  created_at timestamptz not null default now(),
  constraint coaching_waitlist_offer_check check ((status = 'waiting') = (offered_at is null) and (offered_at is null) = (offer_expires_at is null))
);
comment on table public.coaching_waitlist is 'A member''s place in line for a full coaching session, and the seat offered to them in turn. Members join and read their own; the database offers.';
comment on column public.coaching_waitlist.place is 'Order of arrival in the line (a sequence drawn under the session''s lock).';
comment on column public.coaching_waitlist.status is 'waiting; offered (a seat is held for them until offer_expires_at); expired (the offer passed to the next). Taken and left places are deleted.';

-- One place in line a member and session (an expired one does not stop them joining again).
create unique index coaching_waitlist_one_place on public.coaching_waitlist (user_id, session_id) where status in ('waiting', 'offered');
create index coaching_waitlist_line on public.coaching_waitlist (session_id, place) where status = 'waiting';
create index coaching_waitlist_offers on public.coaching_waitlist (offer_expires_at) where status = 'offered';
create index coaching_waitlist_user_id_idx on public.coaching_waitlist (user_id);

alter table public.coaching_waitlist enable row level security;

create policy "Members read their own places in line"
  on public.coaching_waitlist for select to authenticated
  using (user_id = (select auth.jwt()) ->> 'sub');

create policy "Members join the line themselves"
  on public.coaching_waitlist for insert to authenticated
  with check (user_id = (select auth.jwt()) ->> 'sub');

grant select, insert (user_id, session_id, name, email, time_zone) on public.coaching_waitlist to authenticated;
-- The functions: the member's export and deletion, the coach's count, the offer email.
grant select, delete on public.coaching_waitlist to service_role;

create trigger coaching_waitlist_refuse_deleted_member before insert on public.coaching_waitlist
  for each row execute function private.refuse_deleted_member('user_id');

-- Seats: signups and offers -----------------------------------------------------------------
-- As 20261130120000, with a seat held by an offer counted as taken.
create or replace function private.coaching_session_derive()
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
  select (select count(*) from public.coaching_session_signups s where s.session_id = new.id)
       + (select count(*) from public.coaching_waitlist w where w.session_id = new.id and w.status = 'offered')
    into taken;
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

-- When the first offer of a seat ends: 12 hours after it is made, or an hour before the start,
-- whichever comes first (instants: the change of clocks moves nothing).
create function private.coaching_offer_expiry(offered timestamptz, starts timestamptz)
returns timestamptz
language sql
immutable
set search_path = ''
as $$
  select least(offered + interval '12 hours', starts - interval '1 hour');
$$;
revoke all on function private.coaching_offer_expiry(timestamptz, timestamptz) from public;

-- Offers a session's free seats to the first in line, one email each; called with the session's
-- row locked (its update). Nothing is offered for a session that is not active or starts within
-- the hour. The recount after it holds the offered seats.
create function private.coaching_offer_seats(session uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  s record;
  offered integer;
begin
  select c.id, c.is_active, c.starts_at, c.spots_available into s from public.coaching_sessions c where c.id = session;
  if not found or not s.is_active or s.spots_available <= 0 or pg_catalog.now() >= s.starts_at - interval '1 hour' then
    return 0;
  end if;
  with chosen as (
    select w.id from public.coaching_waitlist w
    where w.session_id = session and w.status = 'waiting'
    order by w.place
    limit s.spots_available
    for update
  ), made as (
    update public.coaching_waitlist w
    set status = 'offered', offered_at = pg_catalog.now(), offer_expires_at = private.coaching_offer_expiry(pg_catalog.now(), s.starts_at)
    from chosen where w.id = chosen.id
    returning w.id, w.user_id
  )
  insert into public.email_outbox (kind, user_id, ref)
  select 'coaching_seat_offer', m.user_id, m.id::text from made m
  on conflict on constraint email_outbox_key do nothing;
  get diagnostics offered = row_count;
  if offered > 0 then
    update public.coaching_sessions c set spots_available = c.spots_available where c.id = session;
  end if;
  return offered;
end;
$$;
revoke all on function private.coaching_offer_seats(uuid) from public;

create function private.coaching_seats_freed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.coaching_offer_seats(new.id);
  return null;
end;
$$;
revoke all on function private.coaching_seats_freed() from public;

create trigger coaching_sessions_offer_free_seats
  after update on public.coaching_sessions
  for each row when (new.spots_available > 0 and new.is_active)
  execute function private.coaching_seats_freed();

-- Joining the line -------------------------------------------------------------------------
create function private.coaching_waitlist_arrives()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  s record;
  by_owner boolean := pg_catalog.current_setting('role') = 'none';
begin
  -- The policy's check comes after this trigger, which may register instead of queueing: a
  -- member's place is their own, here too.
  if pg_catalog.current_setting('role') in ('anon', 'authenticated')
     and new.user_id is distinct from (select auth.jwt()) ->> 'sub' then
    raise exception 'new row violates row-level security policy for table "coaching_waitlist"' using errcode = '42501';
  end if;
  if pg_catalog.char_length(new.name) > 100 then
    raise exception 'Please keep your name to 100 characters or fewer.' using errcode = 'IA429',
      detail = 'coaching_waitlist: name longer than 100 characters';
  end if;
  -- (What the table's checks refuse, blank or untrimmed, they refuse themselves, after this.)
  if new.email = lower(private.trim_js(new.email)) and position('@' in new.email) > 0
     and (pg_catalog.char_length(new.email) > 254
          or new.email ~ '[[:space:][:cntrl:],;<>"]'
          or new.email !~ '^[^@]+@[^@]+$') then
    raise exception 'Please enter one email address, with no commas or spaces.' using errcode = 'IA429',
      detail = 'coaching_waitlist: email is not one address';
  end if;

  -- The session's lock: joins, signups, give-backs and offers are decided one after the other.
  select c.id, c.is_active, c.cancelled_at, c.starts_at, c.spots_available into s
  from public.coaching_sessions c where c.id = new.session_id for update;
  if not found then
    raise exception 'coaching session % does not exist', new.session_id using errcode = '23503';
  elsif s.cancelled_at is not null or not s.is_active then
    raise exception 'This session is no longer open. Please choose another date.' using errcode = 'IA429', hint = 'session_closed';
  elsif not by_owner and s.starts_at <= pg_catalog.now() then
    raise exception 'This session has already begun, so its waitlist is closed. Please choose another date.'
      using errcode = 'IA429', hint = 'session_started';
  elsif not by_owner and not exists (select 1 from public.profiles p where p.id = new.user_id and p.email_verified) then
    raise exception 'Please verify your email address first: we sent you a link when you signed up, and you can ask for a new one on your dashboard.'
      using errcode = 'IA429', hint = 'email_not_verified';
  end if;
  if exists (select 1 from public.coaching_session_signups r where r.session_id = new.session_id and r.user_id = new.user_id) then
    raise exception 'You’re already registered for this session. You can see it on your dashboard.' using errcode = '23505', hint = 'already_registered';
  end if;
  if exists (select 1 from public.coaching_waitlist w where w.session_id = new.session_id and w.user_id = new.user_id and w.status in ('waiting', 'offered')) then
    raise exception 'You already have a place in line for this session. You can see it on your dashboard.' using errcode = '23505', hint = 'already_in_line';
  end if;

  if s.spots_available > 0 then
    -- A seat is free: registered instead (the signup's own triggers take the seat and queue its
    -- confirmation), and no place in line.
    insert into public.coaching_session_signups (user_id, session_id, name, email, time_zone)
    values (new.user_id, new.session_id, new.name, new.email, new.time_zone);
    return null;
  end if;

  new.place := pg_catalog.nextval('private.coaching_waitlist_place');
  new.status := 'waiting';
  new.offered_at := null;
  new.offer_expires_at := null;
  new.created_at := pg_catalog.clock_timestamp();
  return new;
end;
$$;
revoke all on function private.coaching_waitlist_arrives() from public;

-- Named to fire after coaching_waitlist_refuse_deleted_member (triggers fire by name).
create trigger coaching_waitlist_takes_place
  before insert on public.coaching_waitlist
  for each row execute function private.coaching_waitlist_arrives();

-- A place that goes while it holds an offer (declined, taken, the member's account deleted)
-- releases its seat: the session's recount, whose trigger offers it to the next in line (a
-- taken offer's seat is already the new signup's, so the recount finds nothing free).
create function private.coaching_waitlist_left()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.status = 'offered' then
    update public.coaching_sessions c set spots_available = c.spots_available where c.id = old.session_id;
  end if;
  return null;
end;
$$;
revoke all on function private.coaching_waitlist_left() from public;

create trigger coaching_waitlist_left
  after delete on public.coaching_waitlist
  for each row execute function private.coaching_waitlist_left();

-- Leaving the line, or declining an offer: the member's own place, after the session's lock
-- (the order every other path takes). True when a place was left.
create function public.coaching_waitlist_leave(session uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  member text := (select auth.jwt()) ->> 'sub';
begin
  if member is null or member = '' then
    return false;
  end if;
  perform 1 from public.coaching_sessions c where c.id = session for update;
  delete from public.coaching_waitlist w where w.session_id = session and w.user_id = member and w.status in ('waiting', 'offered');
  return found;
end;
$$;
revoke all on function public.coaching_waitlist_leave(uuid) from public, anon;
grant execute on function public.coaching_waitlist_leave(uuid) to authenticated;

-- The member's own places, with where they stand: their position among those still waiting
-- (1 is next), which they could not count themselves (they read only their own rows). Places of
-- sessions not yet started; an expired offer is shown until the start, so the member knows.
create function public.coaching_waitlist_mine()
returns table (id uuid, session_id uuid, name text, email text, time_zone text, status text, place_in_line integer, offer_expires_at timestamptz,
               starts_at timestamptz, ends_at timestamptz, session_zone text)
language sql
stable
security definer
set search_path = ''
as $$
  select w.id, w.session_id, w.name, w.email, w.time_zone, w.status,
         case when w.status = 'waiting' then
           (select count(*)::integer + 1 from public.coaching_waitlist a
            where a.session_id = w.session_id and a.status = 'waiting' and a.place < w.place)
         end,
         w.offer_expires_at, c.starts_at, c.ends_at, c.time_zone
  from public.coaching_waitlist w
  join public.coaching_sessions c on c.id = w.session_id
  where w.user_id = (select auth.jwt()) ->> 'sub' and c.starts_at > pg_catalog.now()
  order by c.starts_at, w.place;
$$;
revoke all on function public.coaching_waitlist_mine() from public, anon;
grant execute on function public.coaching_waitlist_mine() to authenticated;

-- Taking the seat: the member's own signup (as every signup) ---------------------------------
-- As 20261205110000, with the session's lock taken first and the member's place in line
-- settled under it: a live offer is taken (its held seat becomes this signup's), a plain place
-- goes (registered, no longer waiting), and an offer that expired says so when no seat is free.
create or replace function private.coaching_seat_taken()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  session record;
  lapsed timestamptz;
  by_owner boolean := pg_catalog.current_setting('role') = 'none';
begin
  if pg_catalog.char_length(new.name) > 100 then
    raise exception 'Please keep your name to 100 characters or fewer.' using errcode = 'IA429',
      detail = 'coaching_session_signups: name longer than 100 characters';
  end if;
  if pg_catalog.char_length(new.email) > 254
     or new.email ~ '[[:space:][:cntrl:],;<>"]'
     or new.email !~ '^[^@]+@[^@]+$' then
    raise exception 'Please enter one email address, with no commas or spaces.' using errcode = 'IA429',
      detail = 'coaching_session_signups: email is not one address';
  end if;

  select s.spots_available into session from public.coaching_sessions s where s.id = new.session_id for update;
  if found then
    delete from public.coaching_waitlist w
    where w.session_id = new.session_id and w.user_id = new.user_id
      and (w.status = 'waiting' or (w.status = 'offered' and w.offer_expires_at > pg_catalog.now()));
    if not found and session.spots_available <= 0 then
      select max(w.offer_expires_at) into lapsed from public.coaching_waitlist w
      where w.session_id = new.session_id and w.user_id = new.user_id and w.status in ('offered', 'expired');
      if lapsed is not null then
        raise exception 'This offer expired, so the seat has gone to the next person in line, and you’re no longer in line for this session. You can join the waitlist again.'
          using errcode = 'IA429', hint = 'offer_expired', detail = format('the offer ended at %s', lapsed);
      end if;
    end if;
  end if;

  update public.coaching_sessions s set spots_available = s.spots_available - 1
  where s.id = new.session_id
    and s.is_active
    and (by_owner or (s.starts_at > pg_catalog.now()
                      and exists (select 1 from public.profiles p where p.id = new.user_id and p.email_verified)));
  if found then
    return null;
  end if;

  select s.cancelled_at, s.is_active, s.starts_at into session from public.coaching_sessions s where s.id = new.session_id;
  if not found then
    raise exception 'coaching session % does not exist', new.session_id using errcode = '23503';
  elsif session.cancelled_at is not null then
    raise exception 'coaching session % was cancelled', new.session_id using errcode = '23514', hint = 'session_cancelled';
  elsif not session.is_active then
    raise exception 'coaching session % is not open for signups', new.session_id using errcode = '23514', hint = 'session_closed';
  elsif session.starts_at <= pg_catalog.now() then
    raise exception 'This session has already begun, so its registration is closed. Please choose another date.'
      using errcode = 'IA429', hint = 'session_started', detail = format('coaching session %s started at %s', new.session_id, session.starts_at);
  end if;
  raise exception 'Please verify your email address first: we sent you a link when you signed up, and you can ask for a new one on your dashboard.'
    using errcode = 'IA429', hint = 'email_not_verified', detail = 'coaching_session_signups: the member''s address is not verified';
end;
$$;
revoke all on function private.coaching_seat_taken() from public;

-- The hourly run: offers whose time ran out pass to the next in line, once -----------------
-- Each session with a lapsed offer is locked, then its lapsed offers are marked expired and its
-- seats recounted (whose trigger offers them on). A second run at once waits for the lock and
-- then finds nothing lapsed. Answers how many offers expired.
create function public.coaching_pass_expired_offers()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  session uuid;
  expired integer := 0;
  n integer;
begin
  for session in
    select distinct w.session_id from public.coaching_waitlist w
    where w.status = 'offered' and w.offer_expires_at <= pg_catalog.now()
    order by w.session_id
  loop
    perform 1 from public.coaching_sessions c where c.id = session for update;
    update public.coaching_waitlist w set status = 'expired'
    where w.session_id = session and w.status = 'offered' and w.offer_expires_at <= pg_catalog.now();
    get diagnostics n = row_count;
    if n > 0 then
      expired := expired + n;
      update public.coaching_sessions c set spots_available = c.spots_available where c.id = session;
    end if;
  end loop;
  return expired;
end;
$$;
revoke all on function public.coaching_pass_expired_offers() from public, anon, authenticated;
grant execute on function public.coaching_pass_expired_offers() to service_role;

-- Emails: the offer, and the note after a session -----------------------------------------
--   coaching_seat_offer  ref: the place in line (one offer, one email). Always sent while the
--       offer stands (it is what the member asked for); priority 0, due by a time.
--   coaching_follow_up   ref: the session; params.came (true: a thank-you; false: a kind note),
--       decided when queued by the hourly run after the session's end, for registrants whose
--       reminders are on. One key a member and session: one message, whichever it is.
alter table public.email_outbox drop constraint email_outbox_kind_check;
alter table public.email_outbox add constraint email_outbox_kind_check
  check (kind in ('purchase_confirmation', 'access_ending', 'coaching_confirmation', 'coaching_reminder', 'coaching_change',
                  'email_verification', 'password_reset', 'email_change', 'email_changed', 'certificate_issued',
                  'coaching_seat_offer', 'coaching_follow_up'));

create or replace function private.email_outbox_priority()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.priority := case new.kind
    when 'coaching_reminder' then 0 when 'coaching_change' then 0 when 'coaching_seat_offer' then 0
    when 'coaching_confirmation' then 2 else 1 end;
  return new;
end;
$$;

-- The coach's count of the line on /coach reads it through the service role (granted above).
