/**
 * A store of data that belongs to the signed-in member: loaded when an island first listens,
 * loaded again when another member signs in, back to `loading` when no one is signed in.
 */
import { atom, onMount, type ReadableAtom } from 'nanostores';
import type { AppUser } from './user';
import { $session } from './store';

export type Resource<T> = { status: 'loading' } | { status: 'ready'; value: T };

/** A member resource that can be read again (after the member changed it, or a "Try again"). */
export type MemberResource<T> = ReadableAtom<Resource<T>> & { reload(): Promise<void> };

/** `load` must not throw: it turns failures into a value (an error message). */
export function memberResource<T>(load: (user: AppUser) => Promise<T>): MemberResource<T> {
  const store = atom<Resource<T>>({ status: 'loading' });
  let current: string | null = null;
  let generation = 0;
  /** Loads the signed-in member's data again (after a change), keeping the old value meanwhile. */
  const reload = async () => {
    const session = $session.get();
    if (session.status !== 'signedIn' || session.user.id !== current) return;
    const id = session.user.id;
    const mine = ++generation;
    const value = await load(session.user);
    if (current === id && mine === generation) store.set({ status: 'ready', value });
  };
  onMount(store, () => {
    current = null;
    return $session.subscribe((session) => {
      if (session.status !== 'signedIn') {
        current = null;
        store.set({ status: 'loading' });
        return;
      }
      if (session.user.id === current) return;
      const id = session.user.id;
      current = id;
      store.set({ status: 'loading' });
      const mine = ++generation;
      void load(session.user).then((value) => {
        if (current === id && mine === generation) store.set({ status: 'ready', value });
      });
    });
  });
  return Object.assign(store, { reload });
}
