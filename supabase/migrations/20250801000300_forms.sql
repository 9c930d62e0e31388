-- What visitors send from the future page (ideas, partnership requests, early access) and the
-- newsletter list. Visitors and members may insert into the three form tables and read nothing
-- back; the newsletter is written by its function with the service role. The constraints keep
-- bad data out whoever writes it: trimmed, lower-case emails with an @, the spec's minimum
-- lengths after trimming, the seven partnership types, and generous upper bounds.

create table public.community_ideas (
  id uuid primary key default gen_random_uuid(),
  -- Optional: stored as null, never as an empty string.
  name text constraint community_ideas_name_check check (name is null or (name <> '' and name = btrim(name) and char_length(name) <= 200)),
  email text not null constraint community_ideas_email_check
    check (email = lower(btrim(email)) and position('@' in email) > 0 and char_length(email) <= 320),
  idea_message text not null constraint community_ideas_idea_message_check
    check (char_length(btrim(idea_message)) >= 10 and char_length(idea_message) <= 5000),
  created_at timestamptz not null default now()
);

create table public.partnership_requests (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint partnership_requests_name_check check (name <> '' and name = btrim(name) and char_length(name) <= 200),
  email text not null constraint partnership_requests_email_check
    check (email = lower(btrim(email)) and position('@' in email) > 0 and char_length(email) <= 320),
  message text not null constraint partnership_requests_message_check
    check (char_length(btrim(message)) >= 20 and char_length(message) <= 5000),
  partnership_type text not null default 'wellness_practitioner'
    constraint partnership_requests_partnership_type_check check (partnership_type in (
      'wellness_practitioner', 'corporate_wellness', 'content_creator', 'brand',
      'educational_institution', 'mental_health_organization', 'other'
    )),
  created_at timestamptz not null default now()
);

create table public.future_launch (
  id uuid primary key default gen_random_uuid(),
  -- Unique: a second signup with the same address fails with 23505, which the form reports.
  email text not null constraint future_launch_email_key unique
    constraint future_launch_email_check
    check (email = lower(btrim(email)) and position('@' in email) > 0 and char_length(email) <= 320),
  created_at timestamptz not null default now()
);

create table public.monthly_newsletter (
  id uuid primary key default gen_random_uuid(),
  email text not null constraint monthly_newsletter_email_key unique
    constraint monthly_newsletter_email_check
    check (email = lower(btrim(email)) and position('@' in email) > 0 and char_length(email) <= 320),
  created_at timestamptz not null default now()
);

alter table public.community_ideas enable row level security;
alter table public.partnership_requests enable row level security;
alter table public.future_launch enable row level security;
alter table public.monthly_newsletter enable row level security;

-- Insert only: no select, update or delete policy, so what was sent cannot be read back or
-- changed through the API (the forms insert with Prefer: return=minimal). The table constraints
-- above are what keeps the rows clean.
create policy "Visitors and members share ideas"
  on public.community_ideas for insert to anon, authenticated
  with check (true);

create policy "Visitors and members request partnerships"
  on public.partnership_requests for insert to anon, authenticated
  with check (true);

create policy "Visitors and members join the early-access list"
  on public.future_launch for insert to anon, authenticated
  with check (true);

-- monthly_newsletter: no policy at all; only the service role (the newsletter function) reads
-- and writes it.
