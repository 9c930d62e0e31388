/** The `next` path after sign-in: only a path on this site is followed, never an open redirect. */
import { describe, expect, it } from 'vitest';
import { authHref, destinationAfterSignIn, nextFromSearch, safeNextPath } from '../../src/core/session/next-path';

describe('safeNextPath', () => {
  it('keeps a path on this site with its query and fragment', () => {
    expect(safeNextPath('/products')).toBe('/products');
    expect(safeNextPath('/app/stillpoint?x=1#buy')).toBe('/app/stillpoint?x=1#buy');
    expect(safeNextPath('/')).toBe('/');
  });

  it.each([
    ['another origin', 'https://evil.example/'],
    ['a protocol-relative address', '//evil.example'],
    ['a backslash browsers read as a slash', '/\\evil.example'],
    ['a backslash later on', '/ok\\..\\evil'],
    ['a scheme', 'javascript:alert(1)'],
    ['a data URL', 'data:text/html,hi'],
    ['a relative path', 'dashboard'],
    ['a tab browsers strip', '/\t/evil.example'],
    ['a newline browsers strip', '/\n/evil.example'],
    ['a NUL', '/\u0000'],
    ['an encoded-nothing empty value', ''],
    ['a dot path that climbs to another host', '/..//evil.example'],
  ])('ignores %s', (_what, raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });

  it('resolves dot segments inside the site and never leaves it', () => {
    expect(safeNextPath('/a/../products')).toBe('/products');
  });

  it('refuses the sign-in pages themselves, so nobody loops', () => {
    expect(safeNextPath('/login')).toBeNull();
    expect(safeNextPath('/signup/')).toBeNull();
    expect(safeNextPath('/login?next=/products')).toBeNull();
  });

  it('ignores absurdly long values and non-strings', () => {
    expect(safeNextPath(`/${'a'.repeat(3000)}`)).toBeNull();
    expect(safeNextPath(null)).toBeNull();
    expect(safeNextPath(undefined)).toBeNull();
  });
});

describe('destinationAfterSignIn', () => {
  it('goes to next when it is safe, else to the dashboard', () => {
    expect(destinationAfterSignIn('?next=%2Fproducts')).toBe('/products');
    expect(destinationAfterSignIn('?next=https%3A%2F%2Fevil.example')).toBe('/dashboard');
    expect(destinationAfterSignIn('?next=%2F%2Fevil.example')).toBe('/dashboard');
    expect(destinationAfterSignIn('')).toBe('/dashboard');
    expect(nextFromSearch('?other=1')).toBeNull();
  });
});

describe('authHref', () => {
  it('carries a safe next and drops the rest', () => {
    expect(authHref('/login', '/products')).toBe('/login?next=%2Fproducts');
    expect(authHref('/signup', '/app/stillpoint?x=1')).toBe('/signup?next=%2Fapp%2Fstillpoint%3Fx%3D1');
    expect(authHref('/login', '/dashboard')).toBe('/login');
    expect(authHref('/login', '//evil.example')).toBe('/login');
    expect(authHref('/login', null)).toBe('/login');
  });
});
