/**
 * What each kind of message is made of, for the outbox (./outbox.ts): given a row a sender has
 * claimed, where the message goes and what it says (the template of ./messages.ts, with its
 * headers and attachments), a reason not to send it after all (`skip`: nobody to send it to),
 * or null when the row's details cannot be read (given up, never sent half-filled). Each
 * preparer reads what it needs with the service role at the moment of sending; the coaching
 * messages' are in ./coaching.ts.
 */
import type { EmailKind } from '../../../../src/core/db/database.types';
import { Upstream } from '../log';
import { describeDbError, type AdminDb } from '../supabase';
import { accessEnding, endingParams, purchaseConfirmation, purchaseParams, type Recipient } from './messages';
import { prepareCoachingChange, prepareCoachingConfirmation, prepareCoachingReminder } from './coaching';
import { NO_ADDRESS, type Preparer } from './prepared';

export { NO_ADDRESS, type Composed, type OutboxRow, type Params, type Prepared, type Preparer } from './prepared';

/** The member's address and name from their profile, or null without one. */
export async function profileAddress(db: AdminDb, member: string): Promise<{ email: string; recipient: Recipient } | null> {
  const { data, error } = await db.from('profiles').select('email, full_name').eq('id', member).maybeSingle<{ email: string; full_name: string | null }>();
  if (error) throw new Upstream('The message could not be prepared.', describeDbError('profiles select', error));
  return data?.email ? { email: data.email, recipient: { name: data.full_name } } : null;
}

export const PREPARERS: Record<EmailKind, Preparer> = {
  purchase_confirmation: async (db, row) => {
    const data = purchaseParams(row.params);
    if (!data) return null;
    const to = await profileAddress(db, row.user_id);
    return to ? { to: to.email, composed: { content: purchaseConfirmation(to.recipient, data) } } : { skip: NO_ADDRESS };
  },
  access_ending: async (db, row) => {
    const data = endingParams(row.params);
    if (!data) return null;
    const to = await profileAddress(db, row.user_id);
    return to ? { to: to.email, composed: { content: accessEnding(to.recipient, data) } } : { skip: NO_ADDRESS };
  },
  coaching_confirmation: prepareCoachingConfirmation,
  coaching_reminder: prepareCoachingReminder,
  coaching_change: prepareCoachingChange,
};
