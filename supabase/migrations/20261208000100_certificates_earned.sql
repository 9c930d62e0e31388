-- Certificates earned on the server (issue 45): the database knows the course's lessons and who
-- may open them, accepts a progress row only for a lesson the member may open, issues one
-- certificate per member and course in one statement, revokes it when what gave the course is
-- refunded or lost in a dispute, and remembers (as a hash) the codes of deleted certificates.
--
-- private.course_lessons    the course's lessons (slug, place, title, free preview), listed here
--                           from src/content/course: a lesson added there needs a migration that
--                           adds its row; tests/course/certificate-lessons.db.test.ts fails with
--                           the missing or changed rows until it is written. A migration, not a
--                           seed: production runs migrations only, and the rule below must hold in
--                           the statement that writes a progress row (docs/decisions/course.md).
-- private.course_prices     the catalogue's prices that give a course: the course itself, the
--                           Founding Membership (every program for life), the Alchemist plan
--                           (while it entitles); the same test holds it to src/content/catalogue.json
--                           and the access model (src/core/access/access.ts).
-- private.member_has_course the content gate's rule in SQL: a paid purchase of the course or of
--                           the Founding Membership, not refunded and not disputed (open or lost),
--                           or an Alchemist subscription that entitles (active, trialing, past due)
--                           and is not disputed.
--
-- lesson_progress: a member inserts a row only for a lesson they may open (the free preview, or
-- any lesson of a course they have). The row-level policy decides, in the insert itself.
--
-- public.claim_certificate(member, course, name)   the service role's claim (POST /api/certificate):
--   an existing certificate is answered as it is; otherwise the course must be the member's and
--   every lesson complete (else what is still to do, by title, in course order); the row is then
--   written with insert ... on conflict do nothing, so five claims at once leave one certificate
--   and every claim answers that one. completed_at: the last lesson's completion.
-- public.certificate_by_code(code)   the public page's read: the name, course, dates and whether it
--   is revoked; 'gone' for a code whose certificate was deleted with its account; never an email.

create table private.course_lessons (
  course text not null,
  position integer not null constraint course_lessons_position_check check (position > 0),
  slug text primary key constraint course_lessons_slug_check check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 80),
  title text not null constraint course_lessons_title_check check (char_length(title) between 1 and 200),
  preview boolean not null default false,
  constraint course_lessons_place_key unique (course, position)
);
comment on table private.course_lessons is 'The lessons of each course, as src/content/course has them (kept in step by a test): which exist and which are the free preview.';

insert into private.course_lessons (course, position, slug, title, preview) values
  ('master-alchemist-course', 1, 'the-weather-inside', 'The Weather Inside', true),
  ('master-alchemist-course', 2, 'beyond-fine', 'Beyond Fine', false),
  ('master-alchemist-course', 3, 'the-feeling-under-the-feeling', 'The Feeling Under the Feeling', false),
  ('master-alchemist-course', 4, 'your-body-speaks-first', 'Your Body Speaks First', false),
  ('master-alchemist-course', 5, 'the-slow-breath', 'The Slow Breath', false),
  ('master-alchemist-course', 6, 'what-the-signal-is-asking-for', 'What the Signal Is Asking For', false),
  ('master-alchemist-course', 7, 'unpacking-the-backpack', 'Unpacking the Backpack', false),
  ('master-alchemist-course', 8, 'writing-what-was-never-said', 'Writing What Was Never Said', false),
  ('master-alchemist-course', 9, 'stones-that-were-never-yours', 'Stones That Were Never Yours', false),
  ('master-alchemist-course', 10, 'the-voice-of-shame', 'The Voice of Shame', false),
  ('master-alchemist-course', 11, 'shame-in-the-light', 'Shame in the Light', false),
  ('master-alchemist-course', 12, 'the-masks-we-wear', 'The Masks We Wear', false),
  ('master-alchemist-course', 13, 'talking-to-yourself-like-a-friend', 'Talking to Yourself Like a Friend', false),
  ('master-alchemist-course', 14, 'the-self-compassion-break', 'The Self-Compassion Break', false),
  ('master-alchemist-course', 15, 'when-you-fall-again', 'When You Fall Again', false),
  ('master-alchemist-course', 16, 'the-yes-that-means-no', 'The Yes That Means No', false),
  ('master-alchemist-course', 17, 'boundaries-with-warmth', 'Boundaries With Warmth', false),
  ('master-alchemist-course', 18, 'the-art-of-repair', 'The Art of Repair', false),
  ('master-alchemist-course', 19, 'what-your-pain-points-to', 'What Your Pain Points To', false),
  ('master-alchemist-course', 20, 'anger-as-a-compass', 'Anger as a Compass', false),
  ('master-alchemist-course', 21, 'finding-the-gold', 'Finding the Gold', false),
  ('master-alchemist-course', 22, 'small-brave-steps', 'Small Brave Steps', false),
  ('master-alchemist-course', 23, 'the-honest-conversation', 'The Honest Conversation', false),
  ('master-alchemist-course', 24, 'refilling-the-well', 'Refilling the Well', false),
  ('master-alchemist-course', 25, 'becoming-a-guide', 'Becoming a Guide', false),
  ('master-alchemist-course', 26, 'holding-space-without-carrying-it', 'Holding Space Without Carrying It', false),
  ('master-alchemist-course', 27, 'your-alchemy-map', 'Your Alchemy Map', false);

