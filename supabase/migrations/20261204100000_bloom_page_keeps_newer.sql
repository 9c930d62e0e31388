-- The Bloom Book: the same day's page edited on two devices keeps the newer version, decided by
-- the database in the statement that writes it. Before, the browser read the row's updated_at,
-- decided, then wrote (src/core/offline/outbox-api.ts): another device's save landing between
-- the read and the write was overwritten although it was newer.
--
-- `save_bloom_page` is one statement: an insert ... on conflict (user_id, day) do update whose
-- `where` lets the edit replace the stored page only when the page is still the version the
-- member opened (`based_on`, the row's updated_at then; null for a page they had not seen) or
-- was stored no later than the edit was made (`edited_at`, the device's time of the edit).
-- Versions are compared to the millisecond: a browser's clock and Date keep no finer time.
-- Postgres evaluates that `where` on the conflicting row's latest committed version, with the
-- row locked, so no save can slip between the decision and the write. It answers:
--   written    the edit is stored (false: the other device's newer page stays);
--   overwrote  it replaced a version saved elsewhere since the member opened the page (read
--              from the statement's snapshot: it words the note to the member, decides nothing);
--   updated_at the stored page's new updated_at (null when not written).
-- It runs as the member (security invoker): row-level security and the column grants of
-- bloom_pages apply as to the upsert it replaces, and only `authenticated` may call it.
create function public.save_bloom_page(page jsonb, edited_at timestamptz, based_on timestamptz default null)
returns jsonb
language sql
security invoker
set search_path = ''
as $$
  with edit as (
    select * from jsonb_populate_record(null::public.bloom_pages, page)
  ),
  stored as (
    select b.updated_at from public.bloom_pages b join edit e on b.user_id = e.user_id and b.day = e.day
  ),
  written as (
    insert into public.bloom_pages as b (user_id, day, gratitude_1, gratitude_2, gratitude_3, prompt_id, prompt_text, answer)
    select user_id, day, coalesce(gratitude_1, ''), coalesce(gratitude_2, ''), coalesce(gratitude_3, ''),
           coalesce(prompt_id, ''), coalesce(prompt_text, ''), coalesce(answer, '')
    from edit
    on conflict (user_id, day) do update
      set gratitude_1 = excluded.gratitude_1,
          gratitude_2 = excluded.gratitude_2,
          gratitude_3 = excluded.gratitude_3,
          prompt_id = excluded.prompt_id,
          prompt_text = excluded.prompt_text,
          answer = excluded.answer
      where date_trunc('milliseconds', b.updated_at) = date_trunc('milliseconds', save_bloom_page.based_on)
         or b.updated_at <= save_bloom_page.edited_at
    returning b.updated_at
  )
  select jsonb_build_object(
    'written', exists (select 1 from written),
    'overwrote', exists (select 1 from written) and exists (
      select 1 from stored s
      where date_trunc('milliseconds', s.updated_at) is distinct from date_trunc('milliseconds', save_bloom_page.based_on)),
    'updated_at', (select w.updated_at from written w)
  );
$$;

comment on function public.save_bloom_page(jsonb, timestamptz, timestamptz) is
  'The Bloom Book: saves a day''s page unless the same day was stored elsewhere after this edit (one statement; see the migration).';

-- From public (Postgres gives every new function to PUBLIC) and from the roles a project with
-- broad default privileges would have given it to.
revoke all on function public.save_bloom_page(jsonb, timestamptz, timestamptz) from public, anon, service_role;
grant execute on function public.save_bloom_page(jsonb, timestamptz, timestamptz) to authenticated;
