/**
 * A nanostores store in a React island, rendered without blocking the page.
 *
 * `@nanostores/react`'s `useStore` follows a store with `useSyncExternalStore`, and React renders
 * every change it sees that way synchronously, in one task it cannot interrupt, on every island
 * that follows the store: right after hydration (the store no longer holds what the server
 * rendered) and at each answer from the network (eight on the dashboard; measured in
 * docs/decisions/member-weight.md).
 *
 * Here a change the member caused (during their input: a press, a key, a submit) renders as
 * React would render it anyway, at that event's priority; any other change (an answer arriving,
 * a timer, another tab) renders in a transition, which React splits into short pieces and
 * interrupts for input. During hydration the island renders `ssr` (what the build rendered),
 * then the store's value; an island mounted later renders the store's value from the start.
 */
import type { ReadableAtom } from 'nanostores';
import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

export interface UseStoreOptions<T> {
  /** What the build rendered: `'initial'` (the store's initial value) or a function returning it. */
  ssr?: 'initial' | (() => T);
}

const noSubscribe = () => () => {};
const onClient = () => false;

/** A server-value getter that records whether it was asked. */
function serverValueProbe() {
  const probe = {
    asked: false,
    get: () => {
      probe.asked = true;
      return false;
    },
  };
  return probe;
}

/**
 * Whether this render hydrates server HTML: React asks `useSyncExternalStore` for the server
 * value only then, and asks it synchronously, inside the call. Both values are the same, so
 * React never renders again because of it (as it would with two different values).
 */
function useHydrating(): boolean {
  const probe = serverValueProbe();
  useSyncExternalStore(noSubscribe, onClient, probe.get);
  return probe.asked;
}

/**
 * The member's own input: the events React itself renders at once (its discrete events). Other
 * events also set `window.event` while their listeners and the microtasks after them run (React's
 * own scheduler ticks on `message` events, IndexedDB answers with `success`, another tab's change
 * comes as `storage`), and a store changed there is not the member's doing.
 */
const INPUT_EVENTS = new Set([
  'beforeinput',
  'blur',
  'change',
  'click',
  'compositionend',
  'contextmenu',
  'copy',
  'cut',
  'dblclick',
  'drop',
  'focus',
  'focusin',
  'focusout',
  'input',
  'keydown',
  'keyup',
  'mousedown',
  'mouseup',
  'paste',
  'pointerdown',
  'pointerup',
  'reset',
  'submit',
  'toggle',
  'touchend',
  'touchstart',
]);

/** Whether the browser is dispatching the member's input (a press, a key, a submit) right now. */
function duringInput(): boolean {
  return typeof window !== 'undefined' && window.event !== undefined && INPUT_EVENTS.has(window.event.type);
}

/** What the build rendered for `store`: its initial value, or what the `ssr` function gives. */
function serverValue<T>(store: ReadableAtom<T>, ssr: NonNullable<UseStoreOptions<T>['ssr']>): T {
  if (typeof ssr === 'function') return ssr();
  // A computed store has no initial value (`init`): what the build rendered is then its value.
  return Reflect.has(store, 'init') ? (store as ReadableAtom<T> & { init: T }).init : store.get();
}

export function useStore<T>(store: ReadableAtom<T>, options: UseStoreOptions<T> = {}): T {
  const { ssr } = options;
  const hydrating = useHydrating();
  const [value, setValue] = useState<T>(() => (hydrating && ssr ? serverValue(store, ssr) : store.get()));
  useEffect(() => {
    const follow = (next: T) => {
      if (duringInput()) setValue(() => next);
      else startTransition(() => setValue(() => next));
    };
    follow(store.get());
    return store.listen(follow);
  }, [store]);
  return value;
}