create table private.course_prices (
  course text not null,
  price_id text not null,
  gives text not null constraint course_prices_gives_check check (gives in ('course', 'founding', 'plan')),
  constraint course_prices_pkey primary key (course, price_id)
);
comment on table private.course_prices is 'The catalogue prices that give a course: the course (bought), the Founding Membership, the plan that includes it (kept in step with the catalogue by a test).';

insert into private.course_prices (course, price_id, gives) values
  ('master-alchemist-course', 'price_master_alchemist_course', 'course'),
  ('master-alchemist-course', 'price_founding_membership', 'founding'),
  ('master-alchemist-course', 'price_alchemist_monthly', 'plan');

-- Only the functions below read them (security definer); no API role reaches the private schema.
revoke all on private.course_lessons, private.course_prices from public;

-- The content gate's rule (src/core/access/access.ts through content-gate/decision.ts), in SQL.
create function private.member_has_course(member text, p_course text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.purchases p
    join private.course_prices c on c.price_id = p.price_id and c.course = p_course and c.gives in ('course', 'founding')
    where p.user_id = member and p.status = 'paid' and p.refunded_at is null
      and (p.dispute_status is null or p.dispute_status = 'won')
  ) or exists (
    select 1 from public.stripe_customers sc
    join public.stripe_subscriptions s on s.customer_id = sc.customer_id
    join private.course_prices c on c.price_id = s.price_id and c.course = p_course and c.gives = 'plan'
    where sc.user_id = member and s.subscription_status in ('active', 'trialing', 'past_due')
      and (s.dispute_status is null or s.dispute_status = 'won')
  );
$$;
revoke all on function private.member_has_course(text, text) from public;

-- A lesson the member may open: the free preview, or a lesson of a course they have.
create function private.member_may_open_lesson(member text, lesson text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from private.course_lessons l
    where l.slug = lesson and (l.preview or private.member_has_course(member, l.course))
  );
$$;
revoke all on function private.member_may_open_lesson(text, text) from public;
grant execute on function private.member_may_open_lesson(text, text) to authenticated;

drop policy "Members record their own lesson progress" on public.lesson_progress;
create policy "Members record their own progress in lessons they may open"
  on public.lesson_progress for insert to authenticated
  with check (
    member_id = (select auth.jwt()) ->> 'sub'
    and private.member_may_open_lesson(member_id, lesson_slug)
  );

-- The chosen name: white space of any kind (as the site trims it) is not a name.
alter table public.certificates
  add constraint certificates_name_not_blank check (private.trim_js(name) <> '');

