-- Rapid Fire Coaching Live: the monthly sessions and the members' signups.

create table public.coaching_sessions (
  id uuid primary key default gen_random_uuid(),
  date date not null,
  time text not null constraint coaching_sessions_time_check check (btrim(time) <> ''),
  is_active boolean not null default true,
  spots_available integer not null,
  max_spots integer not null constraint coaching_sessions_max_spots_check check (max_spots > 0),
  created_at timestamptz not null default now(),
  constraint coaching_sessions_spots_available_check check (spots_available between 0 and max_spots)
);

comment on table public.coaching_sessions is 'Live sessions. Everyone reads the active ones; only the service role changes them. spots_available goes down with each signup (trigger).';

create index coaching_sessions_active_date_idx on public.coaching_sessions (date) where is_active;

create table public.coaching_session_signups (
  id uuid primary key default gen_random_uuid(),
  user_id text not null constraint coaching_session_signups_user_id_check check (user_id <> ''),
  session_id uuid not null
    constraint coaching_session_signups_session_id_fkey references public.coaching_sessions (id) on delete cascade,
  name text not null constraint coaching_session_signups_name_check check (name <> '' and name = btrim(name)),
  email text not null
    constraint coaching_session_signups_email_check check (email = lower(btrim(email)) and position('@' in email) > 0),
  created_at timestamptz not null default now(),
  -- One seat a member a session: a second signup fails with 23505 instead of taking a second spot.
  constraint coaching_session_signups_user_id_session_id_key unique (user_id, session_id)
);

comment on table public.coaching_session_signups is 'A member''s registration for a session. Members create and read only their own.';

create index coaching_session_signups_user_id_created_at_idx on public.coaching_session_signups (user_id, created_at desc);
create index coaching_session_signups_session_id_idx on public.coaching_session_signups (session_id);

alter table public.coaching_sessions enable row level security;
alter table public.coaching_session_signups enable row level security;

-- Active sessions for everyone; a member also keeps seeing a session they signed up for after it
-- is closed, so their dashboard still shows its date and time. No insert, update or delete
-- policy: only the service role changes sessions.
create policy "Anyone reads active sessions, members also their own"
  on public.coaching_sessions for select to anon, authenticated
  using (
    is_active
    or exists (
      select 1 from public.coaching_session_signups s
      where s.session_id = coaching_sessions.id
        and s.user_id = (select auth.jwt()->>'sub')
    )
  );

create policy "Members read their own signups"
  on public.coaching_session_signups for select to authenticated
  using (user_id = (select auth.jwt()->>'sub'));

create policy "Members sign themselves up"
  on public.coaching_session_signups for insert to authenticated
  with check (user_id = (select auth.jwt()->>'sub'));

-- A signup takes a spot: it is refused when the session is inactive or full, and decrements
-- spots_available in the same transaction (the session row is locked, so two members cannot
-- take the last spot together). Security definer because members may not update sessions.
create function private.take_coaching_spot()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  target record;
begin
  select s.is_active, s.spots_available into target
  from public.coaching_sessions s
  where s.id = new.session_id
  for update;

  if not found then
    raise exception 'coaching session % does not exist', new.session_id using errcode = '23503';
  end if;
  if not target.is_active then
    raise exception 'coaching session % is not open for signups', new.session_id using errcode = '23514';
  end if;
  if target.spots_available <= 0 then
    raise exception 'coaching session % is full', new.session_id using errcode = '23514';
  end if;

  update public.coaching_sessions set spots_available = spots_available - 1 where id = new.session_id;
  return new;
end;
$$;
revoke all on function private.take_coaching_spot() from public;

create trigger coaching_session_signups_take_spot
  before insert on public.coaching_session_signups
  for each row execute function private.take_coaching_spot();

-- A removed signup gives its spot back (only the service role deletes signups).
create function private.return_coaching_spot()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.coaching_sessions
  set spots_available = least(spots_available + 1, max_spots)
  where id = old.session_id;
  return old;
end;
$$;
revoke all on function private.return_coaching_spot() from public;

create trigger coaching_session_signups_return_spot
  after delete on public.coaching_session_signups
  for each row execute function private.return_coaching_spot();

-- Moving a signup to another session would bypass the spot count: delete and insert instead.
create function private.coaching_signup_session_is_fixed()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.session_id is distinct from old.session_id then
    raise exception 'a signup cannot move to another session; delete it and sign up again'
      using errcode = '23514';
  end if;
  return new;
end;
$$;
revoke all on function private.coaching_signup_session_is_fixed() from public;

create trigger coaching_session_signups_session_is_fixed
  before update on public.coaching_session_signups
  for each row execute function private.coaching_signup_session_is_fixed();
