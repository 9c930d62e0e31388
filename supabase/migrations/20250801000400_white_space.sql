-- "Trimmed" means what the site's trim() means: no white space of any kind at either end.
-- btrim(x) strips only spaces, so a tab or a line break at either end (an email pasted with a
-- newline, an idea padded with blank lines) passed the checks of the earlier migrations. The
-- checks now strip every character JavaScript's String.prototype.trim() strips.

-- The site's trim(): strips the characters JavaScript counts as white space or line terminators.
create function private.trim_js(value text)
returns text
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select pg_catalog.btrim(
    value,
    E' \t\n\u000b\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff'
  )
$$;

comment on function private.trim_js(text) is 'btrim of every character JavaScript''s String.prototype.trim() removes; used by the trimmed-value checks.';

-- The checks run as whoever inserts (visitors and members included), so they may execute it;
-- the schema stays closed to them (a check calls the function by its id, not by name).
revoke all on function private.trim_js(text) from public;
grant execute on function private.trim_js(text) to anon, authenticated, service_role;

alter table public.profiles
  drop constraint profiles_email_check,
  add constraint profiles_email_check check (email = lower(private.trim_js(email)) and position('@' in email) > 0);

alter table public.coaching_sessions
  drop constraint coaching_sessions_time_check,
  add constraint coaching_sessions_time_check check (private.trim_js(time) <> '');

alter table public.coaching_session_signups
  drop constraint coaching_session_signups_name_check,
  add constraint coaching_session_signups_name_check check (name <> '' and name = private.trim_js(name)),
  drop constraint coaching_session_signups_email_check,
  add constraint coaching_session_signups_email_check
    check (email = lower(private.trim_js(email)) and position('@' in email) > 0);

alter table public.community_ideas
  drop constraint community_ideas_name_check,
  add constraint community_ideas_name_check
    check (name is null or (name <> '' and name = private.trim_js(name) and char_length(name) <= 200)),
  drop constraint community_ideas_email_check,
  add constraint community_ideas_email_check
    check (email = lower(private.trim_js(email)) and position('@' in email) > 0 and char_length(email) <= 320),
  drop constraint community_ideas_idea_message_check,
  add constraint community_ideas_idea_message_check
    check (char_length(private.trim_js(idea_message)) >= 10 and char_length(idea_message) <= 5000);

alter table public.partnership_requests
  drop constraint partnership_requests_name_check,
  add constraint partnership_requests_name_check
    check (name <> '' and name = private.trim_js(name) and char_length(name) <= 200),
  drop constraint partnership_requests_email_check,
  add constraint partnership_requests_email_check
    check (email = lower(private.trim_js(email)) and position('@' in email) > 0 and char_length(email) <= 320),
  drop constraint partnership_requests_message_check,
  add constraint partnership_requests_message_check
    check (char_length(private.trim_js(message)) >= 20 and char_length(message) <= 5000);

alter table public.future_launch
  drop constraint future_launch_email_check,
  add constraint future_launch_email_check
    check (email = lower(private.trim_js(email)) and position('@' in email) > 0 and char_length(email) <= 320);

alter table public.monthly_newsletter
  drop constraint monthly_newsletter_email_check,
  add constraint monthly_newsletter_email_check
    check (email = lower(private.trim_js(email)) and position('@' in email) > 0 and char_length(email) <= 320);
