-- Who came to a coaching session (issue 46, read by the owner's numbers of issue 44).
--
-- coaching_session_signups.joined_at: when the member was first answered the session's join link
--   (netlify/functions/coaching-join.mts), by the server's clock; set once, in one statement
--   (`... where joined_at is null`), never moved by a later use.
-- coaching_session_signups.attendance: the coach's correction on /coach, 'joined' or 'absent'
--   (null: no correction). Whether a registrant came is therefore
--     coalesce(attendance = 'joined', joined_at is not null)
--   the coach's word first, else the join link's first use.
--
-- Only the service role writes either column (members insert a list of named columns, which
-- does not include them, and update nothing).

alter table public.coaching_session_signups
  add column joined_at timestamptz,
  add column attendance text
    constraint coaching_session_signups_attendance_check check (attendance in ('joined', 'absent'));
comment on column public.coaching_session_signups.joined_at is 'First time the member was answered the join link (server clock); set once.';
comment on column public.coaching_session_signups.attendance is 'The coach''s correction: joined or absent; null when the coach said nothing.';

grant update (joined_at, attendance) on public.coaching_session_signups to service_role;
