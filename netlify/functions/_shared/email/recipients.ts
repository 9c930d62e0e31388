/**
 * Where a member's mail goes: their proven address (docs/decisions/accounts.md). Every message
 * but the ones that prove an address (./account.ts) uses this, and a member without one gets
 * nothing: whatever they typed into a form is a contact to show, never an address to write to.
 */
import { Upstream } from '../log';
import { describeDbError, type AdminDb } from '../supabase';
import type { Recipient } from './messages';

/**
 * The member's proven address and their name, from their profile, or null without one: a profile
 * whose address is not verified (profiles.email_verified) gets no message but the ones that prove
 * it (./account.ts). docs/decisions/accounts.md.
 */
export async function verifiedAddress(db: AdminDb, member: string): Promise<{ email: string; recipient: Recipient } | null> {
  const { data, error } = await db
    .from('profiles')
    .select('email, full_name, email_verified')
    .eq('id', member)
    .maybeSingle<{ email: string; full_name: string | null; email_verified: boolean }>();
  if (error) throw new Upstream('The message could not be prepared.', describeDbError('profiles select', error));
  return data?.email && data.email_verified ? { email: data.email, recipient: { name: data.full_name } } : null;
}
