-- Deleted accounts stay deleted. After "Delete my account" the member's rows are gone, but their
-- sign-in token stays valid for up to an hour and Stripe keeps sending events about them: a late
-- or retried checkout.session.completed re-created their stripe_customers row or wrote a purchase
-- under their uid, and auth-sync (or the browser, straight to the Data API) re-created their
-- profile. account-delete now leaves a tombstone: the SHA-256 of the uid (tied to no one without
-- the uid itself), readable and writable by the service role only. The webhook and auth-sync
-- consult it, and so does the database, in the statement that writes, whoever writes:
--
--   the member's own tables     an insert for a deleted member is refused (42501)
--   stripe_customers            a row for a deleted member is not written (the insert is skipped)
--   purchases                   a purchase of a deleted member is kept without their id:
--                               'deleted:' + md5(uid), as account-delete anonymises the others

create table public.deleted_members (
  uid_sha256 text primary key constraint deleted_members_uid_sha256_check check (uid_sha256 ~ '^[0-9a-f]{64}$'),
  deleted_at timestamptz not null default now()
);

comment on table public.deleted_members is 'Tombstones of deleted accounts: the SHA-256 of the member''s uid. Only the service role reads or writes them.';

alter table public.deleted_members enable row level security;
grant select, insert on public.deleted_members to service_role;

-- The tombstone of a uid (hex SHA-256 of its UTF-8 bytes; netlify/functions/_shared/deleted-members.ts makes the same).
create function private.member_hash(uid text)
returns text
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(uid, 'UTF8')), 'hex')
$$;
revoke all on function private.member_hash(text) from public;

-- Whether the uid's account was deleted. Security definer: it runs for members' own writes, and
-- only the service role may read the tombstones.
create function private.is_deleted_member(uid text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.deleted_members d where d.uid_sha256 = private.member_hash(uid))
$$;
revoke all on function private.is_deleted_member(text) from public;

-- A deleted member adds nothing: TG_ARGV[0] is the column holding the member's id.
create function private.refuse_deleted_member()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  member text;
begin
  execute format('select ($1).%I::text', tg_argv[0]) into member using new;
  if private.is_deleted_member(member) then
    raise exception 'this account was deleted' using errcode = '42501', detail = format('%s: the member deleted their account', tg_table_name);
  end if;
  return new;
end;
$$;
revoke all on function private.refuse_deleted_member() from public;

create trigger profiles_refuse_deleted_member before insert on public.profiles
  for each row execute function private.refuse_deleted_member('id');
create trigger coaching_session_signups_refuse_deleted_member before insert on public.coaching_session_signups
  for each row execute function private.refuse_deleted_member('user_id');
create trigger lesson_progress_refuse_deleted_member before insert on public.lesson_progress
  for each row execute function private.refuse_deleted_member('member_id');
create trigger breathing_sessions_refuse_deleted_member before insert on public.breathing_sessions
  for each row execute function private.refuse_deleted_member('user_id');
create trigger bloom_pages_refuse_deleted_member before insert on public.bloom_pages
  for each row execute function private.refuse_deleted_member('user_id');
create trigger story_places_refuse_deleted_member before insert on public.story_places
  for each row execute function private.refuse_deleted_member('user_id');
create trigger rise_days_refuse_deleted_member before insert on public.rise_days
  for each row execute function private.refuse_deleted_member('user_id');
create trigger rise_statements_refuse_deleted_member before insert on public.rise_statements
  for each row execute function private.refuse_deleted_member('user_id');
create trigger rehearsal_scenarios_refuse_deleted_member before insert on public.rehearsal_scenarios
  for each row execute function private.refuse_deleted_member('user_id');
create trigger rehearsals_refuse_deleted_member before insert on public.rehearsals
  for each row execute function private.refuse_deleted_member('user_id');
create trigger resets_refuse_deleted_member before insert on public.resets
  for each row execute function private.refuse_deleted_member('user_id');

-- Stripe's late events never bring a deleted member's customer back: the row is skipped.
create function private.stripe_customers_skip_deleted_member()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.is_deleted_member(new.user_id) then
    return null;
  end if;
  return new;
end;
$$;
revoke all on function private.stripe_customers_skip_deleted_member() from public;

create trigger stripe_customers_skip_deleted_member
  before insert or update of user_id on public.stripe_customers
  for each row execute function private.stripe_customers_skip_deleted_member();

-- A purchase of a deleted member (a payment completed after the deletion, or a retried event
-- about an older one) is kept for the books, tied to no one.
create function private.purchases_anonymise_deleted_member()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.user_id not like 'deleted:%' and private.is_deleted_member(new.user_id) then
    new.user_id := 'deleted:' || pg_catalog.md5(new.user_id);
  end if;
  return new;
end;
$$;
revoke all on function private.purchases_anonymise_deleted_member() from public;

create trigger purchases_anonymise_deleted_member
  before insert or update of user_id on public.purchases
  for each row execute function private.purchases_anonymise_deleted_member();
