-- A deleted member's purchases stay, with user_id replaced by an anonymous 'deleted:' id
-- (account-delete; the business keeps its sales records). Stripe still sends events about them
-- afterwards: a refund the site owner makes later, a retried checkout event. The webhook
-- re-reads the session from Stripe, whose client_reference_id still names the member, and
-- upserts the row on its session id, which used to put the member's id back on the row. The
-- row keeps its anonymous id here, in the one statement that writes it (the status still moves
-- forward, so the books show the refund): docs/decisions/webhook-ordering.md.

create function private.purchases_stay_anonymised()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.user_id like 'deleted:%' then
    new.user_id := old.user_id;
  end if;
  return new;
end;
$$;
revoke all on function private.purchases_stay_anonymised() from public;

create trigger purchases_stay_anonymised
  before update of user_id on public.purchases
  for each row execute function private.purchases_stay_anonymised();
