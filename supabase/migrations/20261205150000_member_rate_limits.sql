-- Rate limits per member (issue 42, point 6; docs/decisions/netlify-functions.md).
--
-- Netlify's rateLimit counts requests by address (and domain): a member with many addresses, or
-- many members behind one, are not told apart. Every member function that sends mail or writes
-- now also counts the member's own requests, here: one row per member, door (the function) and
-- window, whose count one statement raises (insert ... on conflict do update ... returning), so
-- racing requests are counted one after the other and none is lost. The function refuses (429)
-- a request past its limit. Old windows of the member's door are deleted by the same call.
-- Service role only (the functions); row-level security on with no policy.

create table public.member_requests (
  member text not null constraint member_requests_member_check check (char_length(member) between 1 and 128),
  door text not null constraint member_requests_door_check check (door ~ '^[a-z0-9-]{1,64}$'),
  window_start timestamptz not null,
  count integer not null default 1 constraint member_requests_count_check check (count >= 1),
  constraint member_requests_pkey primary key (member, door, window_start)
);
comment on table public.member_requests is 'How many requests a member made to a function in a window (per-member rate limits). Service role only.';
alter table public.member_requests enable row level security;
grant select, insert, update, delete on public.member_requests to service_role;

-- Counts one request of `member` to `door` in the current window of `window_seconds` and answers
-- the window's count so far, this request included.
create function public.count_member_request(member text, door text, window_seconds integer)
returns integer
language sql
security invoker
set search_path = ''
as $$
  delete from public.member_requests r
  where r.member = count_member_request.member and r.door = count_member_request.door
    and r.window_start < pg_catalog.now() - pg_catalog.make_interval(secs => count_member_request.window_seconds);
  insert into public.member_requests as r (member, door, window_start)
  values (
    count_member_request.member,
    count_member_request.door,
    pg_catalog.to_timestamp(pg_catalog.floor(extract(epoch from pg_catalog.now()) / count_member_request.window_seconds) * count_member_request.window_seconds)
  )
  on conflict (member, door, window_start) do update set count = r.count + 1
  returning r.count;
$$;
revoke all on function public.count_member_request(text, text, integer) from public, anon, authenticated;
grant execute on function public.count_member_request(text, text, integer) to service_role;
