-- Other systems' ids as they give them (issue 42, point 7; docs/decisions/webhook-ordering.md).
--
-- disputes.dispute_id accepted only ids that begin 'du_', but Stripe gives disputes ids that begin
-- 'dp_' as well: such a chargeback was answered 502 until Stripe stopped retrying, and the
-- purchase kept its access. Stripe documents its ids as strings (at most 255 characters), not
-- their prefixes, so no column holding an id from outside checks its form beyond that: a
-- non-empty string, bounded. Read for every table: the prefix checks below were the only ones
-- (purchases.checkout_session_id, and four on disputes); the others (customer, subscription,
-- price, payment intent ids, Firebase uids) already check no form, and Firebase uids keep their
-- documented bound (1 to 128 characters).

alter table public.disputes
  drop constraint disputes_dispute_id_check,
  add constraint disputes_dispute_id_check check (char_length(dispute_id) between 1 and 255),
  drop constraint disputes_charge_id_check,
  add constraint disputes_charge_id_check check (char_length(charge_id) between 1 and 255),
  drop constraint disputes_checkout_session_id_check,
  add constraint disputes_checkout_session_id_check check (char_length(checkout_session_id) between 1 and 255),
  drop constraint disputes_subscription_id_check,
  add constraint disputes_subscription_id_check check (char_length(subscription_id) between 1 and 255);

alter table public.purchases
  drop constraint purchases_checkout_session_id_check,
  add constraint purchases_checkout_session_id_check check (char_length(checkout_session_id) between 1 and 255);
