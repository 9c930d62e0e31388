/** Replaces window.location with one whose assign and reload are spies (jsdom cannot navigate). */
import { vi, type Mock } from 'vitest';

export interface FakeLocation {
  assign: Mock<(url: string) => void>;
  reload: Mock<() => void>;
  restore(): void;
}

export function fakeLocation(path = '/products'): FakeLocation {
  const original = window.location;
  const url = new URL(path, original.origin);
  const assign = vi.fn<(url: string) => void>();
  const reload = vi.fn<() => void>();
  Object.defineProperty(window, 'location', {
    configurable: true,
    value: { href: url.href, origin: url.origin, pathname: url.pathname, search: url.search, hash: url.hash, assign, reload, replace: vi.fn() },
  });
  return {
    assign,
    reload,
    restore: () => Object.defineProperty(window, 'location', { configurable: true, value: original }),
  };
}
