-- Writes made offline are kept on the member's device and sent when the connection returns
-- (src/core/offline/outbox-api.ts), possibly twice when an answer is lost on the way. So each
-- logged row may carry an id the app made (a random UUID) and the app sends it as an insert that
-- changes nothing when that id is already there (`on conflict (id) do nothing`): however often it
-- is sent, one row. Rows with a natural key (bloom_pages, rise_days: one a day) are upserts on
-- that key already. Nothing else changes: row-level security still limits every row to its
-- member (an id that exists for another member is not theirs to see or change), the database
-- still dates the row, and the caps on a member's rows still apply.
grant insert (id) on public.breathing_sessions to authenticated;
grant insert (id) on public.rise_statements to authenticated;
grant insert (id) on public.rehearsal_scenarios to authenticated;
grant insert (id) on public.rehearsals to authenticated;
grant insert (id) on public.resets to authenticated;
