/**
 * Tombstones of deleted accounts (public.deleted_members, 20261201130000_deleted_members.sql):
 * the SHA-256 of the uid, written by account-delete before the member's rows go, and consulted
 * by the webhook (a late Stripe event of a deleted member is acknowledged and writes nothing
 * personal) and by auth-sync (a still-valid token of a deleted account gets no profile back).
 * The database keeps the same rules in the statements that write, whoever writes.
 */
import { createHash } from 'node:crypto';
import type { AdminDb } from './supabase';
import { describeDbError } from './supabase';

/** The tombstone of a uid: the hex SHA-256 of its UTF-8 bytes (as private.member_hash). */
export function memberHash(memberId: string): string {
  return createHash('sha256').update(memberId, 'utf8').digest('hex');
}

/** A failed read or write of the tombstones; `detail` is for the log (the database's code and message). */
export class TombstoneError extends Error {}

/** Whether the account of `memberId` was deleted. */
export async function isDeletedMember(db: AdminDb, memberId: string): Promise<boolean> {
  const { data, error } = await db.from('deleted_members').select('uid_sha256').eq('uid_sha256', memberHash(memberId)).maybeSingle<{ uid_sha256: string }>();
  if (error) throw new TombstoneError(describeDbError('deleted_members select', error));
  return data !== null;
}

/** Leaves the tombstone of `memberId` (a second deletion keeps the first time). */
export async function rememberDeletedMember(db: AdminDb, memberId: string): Promise<void> {
  const { error } = await db.from('deleted_members').upsert({ uid_sha256: memberHash(memberId) }, { onConflict: 'uid_sha256', ignoreDuplicates: true });
  if (error) throw new TombstoneError(describeDbError('deleted_members insert', error));
}
