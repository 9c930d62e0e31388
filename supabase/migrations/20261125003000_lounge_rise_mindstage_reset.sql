-- The Lounge (issue 22): what members record in Rise Mode, Mindstage and The Reset Room. One
-- table per kind of record, each row owned by one member (user_id = the Firebase uid in the
-- token's `sub`). Members read and write only their own rows through supabase-js under
-- row-level security, with exactly the grants the apps use; the service role reads them for the
-- member's data export and deletes them with the account. Every field is bounded here, whoever
-- writes it (docs/decisions/lounge.md).
--
--   rise_days             Rise Mode: a member's day (intention, statement, brave action in the
--                         morning; "Did you live it?" and a note in the evening)
--   rise_statements       Rise Mode: statements the member wrote for themselves
--   rehearsal_scenarios   Mindstage: scenes the member added (title, scene, going well, coping)
--   rehearsals            Mindstage: one finished rehearsal with its 0-10 ratings before and after
--   resets                The Reset Room: one reset with the feeling and its 0-10 strength before and after

create table public.rise_days (
  user_id text not null constraint rise_days_user_id_check check (user_id <> '' and length(user_id) <= 128),
  -- The member's own calendar day (their time zone, worked out in the browser).
  day date not null constraint rise_days_day_check check (day between date '2024-01-01' and date '2100-12-31'),
  intention text not null constraint rise_days_intention_check check (btrim(intention) <> '' and length(intention) <= 300),
  -- The statement of the day (its id in src/content/lounge/rise-mode/statements.json, '' for the
  -- member's own words) and its words as the member saw them.
  statement_id text not null default '' constraint rise_days_statement_id_check check (statement_id ~ '^[a-z0-9-]{0,64}$'),
  statement_text text not null default '' constraint rise_days_statement_text_check check (length(statement_text) <= 300),
  brave_action text not null default '' constraint rise_days_brave_action_check check (length(brave_action) <= 300),
  -- The evening check-in: "Did you live it?" and a short note (none before the answer).
  lived text constraint rise_days_lived_check check (lived in ('yes', 'partly', 'not-today')),
  note text not null default '' constraint rise_days_note_check check (length(note) <= 1000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (user_id, day),
  constraint rise_days_note_needs_answer_check check (lived is not null or note = '')
);

comment on table public.rise_days is 'Rise Mode: a member''s days (intention, statement, brave action, the evening check-in). Private: never logged.';

alter table public.rise_days enable row level security;

create policy "Members read their own days"
  on public.rise_days for select to authenticated
  using (user_id = (select auth.jwt()) ->> 'sub');

create policy "Members start their own days"
  on public.rise_days for insert to authenticated
  with check (user_id = (select auth.jwt()) ->> 'sub');

create policy "Members check in on their own days"
  on public.rise_days for update to authenticated
  using (user_id = (select auth.jwt()) ->> 'sub')
  with check (user_id = (select auth.jwt()) ->> 'sub');

create trigger rise_days_touch_updated_at
  before update on public.rise_days
  for each row execute function private.touch_updated_at();

-- The morning saves the day in one statement (insert ... on conflict (user_id, day) do update),
-- which sets the key columns it sends as well; the evening updates lived and note.
grant select, insert (user_id, day, intention, statement_id, statement_text, brave_action),
  update (user_id, day, intention, statement_id, statement_text, brave_action, lived, note)
  on public.rise_days to authenticated;
grant select, delete on public.rise_days to service_role;


create table public.rise_statements (
  id uuid primary key default gen_random_uuid(),
  user_id text not null constraint rise_statements_user_id_check check (user_id <> '' and length(user_id) <= 128),
  text text not null constraint rise_statements_text_check check (btrim(text) <> '' and length(text) <= 300),
  created_at timestamptz not null default now()
);

comment on table public.rise_statements is 'Rise Mode: statements a member wrote for themselves.';

create index rise_statements_user_id_created_at_idx on public.rise_statements (user_id, created_at);

alter table public.rise_statements enable row level security;

create policy "Members read their own statements"
  on public.rise_statements for select to authenticated
  using (user_id = (select auth.jwt()) ->> 'sub');

create policy "Members write their own statements"
  on public.rise_statements for insert to authenticated
  with check (user_id = (select auth.jwt()) ->> 'sub');

create policy "Members remove their own statements"
  on public.rise_statements for delete to authenticated
  using (user_id = (select auth.jwt()) ->> 'sub');

grant select, delete, insert (user_id, text) on public.rise_statements to authenticated;
grant select, delete on public.rise_statements to service_role;


create table public.rehearsal_scenarios (
  id uuid primary key default gen_random_uuid(),
  user_id text not null constraint rehearsal_scenarios_user_id_check check (user_id <> '' and length(user_id) <= 128),
  title text not null constraint rehearsal_scenarios_title_check check (btrim(title) <> '' and length(title) <= 120),
  scene text not null constraint rehearsal_scenarios_scene_check check (btrim(scene) <> '' and length(scene) <= 1000),
  going_well text not null constraint rehearsal_scenarios_going_well_check check (btrim(going_well) <> '' and length(going_well) <= 1000),
  coping text not null constraint rehearsal_scenarios_coping_check check (btrim(coping) <> '' and length(coping) <= 1000),
  created_at timestamptz not null default now()
);

comment on table public.rehearsal_scenarios is 'Mindstage: scenes a member added to rehearse. Private: never logged.';

create index rehearsal_scenarios_user_id_created_at_idx on public.rehearsal_scenarios (user_id, created_at);

alter table public.rehearsal_scenarios enable row level security;

create policy "Members read their own scenarios"
  on public.rehearsal_scenarios for select to authenticated
  using (user_id = (select auth.jwt()) ->> 'sub');

create policy "Members add their own scenarios"
  on public.rehearsal_scenarios for insert to authenticated
  with check (user_id = (select auth.jwt()) ->> 'sub');

grant select, insert (user_id, title, scene, going_well, coping) on public.rehearsal_scenarios to authenticated;
grant select, delete on public.rehearsal_scenarios to service_role;


create table public.rehearsals (
  id uuid primary key default gen_random_uuid(),
  user_id text not null constraint rehearsals_user_id_check check (user_id <> '' and length(user_id) <= 128),
  -- A built-in scenario's slug (src/content/lounge/mindstage/scenarios.json) or own-<uuid>.
  scenario text not null constraint rehearsals_scenario_check check (scenario ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(scenario) <= 80),
  -- Distress (SUDS) from 0 to 10, before and after.
  suds_before integer not null constraint rehearsals_suds_before_check check (suds_before between 0 and 10),
  suds_after integer not null constraint rehearsals_suds_after_check check (suds_after between 0 and 10),
  finished_at timestamptz not null default now()
);

comment on table public.rehearsals is 'Mindstage: a member''s finished rehearsals with their distress before and after.';

create index rehearsals_user_id_finished_at_idx on public.rehearsals (user_id, finished_at);

alter table public.rehearsals enable row level security;

create policy "Members read their own rehearsals"
  on public.rehearsals for select to authenticated
  using (user_id = (select auth.jwt()) ->> 'sub');

create policy "Members log their own rehearsals"
  on public.rehearsals for insert to authenticated
  with check (user_id = (select auth.jwt()) ->> 'sub');

-- The app logs a finished rehearsal and reads the history; the date is the database's own.
grant select, insert (user_id, scenario, suds_before, suds_after) on public.rehearsals to authenticated;
grant select, delete on public.rehearsals to service_role;


create table public.resets (
  id uuid primary key default gen_random_uuid(),
  user_id text not null constraint resets_user_id_check check (user_id <> '' and length(user_id) <= 128),
  -- What the member felt (src/content/lounge/the-reset-room/feelings.json) and the reset done
  -- (resets.json): fixed ids.
  feeling text not null constraint resets_feeling_check check (feeling in ('anger', 'anxiety', 'sadness', 'overwhelm', 'shame', 'numbness')),
  reset text not null
    constraint resets_reset_check check (reset in ('grounding-five-senses', 'stop-pause', 'paced-breathing', 'paired-muscle-relaxation', 'cold-water-reset')),
  -- How strongly, from 0 to 10, before and after.
  intensity_before integer not null constraint resets_intensity_before_check check (intensity_before between 0 and 10),
  intensity_after integer not null constraint resets_intensity_after_check check (intensity_after between 0 and 10),
  finished_at timestamptz not null default now()
);

comment on table public.resets is 'The Reset Room: a member''s resets with the feeling''s strength before and after.';

create index resets_user_id_finished_at_idx on public.resets (user_id, finished_at);

alter table public.resets enable row level security;

create policy "Members read their own resets"
  on public.resets for select to authenticated
  using (user_id = (select auth.jwt()) ->> 'sub');

create policy "Members log their own resets"
  on public.resets for insert to authenticated
  with check (user_id = (select auth.jwt()) ->> 'sub');

grant select, insert (user_id, feeling, reset, intensity_before, intensity_after) on public.resets to authenticated;
grant select, delete on public.resets to service_role;
