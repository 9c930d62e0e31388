-- Members who opened a lesson (issue 44, "Course"; docs/decisions/owner.md, "Course:").
--
-- The content gate (GET /api/content/course/<lesson>) is the one place the server can prove a
-- member opened a paid lesson: it serves the lesson only to a signed-in member with access. When
-- it answers a paid lesson with 200 it calls public.course_count_opening, which records that a
-- member opened a lesson in that Berlin month (the month owner_numbers counts, m0 to m1). Only
-- what the count needs is stored, as the funnel's conversions are: a SHA-256 of the member's id
-- with the month as the key, and the month; no member id, no lesson, no time of day. A repeated
-- open, a retry or two opens at once find the key taken and change nothing (one statement).
-- Free previews are static pages and never reach the gate; a lesson the members' service worker
-- answers from its cache offline never reaches it either: neither is counted.

create table private.course_openings (
  key text primary key constraint course_openings_key_check check (key ~ '^[0-9a-f]{64}$'),
  month date not null constraint course_openings_month_check check (month = pg_catalog.date_trunc('month', month)::date)
);
comment on table private.course_openings is 'A member who opened a paid lesson of the course in a Berlin month, once: the key is a SHA-256 of the member''s id and the month. Service role only.';
alter table private.course_openings enable row level security;
create index course_openings_month_idx on private.course_openings (month);
grant select, insert on private.course_openings to service_role;

-- The member opened a paid lesson at `opened_at`: counted once in that Berlin month. True when
-- this call counted it, false when the member was counted that month before.
create function public.course_count_opening(member text, opened_at timestamptz)
returns boolean
language sql
strict
security invoker
set search_path = ''
as $$
  with opened as (
    select (pg_catalog.date_trunc('month', course_count_opening.opened_at at time zone 'Europe/Berlin'))::date as month
  ), counted as (
    insert into private.course_openings (key, month)
    select pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to('course-opening:' || course_count_opening.member || ':' || pg_catalog.to_char(o.month, 'YYYY-MM'), 'UTF8')), 'hex'), o.month
    from opened o
    on conflict on constraint course_openings_pkey do nothing
    returning true
  )
  select exists (select 1 from counted);
$$;
comment on function public.course_count_opening(text, timestamptz) is 'Counts a member who opened a paid lesson once in the Berlin month of opened_at (the content gate''s); service role only.';
revoke all on function public.course_count_opening(text, timestamptz) from public, anon, authenticated;
grant execute on function public.course_count_opening(text, timestamptz) to service_role;

-- The owner's other numbers as in 20261208200000_owner_lessons_known.sql, the course's first
-- figure changed: `members_opened`, the members who opened a paid lesson in the month (it was
-- `members_active`, the members who completed one). Lessons completed and members who finished
-- are as they were.
create or replace function private.owner_others(p_month date)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  m0 timestamptz := private.owner_month_start(p_month);
  m1 timestamptz := private.owner_month_start((pg_catalog.date_trunc('month', p_month::timestamp) + interval '1 month')::date);
  t1 timestamptz := least(m1, now());
  members jsonb;
  coaching jsonb;
  course jsonb;
  lounge jsonb;
  lesson_total bigint;
