-- An outbox nobody can flood or starve (issue 42, point 3; docs/decisions/email.md).
--
-- The hourly run took the 100 oldest pending rows. Each signup-and-give-back loop left a pending
-- confirmation, so a few thousand junk rows pushed every reminder past its session; and a failed
-- row was retried without the 24 hours the provider's idempotency key covers. Now:
--
-- 1. A confirmation whose signup is given back before it was sent is dropped (status 'skipped',
--    in the statement that deletes the signup): nobody sends it.
-- 2. Per member, at most 5 coaching confirmations are queued in any 24 hours (counted by the
--    rows' created_at, the database's clock, under a lock on the member, so racing signups count
--    one after the other). A signup past that still holds its seat (the dashboard shows it); it
--    is only not confirmed by email.
-- 3. priority: what is due by a time comes first. Reminders and change notices (0) are due
--    before their session; purchase and access notes (1) are sent at once by the webhook and
--    only their retries wait here; signup confirmations (2) are the rows a member makes by
--    themselves. The hourly run takes rows by (priority, created_at).
-- 4. first_attempt_at: when a message was first handed to the provider, the start of the 24
--    hours its idempotency key (the row's id) is remembered. The senders retry a row only within
--    that window; after it the row is given up, logged once, never sent twice. Rows tried before
--    this migration are dated by created_at, the earliest their first attempt can have been (and
--    the senders read a row tried without one the same way).

-- 1 ------------------------------------------------------------------------------------------
create function private.coaching_confirmation_dropped()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.email_outbox
  set status = 'skipped', last_error = 'the seat was given back before it was sent'
  where kind = 'coaching_confirmation' and user_id = old.user_id and ref = old.id::text and status in ('pending', 'failed');
  return null;
end;
$$;
revoke all on function private.coaching_confirmation_dropped() from public;

create trigger coaching_session_signups_confirmation_dropped
  after delete on public.coaching_session_signups
  for each row execute function private.coaching_confirmation_dropped();

-- 2 ------------------------------------------------------------------------------------------
create or replace function private.coaching_signup_confirmation()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('coaching_confirmation:' || new.user_id, 0));
  insert into public.email_outbox (kind, user_id, ref)
  select 'coaching_confirmation', new.user_id, new.id::text
  where (select count(*) from public.email_outbox o
         where o.kind = 'coaching_confirmation' and o.user_id = new.user_id
           and o.created_at > pg_catalog.now() - interval '24 hours') < 5
  on conflict on constraint email_outbox_key do nothing;
  return null;
end;
$$;

-- 3 ------------------------------------------------------------------------------------------
alter table public.email_outbox
  add column priority integer not null default 1 constraint email_outbox_priority_check check (priority between 0 and 2);
comment on column public.email_outbox.priority is 'The order the hourly run sends in: 0 due by a time (reminders, change notices), 1 the rest, 2 signup confirmations (made by members themselves). Written from kind by a trigger.';

create function private.email_outbox_priority()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.priority := case new.kind when 'coaching_reminder' then 0 when 'coaching_change' then 0 when 'coaching_confirmation' then 2 else 1 end;
  return new;
end;
$$;
revoke all on function private.email_outbox_priority() from public;

create trigger email_outbox_priority
  before insert or update of kind, priority on public.email_outbox
  for each row execute function private.email_outbox_priority();

update public.email_outbox set priority = 1;

drop index public.email_outbox_unsent_idx;
create index email_outbox_unsent_idx on public.email_outbox (priority, created_at) where status in ('pending', 'sending', 'failed');

-- 4 ------------------------------------------------------------------------------------------
alter table public.email_outbox add column first_attempt_at timestamptz;
update public.email_outbox set first_attempt_at = created_at where attempts > 0;
comment on column public.email_outbox.first_attempt_at is 'When the message was first handed to the provider: its idempotency key is remembered for 24 hours from then, and it is never retried after.';
