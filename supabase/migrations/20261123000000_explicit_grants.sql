-- Explicit, least-privilege grants for the Data API roles.
--
-- Since 2026-10-30 a table created in `public` on Supabase gets no privileges for anon,
-- authenticated or service_role: a role reaches a table only through a GRANT. Projects created
-- before that kept the old defaults (every privilege to all three roles), so the earlier
-- migrations ran with broad grants there and with none on a project created today. This
-- migration makes both the same: it takes every privilege away from the three roles on our
-- tables and grants each role exactly what the site does with it. Row-level security stays the
-- guard for which rows a role sees; the grants decide which tables and columns it reaches.
--
--   anon           (visitors, the anon key)  inserts the three future-page forms; reads sessions.
--   authenticated  (members, a Firebase ID token with role: authenticated)
--                  reads its profile, sessions, its signups and its Stripe rows; signs up for a
--                  session; may create its Explorer profile and change its name (the policies'
--                  own limits, here as column grants too).
--   service_role   (the functions) exactly what auth-sync, stripe-checkout, stripe-webhook and
--                  newsletter-signup do. It bypasses row-level security, not grants.
--
-- The policies are rewritten in the form Supabase's advisor recognises as evaluated once per
-- statement, `(select auth.jwt()) ->> 'sub'` (lint auth_rls_initplan), and no insert policy is
-- `with check (true)` any more (lint rls_policy_always_true).

-- Tables this role (postgres, which runs the migrations) creates later get nothing by default,
-- as on a project created today: a later migration that forgets a grant fails everywhere, not
-- only on new projects.
alter default privileges in schema public revoke all on tables from anon, authenticated, service_role;
alter default privileges in schema public revoke all on sequences from anon, authenticated, service_role;
alter default privileges in schema public revoke all on functions from anon, authenticated, service_role;

-- Start from nothing on every table of ours (older projects granted everything).
revoke all on table
  public.profiles,
  public.coaching_sessions,
  public.coaching_session_signups,
  public.stripe_customers,
  public.stripe_subscriptions,
  public.community_ideas,
  public.partnership_requests,
  public.future_launch,
  public.monthly_newsletter
from anon, authenticated, service_role;

-- profiles ---------------------------------------------------------------------------------
-- Members read their row (dashboard, nav badge); the insert and update column lists are what
-- the policies and the update guard allow (an Explorer profile of their own; their name).
grant select on public.profiles to authenticated;
grant insert (id, email, full_name) on public.profiles to authenticated;
grant update (full_name) on public.profiles to authenticated;
-- auth-sync creates the profile (insert ... on conflict do nothing); the webhook sets the tier.
grant select, insert, update on public.profiles to service_role;

-- coaching ---------------------------------------------------------------------------------
grant select on public.coaching_sessions to anon, authenticated;
grant select on public.coaching_session_signups to authenticated;
grant insert (user_id, session_id, name, email) on public.coaching_session_signups to authenticated;

-- Stripe -----------------------------------------------------------------------------------
grant select on public.stripe_customers, public.stripe_subscriptions to authenticated;
-- checkout: find or record the customer, read the subscription; webhook: the same plus the
-- subscription upsert.
grant select, insert, update on public.stripe_customers, public.stripe_subscriptions to service_role;

-- The future page's forms and the newsletter ------------------------------------------------
grant insert (name, email, idea_message) on public.community_ideas to anon, authenticated;
grant insert (name, email, message, partnership_type) on public.partnership_requests to anon, authenticated;
grant insert (email) on public.future_launch to anon, authenticated;
grant insert on public.monthly_newsletter to service_role;

-- Policies ---------------------------------------------------------------------------------
drop policy "Members read their own profile" on public.profiles;
create policy "Members read their own profile"
  on public.profiles for select to authenticated
  using (id = (select auth.jwt()) ->> 'sub');

drop policy "Members create their own Explorer profile" on public.profiles;
create policy "Members create their own Explorer profile"
  on public.profiles for insert to authenticated
  with check (
    id = (select auth.jwt()) ->> 'sub'
    and membership_tier = 'Explorer'
    and project_id is null
  );

drop policy "Members update their own profile" on public.profiles;
create policy "Members update their own profile"
  on public.profiles for update to authenticated
  using (id = (select auth.jwt()) ->> 'sub')
  with check (id = (select auth.jwt()) ->> 'sub');

-- One policy a role: visitors read the active sessions; members also the ones they joined
-- (their dashboard keeps showing a session after it closes). Two roles, two policies, so anon
-- needs no privilege on the signups the members' policy looks into.
drop policy "Anyone reads active sessions, members also their own" on public.coaching_sessions;
create policy "Visitors read active sessions"
  on public.coaching_sessions for select to anon
  using (is_active);
create policy "Members read active sessions and the ones they joined"
  on public.coaching_sessions for select to authenticated
  using (
    is_active
    or exists (
      select 1 from public.coaching_session_signups s
      where s.session_id = coaching_sessions.id
        and s.user_id = (select auth.jwt()) ->> 'sub'
    )
  );

drop policy "Members read their own signups" on public.coaching_session_signups;
create policy "Members read their own signups"
  on public.coaching_session_signups for select to authenticated
  using (user_id = (select auth.jwt()) ->> 'sub');

drop policy "Members sign themselves up" on public.coaching_session_signups;
create policy "Members sign themselves up"
  on public.coaching_session_signups for insert to authenticated
  with check (user_id = (select auth.jwt()) ->> 'sub');

drop policy "Members read their own Stripe customer" on public.stripe_customers;
create policy "Members read their own Stripe customer"
  on public.stripe_customers for select to authenticated
  using (user_id = (select auth.jwt()) ->> 'sub');

drop policy "Members read their own subscription" on public.stripe_subscriptions;
create policy "Members read their own subscription"
  on public.stripe_subscriptions for select to authenticated
  using (
    customer_id in (
      select c.customer_id from public.stripe_customers c
      where c.user_id = (select auth.jwt()) ->> 'sub'
    )
  );

-- The form inserts state what a row must be, as the forms validate it (the table checks hold
-- the rest): an idea of at least 10 characters, a partnership message of at least 20, an email
-- with an @.
drop policy "Visitors and members share ideas" on public.community_ideas;
create policy "Visitors and members share ideas"
  on public.community_ideas for insert to anon, authenticated
  with check (char_length(private.trim_js(idea_message)) >= 10 and position('@' in email) > 0);

drop policy "Visitors and members request partnerships" on public.partnership_requests;
create policy "Visitors and members request partnerships"
  on public.partnership_requests for insert to anon, authenticated
  with check (char_length(private.trim_js(message)) >= 20 and position('@' in email) > 0);

drop policy "Visitors and members join the early-access list" on public.future_launch;
create policy "Visitors and members join the early-access list"
  on public.future_launch for insert to anon, authenticated
  with check (position('@' in email) > 0);
