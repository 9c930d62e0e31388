-- A practice done offline is sent when the connection returns, maybe days later
-- (src/core/offline/outbox-api.ts). Dated on arrival, it would land on the wrong day in the
-- member's history and in their days practised. So a row sent from the device's outbox carries
-- the time it was done (the entry's time of saving): breathing_sessions, rehearsals and resets
-- their finished_at, lesson_progress its completed_at. A write sent at once sends no time and
-- the database dates it, as before. A time from a device is its clock's word: never later than
-- the row's arrival (a clock running fast is brought back to now()); an earlier one is the
-- member's own history to keep, and row-level security still limits every row to its member.
grant insert (finished_at) on public.breathing_sessions to authenticated;
grant insert (finished_at) on public.rehearsals to authenticated;
grant insert (finished_at) on public.resets to authenticated;
grant insert (completed_at) on public.lesson_progress to authenticated;

create function private.finished_no_later_than_now()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.finished_at > now() then
    new.finished_at := now();
  end if;
  return new;
end;
$$;
revoke all on function private.finished_no_later_than_now() from public;

create function private.completed_no_later_than_now()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.completed_at > now() then
    new.completed_at := now();
  end if;
  return new;
end;
$$;
revoke all on function private.completed_no_later_than_now() from public;

create trigger breathing_sessions_finished_no_later_than_now
  before insert on public.breathing_sessions
  for each row execute function private.finished_no_later_than_now();
create trigger rehearsals_finished_no_later_than_now
  before insert on public.rehearsals
  for each row execute function private.finished_no_later_than_now();
create trigger resets_finished_no_later_than_now
  before insert on public.resets
  for each row execute function private.finished_no_later_than_now();
create trigger lesson_progress_completed_no_later_than_now
  before insert on public.lesson_progress
  for each row execute function private.completed_no_later_than_now();