begin
  -- Members at the month's end: accounts made before it (deleted ones are gone), each by what it
  -- had then: a paying plan's tier, else the Founding Membership bought and not taken back, else
  -- Explorer.
  with accounts as (
    select pr.id,
           (select sp.plan_tier from private.owner_paying(t1) sp
              join public.stripe_customers c on c.customer_id = sp.customer_id
             where c.user_id = pr.id limit 1) as plan_tier,
           exists (select 1 from public.purchases pu
                    where pu.user_id = pr.id and pu.product_type = 'membership' and pu.status in ('paid', 'refunded')
                      and pu.purchased_at < t1
                      and (pu.refunded_at is null or pu.refunded_at >= t1)
                      and not (pu.dispute_status = 'lost' and pu.dispute_since < t1)) as founding,
           pr.created_at, pr.email_verified
    from public.profiles pr where pr.created_at < t1
  ), tiers as (
    select case when a.plan_tier in ('Adventurer', 'Alchemist') then a.plan_tier when a.founding then 'Founding' else 'Explorer' end as tier
    from accounts a
  )
  select jsonb_build_object(
    'by_tier', jsonb_build_object(
      'Explorer', private.owner_small_count((select count(*) from tiers where tier = 'Explorer')),
      'Adventurer', private.owner_small_count((select count(*) from tiers where tier = 'Adventurer')),
      'Alchemist', private.owner_small_count((select count(*) from tiers where tier = 'Alchemist')),
      'Founding', private.owner_small_count((select count(*) from tiers where tier = 'Founding'))),
    'total', private.owner_small_count((select count(*) from accounts)),
    'sign_ups', private.owner_small_count((select count(*) from accounts a where a.created_at >= m0)),
    'verified', private.owner_small_count((select count(*) from accounts a where a.created_at >= m0 and a.email_verified))
  ) into members;

  with held as (
    select s.id, s.max_spots from public.coaching_sessions s
    where s.cancelled_at is null and s.starts_at >= m0 and s.starts_at < m1 and s.starts_at <= now()
  ), seats as (
    select count(*) as taken,
           count(*) filter (where coalesce(g.attendance = 'joined', g.joined_at is not null)) as came
    from public.coaching_session_signups g join held h on h.id = g.session_id
  )
  select jsonb_build_object(
    'sessions_held', private.owner_small_count((select count(*) from held)),
    'seats_offered', private.owner_small_count((select coalesce(sum(max_spots), 0) from held)),
    'seats_taken', private.owner_small_count((select taken from seats)),
    'came', private.owner_small_count((select came from seats))
  ) into coaching;

  -- Opened: the members the content gate served a paid lesson in the month (one row a member a
  -- month, private.course_openings). Finished: every lesson of the course complete (the lessons
  -- the database knows, as the certificate's claim counts them), the last of them completed in
  -- the month. A course with no lessons listed has nobody finished.
  select pg_catalog.count(*) into lesson_total from private.course_lessons l where l.course = 'master-alchemist-course';
  select jsonb_build_object(
    'members_opened', private.owner_small_count((select count(*) from private.course_openings o where o.month = pg_catalog.date_trunc('month', p_month::timestamp)::date)),
    'lessons_completed', private.owner_small_count((select count(*) from public.lesson_progress lp where lp.completed_at >= m0 and lp.completed_at < m1)),
    'members_finished', private.owner_small_count((
      select count(*) from (
        select lp.member_id from public.lesson_progress lp
        join private.course_lessons l on l.slug = lp.lesson_slug and l.course = 'master-alchemist-course'
        group by lp.member_id
        having lesson_total > 0 and count(*) = lesson_total and max(lp.completed_at) >= m0 and max(lp.completed_at) < m1) f)),
    'lessons', lesson_total
  ) into course;

  select jsonb_build_object(
    'stillpoint', private.owner_small_count((select count(distinct x.user_id) from public.breathing_sessions x where x.finished_at >= m0 and x.finished_at < m1)),
    'the-bloom-book', private.owner_small_count((select count(distinct x.user_id) from public.bloom_pages x where x.created_at >= m0 and x.created_at < m1)),
    'whispers-before-sleep', private.owner_small_count((select count(distinct x.user_id) from public.story_places x where x.updated_at >= m0 and x.updated_at < m1)),
    'rise-mode', private.owner_small_count((select count(distinct x.user_id) from public.rise_days x where x.created_at >= m0 and x.created_at < m1)),
    'mindstage', private.owner_small_count((select count(distinct x.user_id) from public.rehearsals x where x.finished_at >= m0 and x.finished_at < m1)),
    'the-reset-room', private.owner_small_count((select count(distinct x.user_id) from public.resets x where x.finished_at >= m0 and x.finished_at < m1)),
    'any', private.owner_small_count((select count(distinct u) from (
      select user_id as u from public.breathing_sessions where finished_at >= m0 and finished_at < m1
      union select user_id from public.bloom_pages where created_at >= m0 and created_at < m1
      union select user_id from public.story_places where updated_at >= m0 and updated_at < m1
      union select user_id from public.rise_days where created_at >= m0 and created_at < m1
      union select user_id from public.rehearsals where finished_at >= m0 and finished_at < m1
      union select user_id from public.resets where finished_at >= m0 and finished_at < m1) a))
  ) into lounge;

  return jsonb_build_object('members', members, 'coaching', coaching, 'course', course, 'lounge', lounge);
end;
$$;
revoke all on function private.owner_others(date) from public;

-- The month's numbers, as before (same signature, body and grants); its comment names the openings.
create or replace function public.owner_numbers(p_month date)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'month', to_char(p_month, 'YYYY-MM'),
    'zone', 'Europe/Berlin',
    'money', private.owner_money(p_month),
    'money_before', private.owner_money((p_month - interval '1 month')::date)
  ) || private.owner_others(p_month)
$$;
comment on function public.owner_numbers(date) is 'The owner''s numbers of a month (aggregates, small counts hidden; the course''s lessons from private.course_lessons, its openings from private.course_openings); service role only.';
revoke all on function public.owner_numbers(date) from public, anon, authenticated;
grant execute on function public.owner_numbers(date) to service_role;
