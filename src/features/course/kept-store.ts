/**
 * Lessons marked complete on this device that wait to be sent (the outbox,
 * src/core/offline/outbox-api.ts): listed in ./store.ts's `$keptLessons` while they wait, and the
 * progress read back once one is sent. A sent lesson stays listed until that read has answered:
 * dropped at once, the player showed "Mark as complete" again for as long as the read took (a
 * lesson the database had just stored, which a press then would have sent again). Loaded by a
 * lesson's page only, and the outbox's code with it only when something waits (or a lesson was
 * just kept).
 */
import { outboxMayHoldSomething } from '../../core/offline/names';
import type { WritableAtom } from 'nanostores';
import type { OutboxEntry } from '../../core/offline/outbox';
import { $session } from '../../core/session/store';

/** What the course's store gives: the lessons kept on the device, those refused, and how to read the progress again. */
export interface Kept {
  lessons: WritableAtom<readonly string[]>;
  refused: WritableAtom<readonly Pick<OutboxEntry, 'refused'>[]>;
  reload: () => Promise<void>;
}

let following: Promise<void> | undefined;

/** Lessons sent from the outbox whose progress is being read back (still listed until it answers). */
const readingBack = new Set<string>();

/** Follows the outbox on this page (once): `now` when a lesson was just kept, else only if something waits. */
export function followOutbox(now: boolean, { lessons: $keptLessons, refused: $refused, reload }: Kept): Promise<void> {
  const session = $session.get();
  if (!now && session.status === 'unknown') {
    // The member's outbox is theirs: known once the session is.
    const stop = $session.listen(() => {
      stop();
      void followOutbox(false, { lessons: $keptLessons, refused: $refused, reload });
    });
    return Promise.resolve();
  }
  if (!now && !(session.status === 'signedIn' && outboxMayHoldSomething(session.user.id))) return Promise.resolve();
  following ??= import('../../core/offline/outbox-api').then(({ onOutboxChange, onSent, waiting }) => {
    const read = (memberId: string) =>
      void waiting(memberId).then((entries) => {
        const course = entries.filter((e) => e.app === 'course');
        const waitingNow = course.map((e) => e.key.slice('lesson_progress:'.length));
        $keptLessons.set([...waitingNow, ...[...readingBack].filter((s) => !waitingNow.includes(s))]);
        $refused.set(course.filter((e) => e.refused));
      });
    const readNow = () => {
      const session = $session.get();
      if (session.status === 'signedIn') read(session.user.id);
      else {
        readingBack.clear();
        $keptLessons.set([]);
        $refused.set([]);
      }
    };
    $session.subscribe(readNow);
    // A send the database refused is marked on its entry: read again to say so.
    onOutboxChange(readNow);
    onSent(({ entry }) => {
      if (entry.app !== 'course') return;
      const slug = entry.key.slice('lesson_progress:'.length);
      readingBack.add(slug);
      void reload().finally(() => {
        readingBack.delete(slug);
        $keptLessons.set($keptLessons.get().filter((s) => s !== slug));
      });
    });
  });
  return following;
}
