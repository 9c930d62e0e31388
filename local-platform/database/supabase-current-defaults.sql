-- Supabase since 2026-10-30 (new projects since 2026-05-30; `supabase start` with
-- [api] auto_expose_new_tables = false): the statements run on a new project before the first
-- migration, so a table or function created in public reaches anon, authenticated and
-- service_role only through an explicit GRANT.
alter default privileges for role postgres in schema public
  revoke select, insert, update, delete on tables from anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  revoke usage, select on sequences from anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  revoke execute on functions from anon, authenticated, service_role;
