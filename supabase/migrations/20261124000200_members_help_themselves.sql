-- Members help themselves: giving a coaching seat back, and the service role's part in deleting
-- an account and exporting a member's data (the account-delete and account-export functions).

-- A member gives back a seat: they delete their own signup for a session dated today or later
-- (a past session's signup is history and stays). Deleting returns the seat to
-- spots_available through the existing trigger coaching_session_signups_return_spot, which
-- updates (and so locks) the session row just as take_coaching_spot does when a seat is taken.
grant delete on public.coaching_session_signups to authenticated;

-- The session's date is read by a security-definer function: a policy on the signups that read
-- coaching_sessions under its own policy (which reads the signups) would recurse.
create function private.coaching_session_is_upcoming(session uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.coaching_sessions s where s.id = session and s.date >= current_date);
$$;
revoke all on function private.coaching_session_is_upcoming(uuid) from public;
grant execute on function private.coaching_session_is_upcoming(uuid) to authenticated;

create policy "Members give back their own future seats"
  on public.coaching_session_signups for delete to authenticated
  using (
    user_id = (select auth.jwt()) ->> 'sub'
    and private.coaching_session_is_upcoming(session_id)
  );

-- Returning a seat locks the session row first, like taking one, so a seat given back and a
-- seat taken at the same moment are counted one after the other; never above max_spots.
create or replace function private.return_coaching_spot()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform 1 from public.coaching_sessions s where s.id = old.session_id for update;
  update public.coaching_sessions
  set spots_available = least(spots_available + 1, max_spots)
  where id = old.session_id;
  return old;
end;
$$;
revoke all on function private.return_coaching_spot() from public;

-- Deleting an account (service role): the profile, the signups (their seats return), the
-- Stripe customer row (and, by its cascade, the subscription row) go; purchases stay with the member id replaced
-- (update, already granted). Exporting reads the signups.
grant select, delete on public.coaching_session_signups to service_role;
grant delete on public.profiles to service_role;
grant delete on public.stripe_customers to service_role; -- its subscription row goes with it (on delete cascade)
