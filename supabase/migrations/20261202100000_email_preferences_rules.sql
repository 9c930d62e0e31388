-- The members' email choices (email_preferences, 20261126000000_email.sql) follow the rules every
-- member table keeps since 20261201100000_member_text_and_row_caps.sql and
-- 20261201130000_deleted_members.sql, which were written beside it:
--   the member's id    private.trim_js(id) <> '' and at most 128 characters (no white space alone);
--   a deleted member   adds nothing: an insert for a deleted account is refused (42501).

alter table public.email_preferences
  drop constraint email_preferences_user_id_check,
  add constraint email_preferences_user_id_check check (private.trim_js(user_id) <> '' and length(user_id) <= 128);

create trigger email_preferences_refuse_deleted_member before insert on public.email_preferences
  for each row execute function private.refuse_deleted_member('user_id');
