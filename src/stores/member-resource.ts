/**
 * A store of data that belongs to the signed-in member: loaded when an island first listens,
 * loaded again when another member signs in, back to `loading` when no one is signed in.
 */
import { atom, onMount, type ReadableAtom } from 'nanostores';
import type { AppUser } from '../lib/user';
import { $session } from './session';

export type Resource<T> = { status: 'loading' } | { status: 'ready'; value: T };

/** A member resource that can be read again (after the member changed it, or a "Try again"). */
export type MemberResource<T> = ReadableAtom<Resource<T>> & { reload(): void };

/** `load` must not throw: it turns failures into a value (an error message). */
export function memberResource<T>(load: (user: AppUser) => Promise<T>): MemberResource<T> {
  const store = atom<Resource<T>>({ status: 'loading' });
  let reload = () => {};
  onMount(store, () => {
    let current: string | null = null;
    return $session.subscribe((session) => {
      if (session.status !== 'signedIn') {
        current = null;
        store.set({ status: 'loading' });
        return;
      }
      if (session.user.id === current) return;
      const { user } = session;
      current = user.id;
      const read = () => {
        store.set({ status: 'loading' });
        void load(user).then((value) => {
          if (current === user.id) store.set({ status: 'ready', value });
        });
      };
      reload = () => {
        if (current === user.id) read();
      };
      read();
    });
  });
  return Object.assign(store, { reload: () => reload() });
}
