/**
 * The islands' `useStore` (src/core/ui/useStore.ts): what the server rendered while hydrating,
 * the store's value otherwise, and a change that arrives (not one the member makes) rendered in
 * a transition, not synchronously.
 */
import { describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { atom } from 'nanostores';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useStore } from '../../src/core/ui/useStore';

function Shows({ store, seen, ssr }: { store: ReturnType<typeof atom<string>>; seen: string[]; ssr?: 'initial' | (() => string) }) {
  const value = useStore(store, ssr ? { ssr } : {});
  seen.push(value);
  return <p>{value}</p>;
}

describe('useStore', () => {
  it('hydrates what the build rendered (the initial value), then shows the store’s value, with no mismatch', async () => {
    const store = atom('loading');
    const seen: string[] = [];
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Shows store={store} seen={[]} ssr="initial" />);
    expect(container.textContent).toBe('loading');
    store.set('ready');
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Shows store={store} seen={seen} ssr="initial" />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(seen[0]).toBe('loading');
    expect(container.textContent).toBe('ready');
  });

  it('hydrates the value an `ssr` function gives (a computed store has no initial value)', async () => {
    const store = atom('ready');
    const seen: string[] = [];
    const container = document.createElement('div');
    container.innerHTML = '<p>server</p>';
    await act(async () => {
      hydrateRoot(container, <Shows store={store} seen={seen} ssr={() => 'server'} />);
    });
    expect(seen[0]).toBe('server');
    expect(container.textContent).toBe('ready');
  });

  it('mounted after the page hydrated (no server HTML), shows the store’s value from its first render', async () => {
    const store = atom('loading');
    store.set('ready');
    const seen: string[] = [];
    const container = document.createElement('div');
    await act(async () => {
      createRoot(container).render(<Shows store={store} seen={seen} ssr="initial" />);
    });
    expect(seen).toEqual(['ready']);
    expect(container.textContent).toBe('ready');
  });

  it('renders a change the member makes (in a press) at once, and one that arrives (a timer, another tab) in a transition, not synchronously', async () => {
    const store = atom('a');
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(<Shows store={store} seen={[]} />));

    // In a press: rendered before the next task, as React renders the press itself.
    const button = document.createElement('button');
    button.addEventListener('click', () => store.set('pressed'));
    document.body.append(button);
    button.click();
    await Promise.resolve();
    expect(container.textContent).toBe('pressed');

    // Arriving (here from a timer): React does not render it in the microtasks after it, as a
    // synchronous store update would, but as background work that comes later. Read in the
    // timer's own task (its microtasks), since React's next task may come at any time after it.
    const seenAfterArrival = new Promise<string | null>((resolve) =>
      setTimeout(() => {
        store.set('arrived');
        void Promise.resolve()
          .then(() => Promise.resolve())
          .then(() => resolve(container.textContent));
      }, 0),
    );
    expect(await seenAfterArrival).toBe('pressed');
    await vi.waitFor(() => expect(container.textContent).toBe('arrived'));

    // During an event that is not the member's input (another tab's change; an IndexedDB answer
    // and React's own scheduler come as events too): not rendered synchronously either, though
    // the browser sets window.event while it runs.
    window.addEventListener('storage', () => store.set('from another tab'), { once: true });
    window.dispatchEvent(new StorageEvent('storage', { key: 'x' }));
    await Promise.resolve();
    expect(container.textContent).toBe('arrived');
    await vi.waitFor(() => expect(container.textContent).toBe('from another tab'));
    act(() => root.unmount());
    container.remove();
    button.remove();
  });
});
