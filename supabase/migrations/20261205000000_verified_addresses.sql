-- Only proven addresses get mail (docs/decisions/accounts.md).
--
-- profiles.email_verified: whether the account's address is proven: Firebase's verification
-- link was opened, or the member signed in with Google. Written only by the service role
-- (auth-sync from the member's fresh ID token; account-action when a verification or an email
-- change is applied); members read it and can never set it (their grants name full_name alone
-- for update, and id, email, full_name for insert, so an insert leaves it false). Every message
-- but the ones that prove an address goes to profiles.email only when this is true, and a
-- coaching seat asks for it.

alter table public.profiles
  add column email_verified boolean not null default false;
comment on column public.profiles.email_verified is
  'Whether profiles.email is proven (Firebase verification, or Google). Set by the service role only; mail goes only to a verified address.';
