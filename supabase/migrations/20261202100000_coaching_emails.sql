-- The coaching emails (docs/decisions/email.md): a signup's confirmation, the day-before reminder
-- and the notice of a session the coach changed or cancelled, queued in email_outbox by the
-- database at the moment that decides who they are for.
--
-- 1. Three new kinds in email_outbox:
--      coaching_confirmation  ref: the signup's id (a seat given back and taken again is a new seat)
--      coaching_reminder      ref: the session's id (queued by the hourly run, not here)
--      coaching_change        ref: the coaching_session_changes row's id (a second change is a second email)
-- 2. coaching_session_signups.time_zone: the member's own IANA zone, as their browser says it
--    when they sign up, so every email about the seat gives the time on their clock too. Free
--    text the browser sends: only its shape is checked here (a zone Intl does not know is left
--    out of the email, never refused: a signup must not fail on it).
-- 3. A signup queues its confirmation in the same transaction as the row (a trigger, security
--    definer: the member's insert runs as `authenticated`, which reaches no part of the outbox).
--    The dashboard then asks the coaching-confirmation function to send it at once; the hourly
--    run sends what that call did not.
-- 4. A change of a session queues one notice per registrant in the transaction of the change:
--    cancelled and moved to everyone signed up at that moment; a new join link only to those
--    whose reminder (which carries the link) was already sent or may have been (sending, failed:
--    an attempt the provider may have accepted). The reminders of the session are locked while
--    they are read, so a sender claiming one waits for the change and then sends the new link.
-- 5. email_preferences gets the rules of every table members write (below).

alter table public.email_outbox drop constraint email_outbox_kind_check;
alter table public.email_outbox add constraint email_outbox_kind_check
  check (kind in ('purchase_confirmation', 'access_ending', 'coaching_confirmation', 'coaching_reminder', 'coaching_change'));

alter table public.coaching_session_signups
  add column time_zone text
    constraint coaching_session_signups_time_zone_check check (time_zone ~ '^[A-Za-z][A-Za-z0-9_+/-]{0,63}$');
comment on column public.coaching_session_signups.time_zone is 'The member''s IANA time zone when they signed up (their browser''s), for the time on their own clock in emails.';

grant insert (time_zone) on public.coaching_session_signups to authenticated;

create function private.coaching_signup_confirmation()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.email_outbox (kind, user_id, ref)
  values ('coaching_confirmation', new.user_id, new.id::text)
  on conflict on constraint email_outbox_key do nothing;
  return null;
end;
$$;
revoke all on function private.coaching_signup_confirmation() from public;

create trigger coaching_session_signups_confirmation
  after insert on public.coaching_session_signups
  for each row execute function private.coaching_signup_confirmation();

create function private.coaching_change_notices()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.kind in ('cancelled', 'moved') then
    insert into public.email_outbox (kind, user_id, ref)
    select 'coaching_change', s.user_id, new.id::text
    from public.coaching_session_signups s
    where s.session_id = new.session_id
    on conflict on constraint email_outbox_key do nothing;
  else
    with reminded as (
      select o.user_id, o.status
      from public.email_outbox o
      where o.kind = 'coaching_reminder' and o.ref = new.session_id::text
      for update
    )
    insert into public.email_outbox (kind, user_id, ref)
    select 'coaching_change', s.user_id, new.id::text
    from reminded r
    join public.coaching_session_signups s on s.user_id = r.user_id and s.session_id = new.session_id
    where r.status in ('sending', 'sent', 'failed')
    on conflict on constraint email_outbox_key do nothing;
  end if;
  return null;
end;
$$;
revoke all on function private.coaching_change_notices() from public;

create trigger coaching_session_changes_notices
  after insert on public.coaching_session_changes
  for each row execute function private.coaching_change_notices();

-- 5. email_preferences, a table members write, as every other: its member id is never blank
--    (white space alone included, through the site's trim), and a deleted member's id writes
--    nothing (the tombstone, as on every member table).
alter table public.email_preferences
  drop constraint email_preferences_user_id_check,
  add constraint email_preferences_user_id_check check (private.trim_js(user_id) <> '' and char_length(user_id) <= 128);

create trigger email_preferences_refuse_deleted_member before insert on public.email_preferences
  for each row execute function private.refuse_deleted_member('user_id');
