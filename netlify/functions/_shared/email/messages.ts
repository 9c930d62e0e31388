/**
 * What every message says the same way, whichever feature writes it: the greeting, the
 * sign-off, the dashboard's address. Each feature's templates are in its `server/email`
 * (commerce's purchase confirmation and access-ending note, coaching's, the account's). Pure.
 */
import { BRAND } from '../../../../src/core/config/site';

/** Who the message is for: the name they gave, when they gave one. */
export interface Recipient {
  name: string | null;
}

export const SIGNOFF_NAME = `The ${BRAND} team`;

export function greeting(recipient: Recipient): string {
  const first = recipient.name?.trim().split(/\s+/)[0];
  return first ? `Hi ${first},` : 'Hello,';
}

/** The member's dashboard, with their library and seats: where a message sends them to find what they have. */
export const LIBRARY_PATH = '/dashboard/';
