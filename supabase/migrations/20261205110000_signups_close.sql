-- A coaching signup's rules, decided where the seat is taken (issue 42, points 2 and 4; issue 41's
-- "coaching registration asks them to verify first").
--
-- Nothing closed registration when a session began: any new account could register during the
-- session and get the join link, and throwaway accounts could take every seat. The signup's
-- email column took 'a@x.com,b@y.com' and its name had no length limit. Now a signup is refused,
-- with words the signup dialog shows as they are (IA429, src/core/db/result.ts), when:
--
--   its name is longer than 100 characters;
--   its email is not one address: no commas, semicolons, spaces, quotes or angle brackets, one
--     '@', at most 254 characters (what the coach and the emails take as one contact);
--   its session has started (starts_at <= now(), decided by the same UPDATE that takes the seat,
--     under the session's row lock, so a coach moving the session at that moment is seen);
--   the member's address is not verified (profiles.email_verified, written by the service role
--     only; no profile is no verified address), read in that same statement.
--
-- One function, the seat's AFTER INSERT trigger, holds them all: the row's own checks first
-- (the member can fix them), then the one UPDATE of the session whose WHERE is the rest (active,
-- not started, verified) and whose recount refuses a full session, as before. When it matches no
-- row, the reason is read back and named. A seat still cannot be given back after the start
-- (the delete policy, private.coaching_session_is_upcoming); the join link still works for those
-- registered before (coaching-join). Signups already stored are left as they are: the rules
-- apply to new ones (members never update a signup). The start and the verified address bind
-- every write through the API (SET ROLE anon, authenticated, service_role); the site owner's own
-- SQL (role none: the dashboard's table editor, fixtures of past sessions) is not held to them.

create or replace function private.coaching_seat_taken()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  session record;
  -- A write through the API (a member's own signup) meets every rule; the site owner's own SQL
  -- (the table editor, fixtures of history) may add a registrant to a session that has begun.
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
