/**
 * What each kind of message is made of, for the outbox (./outbox.ts): given a row a sender has
 * claimed, where the message goes and what it says (the template of ./messages.ts, with its
 * headers and attachments), a reason not to send it after all (`skip`: nobody to send it to),
 * or null when the row's details cannot be read (given up, never sent half-filled). Each
 * preparer reads what it needs with the service role at the moment of sending; the coaching
 * messages' are in ./coaching.ts, the account's in ./account.ts. Only the account's go to an
 * address not yet proven; every other goes to the member's verified address (./recipients.ts).
 */
import type { EmailKind } from '../../../../src/core/db/database.types';
import { accessEnding, endingParams, purchaseConfirmation, purchaseParams } from './messages';
import { prepareEmailChange, prepareEmailChanged, prepareEmailVerification, preparePasswordReset } from './account';
import { NO_ADDRESS, type Preparer } from './prepared';
import { verifiedAddress } from './recipients';

export { NO_ADDRESS, type Composed, type OutboxRow, type Params, type Prepared, type Preparer } from './prepared';

export const PREPARERS: Omit<Record<EmailKind, Preparer>, 'coaching_confirmation' | 'coaching_reminder' | 'coaching_change'> = {
  purchase_confirmation: async (db, row) => {
    const data = purchaseParams(row.params);
    if (!data) return null;
    const to = await verifiedAddress(db, row.user_id);
    return to ? { to: to.email, composed: { content: purchaseConfirmation(to.recipient, data) } } : { skip: NO_ADDRESS };
  },
  access_ending: async (db, row) => {
    const data = endingParams(row.params);
    if (!data) return null;
    const to = await verifiedAddress(db, row.user_id);
    return to ? { to: to.email, composed: { content: accessEnding(to.recipient, data) } } : { skip: NO_ADDRESS };
  },
  email_verification: prepareEmailVerification,
  password_reset: preparePasswordReset,
  email_change: prepareEmailChange,
  email_changed: prepareEmailChanged,
};
