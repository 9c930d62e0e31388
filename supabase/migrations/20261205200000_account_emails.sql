-- The account's own messages (docs/decisions/accounts.md), four new kinds in email_outbox, each
-- sent to the address it is about (the only ones that may go to an address not yet proven):
--   email_verification  ref 'signup' (once an account, queued by auth-sync), or
--                       'again:<UTC hour>:<n>' when asked for again, n at most 3: the key is the limit
--   password_reset      ref 'reset:<UTC hour>:<n>', n at most 3 an hour for an account
--   email_change        ref 'change:<UTC hour>:<n>'; params.newEmail (the link goes there)
--   email_changed       ref 'changed:<the code's hash>'; params.oldEmail, params.newEmail (the
--                       notice to the old, verified address, with the way to undo)
-- The links themselves (Firebase's one-time codes) are made when a message is sent and are
-- stored nowhere.

alter table public.email_outbox drop constraint email_outbox_kind_check;
alter table public.email_outbox add constraint email_outbox_kind_check
  check (kind in ('purchase_confirmation', 'access_ending', 'coaching_confirmation', 'coaching_reminder', 'coaching_change',
                  'email_verification', 'password_reset', 'email_change', 'email_changed'));
