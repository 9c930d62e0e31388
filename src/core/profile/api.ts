/** The member's profiles row through the browser's database client (PGRST116 when there is none yet). */
import { dbRequest, type DbResult } from '../db/client';
import type { Profile } from './profile';

export function fetchProfile(userId: string): Promise<DbResult<Profile>> {
  return dbRequest((db) => db.from('profiles').select('*').eq('id', userId).single<Profile>());
}
