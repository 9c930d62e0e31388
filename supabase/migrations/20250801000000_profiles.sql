-- Member profiles, one a Firebase user. User ids are Firebase uids: text, not uuid, and every
-- policy compares them with (select auth.jwt()->>'sub'), never auth.uid() (which casts to uuid).
--
-- Written for Supabase's defaults: anon and authenticated hold every privilege on public tables,
-- so row-level security is the only guard; service_role bypasses it (the functions write with it).

-- Trigger functions live outside the schemas the API exposes.
create schema if not exists private;
revoke all on schema private from public;

create table public.profiles (
  id text primary key constraint profiles_id_check check (id <> ''),
  email text not null constraint profiles_email_check check (email = lower(btrim(email)) and position('@' in email) > 0),
  full_name text,
  membership_tier text not null default 'Explorer'
    constraint profiles_membership_tier_check check (membership_tier in ('Explorer', 'Adventurer', 'Alchemist')),
  project_id text,
  created_at timestamptz not null default now()
);

comment on table public.profiles is 'One row a member, mirrored from Firebase Auth. Members create theirs as Explorer; tier and project id change only through the service role.';

alter table public.profiles enable row level security;

create policy "Members read their own profile"
  on public.profiles for select to authenticated
  using (id = (select auth.jwt()->>'sub'));

create policy "Members create their own Explorer profile"
  on public.profiles for insert to authenticated
  with check (
    id = (select auth.jwt()->>'sub')
    and membership_tier = 'Explorer'
    and project_id is null
  );

create policy "Members update their own profile"
  on public.profiles for update to authenticated
  using (id = (select auth.jwt()->>'sub'))
  with check (id = (select auth.jwt()->>'sub'));

-- A policy cannot compare the new row with the old one, so this trigger does: through the API
-- (roles anon and authenticated) only full_name may change. The service role and the database
-- owner may change anything (tier upgrades come from the payment webhook).
create function private.profiles_member_update_guard()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated')
     and (new.id, new.email, new.membership_tier, new.project_id, new.created_at)
         is distinct from (old.id, old.email, old.membership_tier, old.project_id, old.created_at) then
    raise exception 'members may change only their full name'
      using errcode = '42501', hint = 'The membership tier and project id are set by the site, not by members.';
  end if;
  return new;
end;
$$;
revoke all on function private.profiles_member_update_guard() from public;

create trigger profiles_member_update_guard
  before update on public.profiles
  for each row execute function private.profiles_member_update_guard();
