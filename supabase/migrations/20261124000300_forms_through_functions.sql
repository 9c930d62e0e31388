-- The future page's forms (early access, ideas, partnership requests) are written by the
-- `forms` function with the service role, after its rate limits, honeypot and timing checks;
-- the browser no longer inserts into these tables. Visitors (anon) and members (authenticated)
-- lose their insert privileges and the insert policies that let them in; the service role gets
-- exactly the columns the function sends. A duplicate early-access email is still reported by
-- the unique key (23505), so the function needs no read privilege on any of the three.
-- The site owner reads the rows in the dashboard's table editor (as postgres).

revoke insert on public.community_ideas, public.partnership_requests, public.future_launch from anon, authenticated;
-- The column grants of 20261123000000 are revoked column by column (a table-level revoke of a
-- privilege also removes the column privileges of that kind; stated here for clarity).
revoke insert (name, email, idea_message) on public.community_ideas from anon, authenticated;
revoke insert (name, email, message, partnership_type) on public.partnership_requests from anon, authenticated;
revoke insert (email) on public.future_launch from anon, authenticated;

drop policy "Visitors and members share ideas" on public.community_ideas;
drop policy "Visitors and members request partnerships" on public.partnership_requests;
drop policy "Visitors and members join the early-access list" on public.future_launch;

-- No policy remains on the three tables: with row-level security on, anon and authenticated
-- are refused even where a project's broad default grants would let them reach the table.
-- The service role bypasses row-level security; it needs only these grants.
grant insert (name, email, idea_message) on public.community_ideas to service_role;
grant insert (name, email, message, partnership_type) on public.partnership_requests to service_role;
grant insert (email) on public.future_launch to service_role;
