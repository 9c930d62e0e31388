import { useCallback, useEffect, useRef, useState } from 'react';
import { REDIRECT_DELAY_MS } from './auth-validation';
import { destinationAfterSignIn } from '../../core/session/next-path';
import type { Session } from '../../core/session/user';
import { $session, watchSession } from '../../core/session/store';
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
 * of the error. With `live`, a member who is already signed in when the page opens is sent on
 * at once.
 */
export function useAuthFlow({ live = false }: { live?: boolean } = {}) {
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

  return { status, message, run, fail, clear, busy: status !== 'idle' };
}
