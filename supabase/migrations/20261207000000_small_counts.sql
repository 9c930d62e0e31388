-- The owner's numbers (issue 44) show aggregates only, and a count from 1 to 4 as "fewer than
-- 5", so that no number can point at one member. The rule lives here, once, and every SQL
-- function behind /coach/numbers passes its counts through it before anything leaves the
-- database: 1 to 4 come back as null (read "fewer than 5"), 0 and 5 or more as they are.
-- Only the service role (the owner-numbers function) calls the functions that use it.

create function private.owner_small_count(n bigint)
returns bigint
language sql
immutable
strict
set search_path = ''
as $$
  select case when n between 1 and 4 then null else n end
$$;
comment on function private.owner_small_count(bigint) is 'A count as the owner may see it: 1 to 4 become null ("fewer than 5").';

revoke all on function private.owner_small_count(bigint) from public;
grant usage on schema private to service_role;
grant execute on function private.owner_small_count(bigint) to service_role;
