/** The sign-in and sign-up forms' shared state: submitting, the message, and where to go after. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { REDIRECT_DELAY_MS } from './auth-validation';
import { destinationAfterSignIn } from '../../core/session/next-path';
import type { Session } from '../../core/session/user';
import { $session, preloadAuth, watchSession } from '../../core/session/store';
import { useHydrated } from './useHydrated';
import type { Message } from '../../core/ui/MessageBanner';
import { navigate } from './navigate';

export type AuthStatus = 'idle' | 'submitting' | 'success';

/** Where this page sends a member once signed in: its safe `next` path, else /dashboard. */
export function afterSignIn(): string {
  return destinationAfterSignIn(window.location.search);
}

/**
 * The states the login and signup forms share: idle, submitting, then success (green message,
 * then the page's `next` path or /dashboard after 1.5 s) or back to idle with the red message
 * of the error. Unless the site-wide flag has the form `disabled`: sign-in's code starts
 * loading at once, and a member who is already signed in when the page opens is sent on.
 * `waiting` until the island is live: nothing can be typed or pressed before (the static page
 * shows the same form); `blocked` while anything (the flag, a request, hydration) holds the form.
 */
export function useAuthFlow({ disabled = false }: { disabled?: boolean } = {}) {
  const live = !disabled;
  const hydrated = useHydrated();
  const waiting = live && !hydrated;
  const [status, setStatus] = useState<AuthStatus>('idle');
  const [message, setMessage] = useState<Message | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const started = useRef(false);
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!live) return;
    let stop = () => {};
    let gone = false;
    const check = (session: Session) => {
      if (session.status === 'signedIn' && !started.current && !gone) {
        gone = true;
        navigate(afterSignIn());
      }
    };
    void watchSession().then(() => {
      if (gone) return;
      check($session.get());
      stop = $session.listen(check);
    });
    return () => {
      gone = true;
      stop();
    };
  }, [live]);

  // Sign-in's code starts loading now, not at the first tap.
  useEffect(() => {
    if (live) preloadAuth();
  }, [live]);

  const run = useCallback(async (action: () => Promise<unknown>, errorMessage: (error: unknown) => string, successText: string) => {
    started.current = true;
    setStatus('submitting');
    setMessage(null);
    try {
      await action();
      setStatus('success');
      setMessage({ tone: 'success', text: successText });
      timer.current = setTimeout(() => navigate(afterSignIn()), REDIRECT_DELAY_MS);
    } catch (error) {
      console.error('Sign-in failed', error);
      started.current = false;
      setStatus('idle');
      setMessage({ tone: 'error', text: errorMessage(error) });
    }
  }, []);

  const fail = useCallback((text: string) => setMessage({ tone: 'error', text }), []);
  /** Typing clears an existing message. */
  const clear = useCallback(() => setMessage((m) => (m ? null : m)), []);

  const busy = status !== 'idle';
  return { status, message, run, fail, clear, busy, waiting, blocked: disabled || busy || waiting };
}
