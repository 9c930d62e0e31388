/**
 * Lessons marked complete on this device that wait to be sent (the outbox,
 * src/core/offline/outbox-api.ts): listed in ./store.ts's `$keptLessons` while they wait, and the
 * progress read back once one is sent. Loaded by a lesson's page only, and the outbox's code
 * with it only when something waits (or a lesson was just kept).
 */
import { outboxMayHoldSomething } from '../../core/offline/names';
import type { WritableAtom } from 'nanostores';
import { $session } from '../../core/session/store';

/** What the course's store gives: the lessons kept on the device, and how to read the progress again. */
export interface Kept {
  lessons: WritableAtom<readonly string[]>;
  reload: () => Promise<void>;
}

let following: Promise<void> | undefined;

/** Follows the outbox on this page (once): `now` when a lesson was just kept, else only if something waits. */
export function followOutbox(now: boolean, { lessons: $keptLessons, reload }: Kept): Promise<void> {
  if (!now && !outboxMayHoldSomething()) return Promise.resolve();
  following ??= import('../../core/offline/outbox-api').then(({ onSent, waiting }) => {
    const read = (uid: string) =>
      void waiting(uid).then((entries) => $keptLessons.set(entries.filter((e) => e.app === 'course').map((e) => e.key.slice('lesson_progress:'.length))));
    $session.subscribe((session) => (session.status === 'signedIn' ? read(session.user.id) : $keptLessons.set([])));
    onSent(({ entry }) => {
      if (entry.app !== 'course') return;
      $keptLessons.set($keptLessons.get().filter((s) => `lesson_progress:${s}` !== entry.key));
      void reload();
    });
  });
  return following;
}
