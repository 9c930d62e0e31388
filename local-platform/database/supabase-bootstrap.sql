-- What a Supabase project has before any migration runs, reduced to what the migrations and
-- their policies rely on: the API roles, their use of the public schema, Supabase's init-time
-- default privileges (every privilege on what postgres creates in public, as projects had
-- until 2026), and auth.jwt() reading the claims that PostgREST puts in request.jwt.claims.
-- supabase-current-defaults.sql (beside this file) then takes those defaults away, as a project created
-- today has them (see database.mjs).

create role anon nologin noinherit;
create role authenticated nologin noinherit;
create role service_role nologin noinherit bypassrls;

grant usage on schema public to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on routines to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;

create schema auth;
grant usage on schema auth to anon, authenticated, service_role;

create function auth.jwt() returns jsonb
language sql stable
as $$ select nullif(current_setting('request.jwt.claims', true), '')::jsonb $$;

-- As in Supabase: a uuid, so it cannot hold a Firebase uid. The migrations must not use it.
create function auth.uid() returns uuid
language sql stable
as $$ select nullif(auth.jwt()->>'sub', '')::uuid $$;

grant execute on all functions in schema auth to anon, authenticated, service_role;
