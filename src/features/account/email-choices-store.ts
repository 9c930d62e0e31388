/**
 * The signed-in member's email choices: read once per member (a member resource), saved with one
 * upsert and then read back, so the switch shows what the database holds.
 */
import { memberResource } from '../../core/session/member-store';
import { $session } from '../../core/session/store';
import { fetchReminders, saveReminders, type RemindersAnswer } from './email-choices-api';

export const $reminders = memberResource<RemindersAnswer>((user) => fetchReminders(user.id));

/** Saves the member's choice; null when saved, else the message to show. */
export async function setReminders(on: boolean): Promise<string | null> {
  const session = $session.get();
  if (session.status !== 'signedIn') return null;
  const failure = await saveReminders(session.user.id, on);
  if (!failure) await $reminders.reload();
  return failure;
}
