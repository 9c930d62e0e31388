-- Certificates of a completed course (issue 45): the table both halves of the work build on.
-- The rules that decide who gets one (all lessons complete, the course owned, one per member
-- and course decided in one statement), revocation and deletion come in later migrations of
-- the same issue (20261208xxxxxx).
--
-- code: the certificate's public id in /verify/<code> and /api/certificate/<code>: 128 random
--   bits as 26 lowercase base32 characters would do; here 32 hex digits from gen_random_uuid()
--   (122 random bits), which no one can guess or enumerate.
-- name: the name the member chose when they claimed it (shown as text, never as markup).
-- completed_at: when the last lesson was completed (the server's rows, not the device's clock).
-- revoked_at: set when what gave the member the course was refunded or lost in a dispute.

create table public.certificates (
  id uuid primary key default gen_random_uuid(),
  code text not null unique default replace(gen_random_uuid()::text, '-', '')
    constraint certificates_code_check check (code ~ '^[0-9a-f]{32}$'),
  member_id text not null
    constraint certificates_member_id_check check (char_length(member_id) between 1 and 128),
  course text not null
    constraint certificates_course_check check (course ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(course) <= 80),
  name text not null
    constraint certificates_name_check check (char_length(name) between 1 and 100 and btrim(name) <> ''),
  completed_at timestamptz not null,
  issued_at timestamptz not null default now(),
  revoked_at timestamptz,
  constraint certificates_one_per_course unique (member_id, course)
);

comment on table public.certificates is 'Certificates of completed courses: one per member and course; public by code, never by member.';

alter table public.certificates enable row level security;

-- Only the functions read and write certificates (the claim, the public page, the credential
-- and the PDF); members reach theirs through them. Later migrations grant what they need.
grant select, insert, delete on public.certificates to service_role;
grant update (revoked_at) on public.certificates to service_role;
