-- What members write: no blank text, and no endless rows.
--
-- Blank text. Six columns members write checked `btrim(x) <> ''`, and btrim strips spaces only:
-- an intention, a statement or a scenario made of a line break and a tab was stored. Every
-- column a member writes now refuses blank text through the site's one trim function,
-- private.trim_js (20250801000400_white_space.sql: what JavaScript's trim() strips):
--   required text      private.trim_js(x) <> ''                 (an intention, a statement, a scene)
--   optional text      x = '' or private.trim_js(x) <> ''       ('' is "none"; white space alone is not text)
--   the member's id    private.trim_js(id) <> ''                (and at most 128 characters, a Firebase uid)
--   their name         null, or not blank and at most 200 characters (auth-sync's limit)
-- The other columns members write hold values from a list or a pattern (a pattern id, a slug, an
-- email), which refuse blank text already. tests/db/member-text.db.test.ts lists every text
-- column a member may write and proves each refuses '\n\t' wherever it refuses ''.
--
-- Endless rows. Nothing bounded how many rows one member adds. Each table a member adds rows to
-- now has a cap, checked by a trigger before the insert (private.member_row_cap), which counts the
-- member's rows under a transaction lock on (table, member), so two inserts at the same moment
-- are counted one after the other and never pass the cap together:
--   rise_statements       100 own statements
--   rehearsal_scenarios   50 own scenes
--   story_places          100 stories (there are 8)
--   lesson_progress       100 lessons (there are 27)
--   breathing_sessions    100 sessions in any 24 hours
--   rehearsals            50 rehearsals in any 24 hours
--   resets                50 resets in any 24 hours
-- and the day-keyed tables (bloom_pages and rise_days: one row a day already) take no day still
-- to come (the member's own today may be a day ahead of UTC, never two), so their rows are
-- bounded by the days since 2024. A refusal raises SQLSTATE IA429 with a message written for the
-- member, which the apps show through their save-failure path (src/core/db/result.ts, kind
-- 'limit'); tests/db/member-row-caps.db.test.ts holds each cap.
--
-- Rows stored before this migration that the new checks refuse are made to fit first: white space
-- alone in an optional field becomes '' (nothing is lost), a blank name becomes none and a longer
-- one is cut at 200 characters, and a row whose required text is only white space (it says
-- nothing) is deleted, as is a journal page left with nothing on it.

-- Blank text ------------------------------------------------------------------------------------

-- The Bloom Book: a page holds something other than white space.
alter table public.bloom_pages drop constraint bloom_pages_not_empty_check;
update public.bloom_pages set gratitude_1 = '' where gratitude_1 <> '' and private.trim_js(gratitude_1) = '';
update public.bloom_pages set gratitude_2 = '' where gratitude_2 <> '' and private.trim_js(gratitude_2) = '';
update public.bloom_pages set gratitude_3 = '' where gratitude_3 <> '' and private.trim_js(gratitude_3) = '';
update public.bloom_pages set answer = '' where answer <> '' and private.trim_js(answer) = '';
update public.bloom_pages set prompt_text = '' where prompt_text <> '' and private.trim_js(prompt_text) = '';
delete from public.bloom_pages where gratitude_1 = '' and gratitude_2 = '' and gratitude_3 = '' and answer = '';
alter table public.bloom_pages
  drop constraint bloom_pages_user_id_check,
  add constraint bloom_pages_user_id_check check (private.trim_js(user_id) <> '' and length(user_id) <= 128),
  drop constraint bloom_pages_gratitude_1_check,
  add constraint bloom_pages_gratitude_1_check check ((gratitude_1 = '' or private.trim_js(gratitude_1) <> '') and length(gratitude_1) <= 1000),
  drop constraint bloom_pages_gratitude_2_check,
  add constraint bloom_pages_gratitude_2_check check ((gratitude_2 = '' or private.trim_js(gratitude_2) <> '') and length(gratitude_2) <= 1000),
  drop constraint bloom_pages_gratitude_3_check,
  add constraint bloom_pages_gratitude_3_check check ((gratitude_3 = '' or private.trim_js(gratitude_3) <> '') and length(gratitude_3) <= 1000),
  drop constraint bloom_pages_prompt_text_check,
  add constraint bloom_pages_prompt_text_check check ((prompt_text = '' or private.trim_js(prompt_text) <> '') and length(prompt_text) <= 300),
  drop constraint bloom_pages_answer_check,
  add constraint bloom_pages_answer_check check ((answer = '' or private.trim_js(answer) <> '') and length(answer) <= 4000),
  add constraint bloom_pages_not_empty_check check (gratitude_1 <> '' or gratitude_2 <> '' or gratitude_3 <> '' or answer <> '');

-- Rise Mode: the day's intention is text; the statement, the brave action and the note are text or none.
alter table public.rise_days drop constraint rise_days_intention_check;
delete from public.rise_days where private.trim_js(intention) = '';
update public.rise_days set statement_text = '' where statement_text <> '' and private.trim_js(statement_text) = '';
update public.rise_days set brave_action = '' where brave_action <> '' and private.trim_js(brave_action) = '';
update public.rise_days set note = '' where note <> '' and private.trim_js(note) = '';
alter table public.rise_days
  drop constraint rise_days_user_id_check,
  add constraint rise_days_user_id_check check (private.trim_js(user_id) <> '' and length(user_id) <= 128),
  add constraint rise_days_intention_check check (private.trim_js(intention) <> '' and length(intention) <= 300),
  drop constraint rise_days_statement_text_check,
  add constraint rise_days_statement_text_check check ((statement_text = '' or private.trim_js(statement_text) <> '') and length(statement_text) <= 300),
  drop constraint rise_days_brave_action_check,
  add constraint rise_days_brave_action_check check ((brave_action = '' or private.trim_js(brave_action) <> '') and length(brave_action) <= 300),
  drop constraint rise_days_note_check,
  add constraint rise_days_note_check check ((note = '' or private.trim_js(note) <> '') and length(note) <= 1000);

alter table public.rise_statements drop constraint rise_statements_text_check;
delete from public.rise_statements where private.trim_js(text) = '';
alter table public.rise_statements
  drop constraint rise_statements_user_id_check,
  add constraint rise_statements_user_id_check check (private.trim_js(user_id) <> '' and length(user_id) <= 128),
  add constraint rise_statements_text_check check (private.trim_js(text) <> '' and length(text) <= 300);

-- Mindstage: every part of an own scene is text.
alter table public.rehearsal_scenarios
  drop constraint rehearsal_scenarios_title_check,
  drop constraint rehearsal_scenarios_scene_check,
  drop constraint rehearsal_scenarios_going_well_check,
  drop constraint rehearsal_scenarios_coping_check;
delete from public.rehearsal_scenarios
where private.trim_js(title) = '' or private.trim_js(scene) = '' or private.trim_js(going_well) = '' or private.trim_js(coping) = '';
alter table public.rehearsal_scenarios
  drop constraint rehearsal_scenarios_user_id_check,
  add constraint rehearsal_scenarios_user_id_check check (private.trim_js(user_id) <> '' and length(user_id) <= 128),
  add constraint rehearsal_scenarios_title_check check (private.trim_js(title) <> '' and length(title) <= 120),
  add constraint rehearsal_scenarios_scene_check check (private.trim_js(scene) <> '' and length(scene) <= 1000),
  add constraint rehearsal_scenarios_going_well_check check (private.trim_js(going_well) <> '' and length(going_well) <= 1000),
  add constraint rehearsal_scenarios_coping_check check (private.trim_js(coping) <> '' and length(coping) <= 1000);

-- The other tables members add to: their id is never blank.
alter table public.breathing_sessions
  drop constraint breathing_sessions_user_id_check,
  add constraint breathing_sessions_user_id_check check (private.trim_js(user_id) <> '' and length(user_id) <= 128);
alter table public.story_places
  drop constraint story_places_user_id_check,
  add constraint story_places_user_id_check check (private.trim_js(user_id) <> '' and length(user_id) <= 128);
alter table public.rehearsals
  drop constraint rehearsals_user_id_check,
  add constraint rehearsals_user_id_check check (private.trim_js(user_id) <> '' and length(user_id) <= 128);
alter table public.resets
  drop constraint resets_user_id_check,
  add constraint resets_user_id_check check (private.trim_js(user_id) <> '' and length(user_id) <= 128);
alter table public.lesson_progress
  drop constraint lesson_progress_member_id_check,
  add constraint lesson_progress_member_id_check check (private.trim_js(member_id) <> '' and char_length(member_id) <= 128);
alter table public.coaching_session_signups
  drop constraint coaching_session_signups_user_id_check,
  add constraint coaching_session_signups_user_id_check check (private.trim_js(user_id) <> '' and char_length(user_id) <= 128);

-- The profile: a member's name is text or none, at most 200 characters.
update public.profiles set full_name = null where full_name is not null and private.trim_js(full_name) = '';
update public.profiles set full_name = left(full_name, 200) where char_length(full_name) > 200;
alter table public.profiles
  drop constraint profiles_id_check,
  add constraint profiles_id_check check (private.trim_js(id) <> '' and char_length(id) <= 128),
  add constraint profiles_full_name_check check (full_name is null or (private.trim_js(full_name) <> '' and char_length(full_name) <= 200));

-- Row caps -----------------------------------------------------------------------------------

-- How many rows one member may add to a table: TG_ARGV[0] the member column, [1] the most rows,
-- [2] the time column when the cap is for any 24 hours ('' for all the member's rows), [3] the
-- key column of a table written by upsert ('' for none: a row whose key the member has already
-- is an update, never one more), [4] the message the member reads. The member's rows are counted
-- under a transaction-scoped lock on the table and member, taken before the count, so concurrent
-- inserts wait for each other. Runs as the member: row-level security shows them their own rows,
-- the ones counted.
create function private.member_row_cap()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  member_column text := tg_argv[0];
  most integer := tg_argv[1]::integer;
  time_column text := tg_argv[2];
  key_column text := tg_argv[3];
  message text := tg_argv[4];
  member text;
  known boolean := false;
  counted integer;
begin
  execute format('select ($1).%I::text', member_column) into member using new;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended(tg_table_name || ':' || member, 0));
  if key_column <> '' then
    execute format('select exists (select 1 from %I.%I where %I = $1 and %I = ($2).%I)',
                   tg_table_schema, tg_table_name, member_column, key_column, key_column)
      into known using member, new;
    if known then
      return new;
    end if;
  end if;
  if time_column = '' then
    execute format('select count(*) from %I.%I where %I = $1', tg_table_schema, tg_table_name, member_column)
      into counted using member;
  else
    execute format('select count(*) from %I.%I where %I = $1 and %I > pg_catalog.now() - interval ''24 hours''',
                   tg_table_schema, tg_table_name, member_column, time_column)
      into counted using member;
  end if;
  if counted >= most then
    raise exception '%', message using errcode = 'IA429', detail = format('%s: at most %s rows a member', tg_table_name, most);
  end if;
  return new;
end;
$$;
revoke all on function private.member_row_cap() from public;

create trigger rise_statements_row_cap
  before insert on public.rise_statements
  for each row execute function private.member_row_cap('user_id', '100', '', '',
    'You have 100 statements of your own, as many as Rise Mode keeps. Remove one you no longer need, then add this one.');

create trigger rehearsal_scenarios_row_cap
  before insert on public.rehearsal_scenarios
  for each row execute function private.member_row_cap('user_id', '50', '', '',
    'You have added 50 scenes of your own, as many as Mindstage keeps. You can rehearse any of them again from your list.');

create trigger story_places_row_cap
  before insert on public.story_places
  for each row execute function private.member_row_cap('user_id', '100', '', 'story',
    'Whispers Before Sleep keeps your place in up to 100 stories, and this one would be one more.');

create trigger lesson_progress_row_cap
  before insert on public.lesson_progress
  for each row execute function private.member_row_cap('member_id', '100', '', 'lesson_slug',
    'Your progress holds up to 100 lessons, and this one would be one more.');

create trigger breathing_sessions_row_cap
  before insert on public.breathing_sessions
  for each row execute function private.member_row_cap('user_id', '100', 'finished_at', '',
    'You have finished 100 breathing sessions in the last 24 hours, as many as Stillpoint records in a day. Keep breathing as long as you like; this one is not added to your history.');

create trigger rehearsals_row_cap
  before insert on public.rehearsals
  for each row execute function private.member_row_cap('user_id', '50', 'finished_at', '',
    'You have finished 50 rehearsals in the last 24 hours, as many as Mindstage records in a day, so this one is not added to your history. Tomorrow it counts again.');

create trigger resets_row_cap
  before insert on public.resets
  for each row execute function private.member_row_cap('user_id', '50', 'finished_at', '',
    'You have finished 50 resets in the last 24 hours, as many as The Reset Room records in a day, so this one is not added to your history. Tomorrow it counts again.');

-- A day-keyed row is for today or an earlier day: the member's own today is at most one day
-- ahead of the date in UTC (time zones reach UTC+14), never two. TG_ARGV[0] is the message.
create function private.member_day_not_ahead()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.day > (pg_catalog.now() at time zone 'utc')::date + 1 then
    raise exception '%', tg_argv[0] using errcode = 'IA429', detail = format('%s: day %s is still to come', tg_table_name, new.day);
  end if;
  return new;
end;
$$;
revoke all on function private.member_day_not_ahead() from public;

create trigger bloom_pages_day_not_ahead
  before insert or update of day on public.bloom_pages
  for each row execute function private.member_day_not_ahead(
    'A page can be written for today or a day gone by, not for a day still to come. Check the date on your device, then save again.');

create trigger rise_days_day_not_ahead
  before insert or update of day on public.rise_days
  for each row execute function private.member_day_not_ahead(
    'A day can be started today or looked back on, not started ahead of time. Check the date on your device, then save again.');
