/**
 * Commerce's kinds of message, for the outbox (netlify/functions/_registry/emails.ts combines
 * every feature's): the purchase confirmation and the access-ending note (the templates of
 * ./messages.ts), each to the member's verified address (_shared/email/recipients.ts), or null
 * when the row's details cannot be read (given up, never sent half-filled). Where a bought thing
 * opens is given (`homes`: every feature's, combined in netlify/functions/_registry/product-homes.ts).
 */
import { accessEnding, endingParams, purchaseConfirmation, purchaseParams } from './messages';
import { NO_ADDRESS } from '../../../../../netlify/functions/_shared/email/prepared';
import type { Preparers } from '../../../../../netlify/functions/_shared/email/outbox';
import { verifiedAddress } from '../../../../../netlify/functions/_shared/email/recipients';
import type { ProductHomes } from './products';

export const commerceEmails = (homes: ProductHomes) =>
  ({
    purchase_confirmation: async (db, row) => {
      const data = purchaseParams(row.params, homes);
      if (!data) return null;
      const to = await verifiedAddress(db, row.user_id);
      return to ? { to: to.email, composed: { content: purchaseConfirmation(to.recipient, data) } } : { skip: NO_ADDRESS };
    },
    access_ending: async (db, row) => {
      const data = endingParams(row.params, homes);
      if (!data) return null;
      const to = await verifiedAddress(db, row.user_id);
      return to ? { to: to.email, composed: { content: accessEnding(to.recipient, data) } } : { skip: NO_ADDRESS };
    },
  }) satisfies Partial<Preparers>;
