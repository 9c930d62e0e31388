/**
 * The member's profiles row through the browser's database client, or null when there is none yet
 * (`maybeSingle`: none is an answer, not a 406).
 */
import { dbRequest, type DbResult } from '../db/client';
import type { Profile } from './profile';

export function fetchProfile(memberId: string): Promise<DbResult<Profile>> {
  return dbRequest((db) => db.from('profiles').select('*').eq('id', memberId).maybeSingle<Profile>());
}
