-- "Download my data" (account-export, service role) reads the member's coaching signups with
-- their session embedded, `coaching_session_signups?select=...,coaching_sessions(date, time)`.
-- PostgREST joins the session on its id and reads its date and time, which needs SELECT on those
-- columns of coaching_sessions; the service role had none (20261123000000_explicit_grants.sql
-- granted the signups only), so every export failed with 42501 on a real database. Exactly the
-- columns the export reads, no more (netlify/functions/_shared/member-tables.ts lists what it reads;
-- tests/db/member-data.db.test.ts runs it as service_role).
grant select (id, date, time) on public.coaching_sessions to service_role;
