/**
 * The member's email choices (email_preferences), read and saved through the browser's database
 * client under row-level security: their own row only. No row means the defaults (reminders on);
 * saving is one upsert on the member's id, so a double click or two tabs keep one row. Each
 * answers a value or a message to show; none throws.
 */
import { dbRequest } from '../../core/db/client';

export const EMAIL_CHOICE_MESSAGES = {
  loadFailed: 'Your email choices could not be loaded. Please try again in a moment.',
  saveFailed: 'Your choice could not be saved. Please try again.',
  remindersOn: 'Saved: we’ll remind you the day before each session.',
  remindersOff: 'Saved: no more reminders. Confirmations still arrive.',
} as const;

export type RemindersAnswer = { on: boolean; error: null } | { on: null; error: string };

/** Whether the member gets coaching reminders (true when they never chose). */
export async function fetchReminders(memberId: string): Promise<RemindersAnswer> {
  const { data, error } = await dbRequest((db) => db.from('email_preferences').select('coaching_reminders').eq('user_id', memberId).maybeSingle<{ coaching_reminders: boolean }>());
  if (error) return { on: null, error: EMAIL_CHOICE_MESSAGES.loadFailed };
  return { on: data?.coaching_reminders ?? true, error: null };
}

/** Saves the choice; null when saved, else the message to show. */
export async function saveReminders(memberId: string, on: boolean): Promise<string | null> {
  const { error } = await dbRequest((db) => db.from('email_preferences').upsert({ user_id: memberId, coaching_reminders: on }, { onConflict: 'user_id' }));
  return error ? EMAIL_CHOICE_MESSAGES.saveFailed : null;
}
