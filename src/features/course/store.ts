/**
 * The signed-in member's course progress, read once per member and shared by the islands of a
 * page (the lesson player, the outline's progress, the dashboard's card). Marking a lesson
 * complete shows at once and is then read back from the database; marked offline, it waits on
 * the device (`$keptLessons`) and is read back once the outbox has sent it.
 */
import { atom, onMount } from 'nanostores';
import { memberResource } from '../../core/session/member-store';
import { $session } from '../../core/session/store';
import { fetchProgress, markLessonComplete, type ProgressAnswer } from './api';
import type { OutboxEntry } from '../../core/offline/outbox';

export const $courseProgress = memberResource<ProgressAnswer>((user) => fetchProgress(user.id));

/** Slugs being marked complete right now (the button waits, a second press sends nothing). */
export const $marking = atom<readonly string[]>([]);

/** Lessons marked complete on this device that wait to be sent (the outbox). */
export const $keptLessons = atom<readonly string[]>([]);

/** Those of them the database refused when they were sent (kept, tried again; the player says so). */
export const $refusedLessons = atom<readonly Pick<OutboxEntry, 'refused'>[]>([]);

// Lessons kept on the device are followed (./kept-store.ts) only where a lesson shows them.
const onDevice = { lessons: $keptLessons, refused: $refusedLessons, reload: () => $courseProgress.reload() };
onMount($keptLessons, () => {
  void import('./kept-store').then(({ followOutbox }) => followOutbox(false, onDevice));
});

export async function markComplete(slug: string): Promise<string | null> {
  const session = $session.get();
  if (session.status !== 'signedIn') return null;
  if ($marking.get().includes(slug)) return null;
  $marking.set([...$marking.get(), slug]);
  try {
    const { error, kept } = await markLessonComplete(session.user.id, slug);
    if (kept) {
      $keptLessons.set([...$keptLessons.get().filter((s) => s !== slug), slug]);
      void import('./kept-store').then(({ followOutbox }) => followOutbox(true, onDevice));
    }
    else if (!error) await $courseProgress.reload();
    return error;
  } finally {
    $marking.set($marking.get().filter((s) => s !== slug));
  }
}