-- The claim. Answers jsonb: { status: 'issued' | 'existing', certificate } or { status:
-- 'not_owned' } or { status: 'incomplete', to_do: [titles] } or { status: 'no_name' } (no name
-- given and none usable on the profile) or { status: 'unknown_course' }.
create function public.claim_certificate(member text, course text, name text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  p_course text := course;
  chosen text := name;
  mine public.certificates;
  total integer;
  done integer;
  last_done timestamptz;
  created boolean := true;
begin
  select * into mine from public.certificates c where c.member_id = member and c.course = p_course;
  if found then
    return jsonb_build_object('status', 'existing', 'certificate', to_jsonb(mine) - 'member_id' - 'id');
  end if;
  select count(*) into total from private.course_lessons l where l.course = p_course;
  if total = 0 then
    return jsonb_build_object('status', 'unknown_course');
  end if;
  if not private.member_has_course(member, p_course) then
    return jsonb_build_object('status', 'not_owned');
  end if;
  select count(*), max(p.completed_at) into done, last_done
  from public.lesson_progress p join private.course_lessons l on l.slug = p.lesson_slug and l.course = p_course
  where p.member_id = member;
  if done < total then
    return jsonb_build_object('status', 'incomplete', 'to_do', (
      select jsonb_agg(l.title order by l.position) from private.course_lessons l
      where l.course = p_course
        and not exists (select 1 from public.lesson_progress p where p.member_id = member and p.lesson_slug = l.slug)
    ));
  end if;
  if chosen is null then
    select pr.full_name into chosen from public.profiles pr where pr.id = member;
    if chosen is null or private.trim_js(chosen) = '' or char_length(chosen) > 100 then
      return jsonb_build_object('status', 'no_name');
    end if;
  end if;
  -- One statement decides: of claims at the same moment one inserts, the others wait for it and
  -- insert nothing, then read the row it wrote.
  insert into public.certificates as c (member_id, course, name, completed_at)
  values (member, p_course, chosen, last_done)
  on conflict on constraint certificates_one_per_course do nothing
  returning c.* into mine;
  if not found then
    created := false;
    select * into mine from public.certificates c where c.member_id = member and c.course = p_course;
  end if;
  return jsonb_build_object('status', case when created then 'issued' else 'existing' end, 'certificate', to_jsonb(mine) - 'member_id' - 'id');
end;
$$;
revoke all on function public.claim_certificate(text, text, text) from public, anon, authenticated;
grant execute on function public.claim_certificate(text, text, text) to service_role;

-- The codes of certificates deleted with their account, as hashes: the public page can say the
-- certificate is no longer available (rather than that it never existed) without keeping the
-- code, the name or the member.
create table private.deleted_certificates (
  code_hash text primary key,
  deleted_at timestamptz not null default now()
);
revoke all on private.deleted_certificates from public;

create function private.certificate_code_hash(code text)
returns text
language sql
immutable
strict
set search_path = ''
as $$
  select encode(pg_catalog.sha256(pg_catalog.convert_to(code, 'UTF8')), 'hex');
$$;
revoke all on function private.certificate_code_hash(text) from public;

create function private.certificates_remember_deleted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.deleted_certificates (code_hash) values (private.certificate_code_hash(old.code))
  on conflict (code_hash) do nothing;
  return null;
end;
$$;
revoke all on function private.certificates_remember_deleted() from public;

create trigger certificates_remember_deleted
  after delete on public.certificates
  for each row execute function private.certificates_remember_deleted();

-- The public page's read, by code: { status: 'valid' | 'revoked', name, course, completed_at,
-- issued_at } or { status: 'gone' } (deleted with its account) or { status: 'unknown' }.
create function public.certificate_by_code(code text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select jsonb_build_object('status', case when c.revoked_at is null then 'valid' else 'revoked' end,
                               'name', c.name, 'course', c.course, 'completed_at', c.completed_at, 'issued_at', c.issued_at)
       from public.certificates c where c.code = certificate_by_code.code),
    (select jsonb_build_object('status', 'gone') from private.deleted_certificates d
      where d.code_hash = private.certificate_code_hash(certificate_by_code.code)),
    jsonb_build_object('status', 'unknown')
  );
$$;
revoke all on function public.certificate_by_code(text) from public, anon, authenticated;
grant execute on function public.certificate_by_code(text) to service_role;

-- Revoked when what gave the course is refunded or lost in a dispute: in the statement that
-- records the refund (the webhook's update of the purchase) or the loss (the dispute's trigger
-- that marks the purchase or the subscription). A member who still has the course another way
-- (a second purchase, the Founding Membership, an Alchemist plan that entitles now) keeps it:
-- that access was paid for, and the certificate says only that the course was completed with it.
create function private.certificates_revoke_for_member(member text, price text, given_by text[])
returns void
language sql
security definer
set search_path = ''
as $$
  update public.certificates c set revoked_at = now()
  where c.member_id = member and c.revoked_at is null
    and c.course in (select cp.course from private.course_prices cp where cp.price_id = price and cp.gives = any (given_by))
    and not private.member_has_course(c.member_id, c.course);
$$;
revoke all on function private.certificates_revoke_for_member(text, text, text[]) from public;

create function private.purchases_revoke_certificates()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (new.status = 'refunded' and (tg_op = 'INSERT' or old.status is distinct from 'refunded'))
     or (new.dispute_status = 'lost' and (tg_op = 'INSERT' or old.dispute_status is distinct from 'lost')) then
    perform private.certificates_revoke_for_member(new.user_id, new.price_id, array['course', 'founding']);
  end if;
  return null;
end;
$$;
revoke all on function private.purchases_revoke_certificates() from public;

create trigger purchases_revoke_certificates
  after insert or update on public.purchases
  for each row execute function private.purchases_revoke_certificates();

create function private.stripe_subscriptions_revoke_certificates()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  member text;
begin
  if new.dispute_status = 'lost' and (tg_op = 'INSERT' or old.dispute_status is distinct from 'lost') and new.price_id is not null then
    select sc.user_id into member from public.stripe_customers sc where sc.customer_id = new.customer_id;
    if member is not null then
      perform private.certificates_revoke_for_member(member, new.price_id, array['plan']);
    end if;
  end if;
  return null;
end;
$$;
revoke all on function private.stripe_subscriptions_revoke_certificates() from public;

create trigger stripe_subscriptions_revoke_certificates
  after insert or update on public.stripe_subscriptions
  for each row execute function private.stripe_subscriptions_revoke_certificates();

-- The certificate's email (queued by the claim through the outbox).
alter table public.email_outbox drop constraint email_outbox_kind_check;
alter table public.email_outbox add constraint email_outbox_kind_check
  check (kind in ('purchase_confirmation', 'access_ending', 'coaching_confirmation', 'coaching_reminder', 'coaching_change',
                  'email_verification', 'password_reset', 'email_change', 'email_changed', 'certificate_issued'));
