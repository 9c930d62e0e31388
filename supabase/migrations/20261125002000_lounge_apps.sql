-- The Lounge (issue 21): what members record in the first three apps. One table per kind of
-- record, each row owned by one member (user_id = the Firebase uid in the token's `sub`).
-- Members read and write only their own rows through supabase-js under row-level security;
-- the service role reads them for the member's data export and deletes them with the account.
-- Every field is bounded here, whoever writes it (docs/decisions/lounge.md).
--
--   breathing_sessions  Stillpoint: one finished breathing session (pattern, length, when)
--   bloom_pages         The Bloom Book: one journal page a day (three gratitudes, a prompt and
--                       its answer); the member edits and deletes their own pages
--   story_places        Whispers Before Sleep: where the member stopped in each story

create table public.breathing_sessions (
  id uuid primary key default gen_random_uuid(),
  user_id text not null constraint breathing_sessions_user_id_check check (user_id <> '' and length(user_id) <= 128),
  -- The pattern the member breathed (src/features/lounge/stillpoint/breathing.ts names them).
  pattern text not null
    constraint breathing_sessions_pattern_check check (pattern in ('box', 'four-seven-eight', 'cyclic-sighing', 'resonance', 'custom')),
  -- How long the member breathed, in whole seconds: from 30 seconds to an hour.
  seconds integer not null constraint breathing_sessions_seconds_check check (seconds between 30 and 3600),
  finished_at timestamptz not null default now()
);

comment on table public.breathing_sessions is 'Stillpoint: the breathing sessions a member finished (their history).';

create index breathing_sessions_user_id_finished_at_idx on public.breathing_sessions (user_id, finished_at desc);

alter table public.breathing_sessions enable row level security;

create policy "Members read their own breathing sessions"
  on public.breathing_sessions for select to authenticated
  using (user_id = (select auth.jwt()) ->> 'sub');

create policy "Members log their own breathing sessions"
  on public.breathing_sessions for insert to authenticated
  with check (user_id = (select auth.jwt()) ->> 'sub');

-- The app logs a finished session and reads the history; the date is the database's own.
grant select, insert (user_id, pattern, seconds) on public.breathing_sessions to authenticated;
grant select, delete on public.breathing_sessions to service_role;


create table public.bloom_pages (
  id uuid primary key default gen_random_uuid(),
  user_id text not null constraint bloom_pages_user_id_check check (user_id <> '' and length(user_id) <= 128),
  -- The member's own calendar day (their time zone, worked out in the browser).
  day date not null constraint bloom_pages_day_check check (day between date '2024-01-01' and date '2100-12-31'),
  gratitude_1 text not null default '' constraint bloom_pages_gratitude_1_check check (length(gratitude_1) <= 1000),
  gratitude_2 text not null default '' constraint bloom_pages_gratitude_2_check check (length(gratitude_2) <= 1000),
  gratitude_3 text not null default '' constraint bloom_pages_gratitude_3_check check (length(gratitude_3) <= 1000),
  -- The prompt of the day (its id in src/content/lounge/the-bloom-book/prompts.json and its
  -- words as the member saw them, so the page reads the same if the prompt set changes).
  prompt_id text not null default '' constraint bloom_pages_prompt_id_check check (prompt_id ~ '^[a-z0-9-]{0,64}$'),
  prompt_text text not null default '' constraint bloom_pages_prompt_text_check check (length(prompt_text) <= 300),
  answer text not null default '' constraint bloom_pages_answer_check check (length(answer) <= 4000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint bloom_pages_user_id_day_key unique (user_id, day),
  -- A page holds something: an empty page is deleted, not kept.
  constraint bloom_pages_not_empty_check check (gratitude_1 <> '' or gratitude_2 <> '' or gratitude_3 <> '' or answer <> '')
);

comment on table public.bloom_pages is 'The Bloom Book: a member''s gratitude journal, one page a day. Private: never logged, never in analytics.';

alter table public.bloom_pages enable row level security;

create policy "Members read their own journal pages"
  on public.bloom_pages for select to authenticated
  using (user_id = (select auth.jwt()) ->> 'sub');

create policy "Members write their own journal pages"
  on public.bloom_pages for insert to authenticated
  with check (user_id = (select auth.jwt()) ->> 'sub');

create policy "Members edit their own journal pages"
  on public.bloom_pages for update to authenticated
  using (user_id = (select auth.jwt()) ->> 'sub')
  with check (user_id = (select auth.jwt()) ->> 'sub');

create policy "Members delete their own journal pages"
  on public.bloom_pages for delete to authenticated
  using (user_id = (select auth.jwt()) ->> 'sub');

create trigger bloom_pages_touch_updated_at
  before update on public.bloom_pages
  for each row execute function private.touch_updated_at();

-- The app saves a day's page in one statement (insert ... on conflict (user_id, day) do update),
-- so two tabs saving the same day never make two pages; the member edits and deletes their own.
-- PostgREST's upsert sets every column it sends, the key columns too, so those are granted for
-- update as well; the policies' `with check` keeps user_id the member's own.
grant select, delete, insert (user_id, day, gratitude_1, gratitude_2, gratitude_3, prompt_id, prompt_text, answer),
  update (user_id, day, gratitude_1, gratitude_2, gratitude_3, prompt_id, prompt_text, answer)
  on public.bloom_pages to authenticated;
grant select, delete on public.bloom_pages to service_role;


create table public.story_places (
  user_id text not null constraint story_places_user_id_check check (user_id <> '' and length(user_id) <= 128),
  -- The story's slug (the file name of src/content/lounge/whispers-before-sleep/stories/ after NN-).
  story text not null constraint story_places_story_check check (story ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(story) <= 80),
  -- The sentence the member stopped at (0 = the first).
  sentence integer not null constraint story_places_sentence_check check (sentence between 0 and 5000),
  updated_at timestamptz not null default now(),
  primary key (user_id, story)
);

comment on table public.story_places is 'Whispers Before Sleep: where a member stopped in each story.';

alter table public.story_places enable row level security;

create policy "Members read their own places"
  on public.story_places for select to authenticated
  using (user_id = (select auth.jwt()) ->> 'sub');

create policy "Members keep their own places"
  on public.story_places for insert to authenticated
  with check (user_id = (select auth.jwt()) ->> 'sub');

create policy "Members move their own places"
  on public.story_places for update to authenticated
  using (user_id = (select auth.jwt()) ->> 'sub')
  with check (user_id = (select auth.jwt()) ->> 'sub');

create trigger story_places_touch_updated_at
  before update on public.story_places
  for each row execute function private.touch_updated_at();

-- One statement keeps the place (insert ... on conflict (user_id, story) do update), which sets
-- the key columns it sends as well; the policies keep user_id the member's own.
grant select, insert (user_id, story, sentence), update (user_id, story, sentence) on public.story_places to authenticated;
grant select, delete on public.story_places to service_role;
