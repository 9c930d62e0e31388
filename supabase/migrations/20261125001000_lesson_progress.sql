-- Lesson progress of the Master Alchemist Course (issue 20): one row per lesson a member has
-- marked complete. Members write their own rows through supabase-js under row-level security;
-- nothing else writes here. A double-clicked "Mark as complete" sends the insert twice: the
-- unique (member_id, lesson_slug) key and the site's `on conflict do nothing` keep one row,
-- settled by the database in one statement.
--
-- The member id is the Firebase uid (text, as everywhere); the lesson slug is the part of the
-- lesson's file name after `NN-` (src/content/course/<NN>-<slug>.md), the same as in the URL
-- /course/<slug>/. Both are bounded so no one can store a novel in a progress row.
-- Export (account-export) reads these rows; deleting the account deletes them.

create table public.lesson_progress (
  member_id text not null
    constraint lesson_progress_member_id_check check (char_length(member_id) between 1 and 128),
  lesson_slug text not null
    constraint lesson_progress_lesson_slug_check check (lesson_slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(lesson_slug) <= 80),
  completed_at timestamptz not null default now(),
  constraint lesson_progress_pkey primary key (member_id, lesson_slug)
);

comment on table public.lesson_progress is 'Lessons of the Master Alchemist Course a member has marked complete (their own rows only).';

alter table public.lesson_progress enable row level security;

create policy "Members read their own lesson progress"
  on public.lesson_progress for select to authenticated
  using (member_id = (select auth.jwt()) ->> 'sub');

create policy "Members record their own lesson progress"
  on public.lesson_progress for insert to authenticated
  with check (member_id = (select auth.jwt()) ->> 'sub');

-- Exactly what the site does: a member reads their rows and inserts one (member and lesson;
-- the time is the database's). The functions read them for the export and delete them with
-- the account. Nobody updates a row.
grant select, insert (member_id, lesson_slug) on public.lesson_progress to authenticated;
grant select, delete on public.lesson_progress to service_role;
