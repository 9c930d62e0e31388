/**
 * The login and signup forms with the flag off: the checks before any call, the labels while
 * submitting, the error catalogue (email and Google), typing clearing a message, and the green
 * message that leaves for /dashboard 1.5 s later. Sign-in itself is mocked (the members e2e
 * runs the real thing against the Auth emulator).
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const session = vi.hoisted(() => {
  // The session store and the sign-in actions (src/core/session/store.ts, src/features/account/sign-in-actions.ts), with a
  // small stand-in for the session atom: get, listen and set.
  let value: { status: string; user?: unknown } = { status: 'signedOut' };
  const listeners = new Set<(v: typeof value) => void>();
  return {
    preloadAuth: vi.fn(),
    signInWithEmail: vi.fn(),
    signInWithGoogle: vi.fn(),
    signUpWithEmail: vi.fn(),
    watchSession: vi.fn(async () => {}),
    $session: {
      get: () => value,
      listen: (fn: (v: typeof value) => void) => {
        listeners.add(fn);
        return () => listeners.delete(fn);
      },
      set: (next: typeof value) => {
        value = next;
        for (const fn of listeners) fn(next);
      },
    },
  };
});
vi.mock('../../src/core/session/store', () => session);
vi.mock('../../src/features/account/sign-in-actions', () => session);
const navigation = vi.hoisted(() => ({ navigate: vi.fn() }));
vi.mock('../../src/features/account/navigate', () => navigation);

import LoginForm from '../../src/features/account/LoginForm';
import SignupForm from '../../src/features/account/SignupForm';

const firebaseError = (code: string, message = `Firebase: Error (${code}).`) => Object.assign(new Error(message), { code });

/** A promise the test settles when it wants. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const banner = () => document.querySelector('[data-tone]');

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  for (const fn of [session.preloadAuth, session.signInWithEmail, session.signInWithGoogle, session.signUpWithEmail, navigation.navigate]) fn.mockReset();
  session.$session.set({ status: 'signedOut' });
  window.history.replaceState(null, '', '/login');
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const setup = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

describe('LoginForm', () => {
  it('with the flag on: both buttons read "Coming Soon", are disabled, and nothing loads', () => {
    render(<LoginForm disabled />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Coming Soon', 'Coming Soon']);
    expect(buttons.every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(session.preloadAuth).not.toHaveBeenCalled();
  });

  it('requires both fields before calling the identity provider', async () => {
    const user = setup();
    render(<LoginForm />);
    expect(session.preloadAuth).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter your email address');
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    expect(banner()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(banner()?.textContent).toBe('Please enter your password');
    expect(session.signInWithEmail).not.toHaveBeenCalled();
  });

  it('reads "Signing In" while submitting, then shows the green message and goes to /dashboard 1.5 s later', async () => {
    const user = setup();
    const pending = deferred<unknown>();
    session.signInWithEmail.mockReturnValue(pending.promise);
    render(<LoginForm />);
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(session.signInWithEmail).toHaveBeenCalledWith('ana@example.com', 'secret-123');
    const labels = screen.getAllByRole('button').map((b) => [b.textContent, (b as HTMLButtonElement).disabled]);
    expect(labels).toEqual([
      ['Signing In', true],
      ['Signing In', true],
    ]);

    // From here the clock moves only when the test moves it, so "not yet at 1499 ms" holds
    // however slow the machine is (typing above needs it to follow real time).
    vi.useFakeTimers({ shouldAdvanceTime: false });
    await act(async () => pending.resolve({ id: 'u1' }));
    expect(banner()?.getAttribute('data-tone')).toBe('success');
    expect(screen.getByRole('status').textContent).toMatch(/Welcome back/);
    await act(async () => vi.advanceTimersByTime(1499));
    expect(navigation.navigate).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(navigation.navigate).toHaveBeenCalledWith('/dashboard');
  });

  it('goes back to a safe next path after the 1.5 s message, and ignores one on another site', async () => {
    for (const [search, destination] of [
      ['?next=%2Fproducts', '/products'],
      ['?next=https%3A%2F%2Fevil.example%2F', '/dashboard'],
      ['?next=%2F%2Fevil.example', '/dashboard'],
    ] as const) {
      navigation.navigate.mockReset();
      window.history.replaceState(null, '', `/login${search}`);
      session.signInWithEmail.mockResolvedValue({ id: 'u1' });
      const user = setup();
      const { unmount } = render(<LoginForm />);
      await user.type(screen.getByLabelText('Email'), 'ana@example.com');
      await user.type(screen.getByLabelText('Password'), 'secret-123');
      await user.click(screen.getByRole('button', { name: 'Sign In' }));
      // Signing in changes the session: the form still shows its message first.
      act(() => session.$session.set({ status: 'signedIn', user: { id: 'u1' } }));
      await screen.findByRole('status');
      expect(navigation.navigate).not.toHaveBeenCalled();
      expect(screen.getByRole('status').textContent).toMatch(destination === '/dashboard' ? /your dashboard/ : /where you were/);
      await act(async () => vi.advanceTimersByTime(1500));
      expect(navigation.navigate).toHaveBeenCalledWith(destination);
      unmount();
      session.$session.set({ status: 'signedOut' });
    }
  });

  it('goes on to next after signing in with Google too', async () => {
    window.history.replaceState(null, '', '/login?next=%2Fproducts');
    session.signInWithGoogle.mockResolvedValue({ id: 'u1' });
    const user = setup();
    render(<LoginForm />);
    await user.click(screen.getByRole('button', { name: /Continue with Google/ }));
    await screen.findByRole('status');
    await act(async () => vi.advanceTimersByTime(1500));
    expect(navigation.navigate).toHaveBeenCalledWith('/products');
  });

  it('sends a member who is already signed in on at once: to next, or to /dashboard', async () => {
    session.$session.set({ status: 'signedIn', user: { id: 'u1' } });
    window.history.replaceState(null, '', '/login?next=%2Fapp%2Fstillpoint');
    const { unmount } = render(<LoginForm />);
    await waitFor(() => expect(navigation.navigate).toHaveBeenCalledWith('/app/stillpoint'));
    unmount();
    navigation.navigate.mockReset();
    window.history.replaceState(null, '', '/signup');
    render(<SignupForm />);
    await waitFor(() => expect(navigation.navigate).toHaveBeenCalledWith('/dashboard'));
    expect(session.signInWithEmail).not.toHaveBeenCalled();
  });

  it('with the flag on, a signed-in member stays on the static page', async () => {
    session.$session.set({ status: 'signedIn', user: { id: 'u1' } });
    render(<LoginForm disabled />);
    await act(async () => vi.advanceTimersByTime(50));
    expect(navigation.navigate).not.toHaveBeenCalled();
    expect(session.watchSession).not.toHaveBeenCalled();
  });

  it.each([
    ['auth/invalid-credential', 'The email or password you entered is incorrect. Please check your credentials and try again.'],
    ['auth/wrong-password', 'The email or password you entered is incorrect. Please check your credentials and try again.'],
    ['auth/user-not-found', 'No account found with this email address. Please check your email or sign up for a new account.'],
    ['auth/too-many-requests', 'Too many login attempts. Please wait a few minutes before trying again.'],
    ['auth/user-disabled', 'This account has been disabled. Please contact support for assistance.'],
    ['auth/network-request-failed', 'Firebase: Error (auth/network-request-failed).'],
  ])('%s shows “%s” in red; typing clears it', async (code, text) => {
    const user = setup();
    session.signInWithEmail.mockRejectedValue(firebaseError(code));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<LoginForm />);
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', text);
    expect(banner()?.getAttribute('data-tone')).toBe('error');
    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveProperty('disabled', false);
    await user.type(screen.getByLabelText('Password'), '!');
    expect(banner()).toBeNull();
    expect(navigation.navigate).not.toHaveBeenCalled();
  });

  it.each([
    ['auth/popup-closed-by-user', 'Sign-in was cancelled. Please try again.'],
    ['auth/popup-blocked', 'Pop-up was blocked by your browser. Please allow pop-ups and try again.'],
  ])('Google sign-in: %s shows “%s”', async (code, text) => {
    const user = setup();
    session.signInWithGoogle.mockRejectedValue(firebaseError(code));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<LoginForm />);
    await user.click(screen.getByRole('button', { name: /Continue with Google/ }));
    expect(session.signInWithGoogle).toHaveBeenCalledOnce();
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });
});

describe('SignupForm', () => {
  async function fill(user: ReturnType<typeof setup>, values: { name?: string; email?: string; password: string; confirm: string }) {
    await user.type(screen.getByLabelText('Full name'), values.name ?? 'Ana Lima');
    await user.type(screen.getByLabelText('Email'), values.email ?? 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), values.password);
    await user.type(screen.getByLabelText('Confirm password'), values.confirm);
  }

  it('with the flag on: both buttons read "Coming Soon" and are disabled', () => {
    render(<SignupForm disabled />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => [b.textContent, (b as HTMLButtonElement).disabled])).toEqual([
      ['Coming Soon', true],
      ['Coming Soon', true],
    ]);
  });

  it('checks that the passwords match before their length', async () => {
    const user = setup();
    render(<SignupForm />);
    await fill(user, { password: 'abc', confirm: 'abd' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(banner()?.textContent).toBe('Passwords do not match');
    await user.clear(screen.getByLabelText('Confirm password'));
    expect(banner()).toBeNull();
    await user.type(screen.getByLabelText('Confirm password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(banner()?.textContent).toBe('Password must be at least 6 characters long');
    expect(session.signUpWithEmail).not.toHaveBeenCalled();
  });

  it('creates the account with the full name (trimmed for the display name by the session), reads "Creating Account", then succeeds', async () => {
    const user = setup();
    const pending = deferred<unknown>();
    session.signUpWithEmail.mockReturnValue(pending.promise);
    render(<SignupForm />);
    await fill(user, { name: '  Ana Lima  ', password: 'secret-123', confirm: 'secret-123' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(session.signUpWithEmail).toHaveBeenCalledWith('ana@example.com', 'secret-123', '  Ana Lima  ');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Creating Account', 'Creating Account']);
    await act(async () => pending.resolve({ id: 'u1' }));
    expect(banner()?.getAttribute('data-tone')).toBe('success');
    await act(async () => vi.advanceTimersByTime(1500));
    expect(navigation.navigate).toHaveBeenCalledWith('/dashboard');
  });

  it('goes on to the next path it was sent with, by email and by Google', async () => {
    window.history.replaceState(null, '', '/signup?next=%2Fproducts');
    const user = setup();
    session.signUpWithEmail.mockResolvedValue({ id: 'u1' });
    const first = render(<SignupForm />);
    await fill(user, { password: 'secret-123', confirm: 'secret-123' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await screen.findByRole('status');
    await act(async () => vi.advanceTimersByTime(1500));
    expect(navigation.navigate).toHaveBeenCalledWith('/products');
    first.unmount();

    navigation.navigate.mockReset();
    window.history.replaceState(null, '', '/signup?next=%2Fapp%2Fstillpoint%3Fbuy%3D1');
    session.signInWithGoogle.mockResolvedValue({ id: 'u2' });
    const second = render(<SignupForm />);
    await user.click(screen.getByRole('button', { name: /Sign up with Google/ }));
    await screen.findByRole('status');
    await act(async () => vi.advanceTimersByTime(1500));
    expect(session.signInWithGoogle).toHaveBeenCalledOnce();
    expect(navigation.navigate).toHaveBeenCalledWith('/app/stillpoint?buy=1');
    second.unmount();
  });

  it.each([
    ['auth/email-already-in-use', 'An account with this email already exists. Please sign in instead.'],
    ['auth/weak-password', 'Password is too weak. Please choose a stronger password.'],
    ['auth/invalid-email', 'Please enter a valid email address.'],
    ['auth/internal-error', 'Firebase: Error (auth/internal-error).'],
  ])('%s shows “%s”', async (code, text) => {
    const user = setup();
    session.signUpWithEmail.mockRejectedValue(firebaseError(code));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<SignupForm />);
    await fill(user, { password: 'secret-123', confirm: 'secret-123' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });

  it.each([
    ['auth/popup-closed-by-user', 'Sign-up was cancelled. Please try again.'],
    ['auth/popup-blocked', 'Pop-up was blocked by your browser. Please allow pop-ups and try again.'],
    ['auth/account-exists-with-different-credential', 'An account with this email already exists. Please sign in instead.'],
  ])('Google sign-up: %s shows “%s”', async (code, text) => {
    const user = setup();
    session.signInWithGoogle.mockRejectedValue(firebaseError(code));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<SignupForm />);
    await user.click(screen.getByRole('button', { name: /Sign up with Google/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });
});
