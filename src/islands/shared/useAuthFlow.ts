import { useCallback, useEffect, useRef, useState } from 'react';
import { AFTER_SIGN_IN_PATH, REDIRECT_DELAY_MS } from '../../lib/auth-validation';
import type { Message } from './MessageBanner';
import { navigate } from './navigate';

export type AuthStatus = 'idle' | 'submitting' | 'success';

/**
 * The states the login and signup forms share: idle, submitting, then success (green message,
 * /dashboard after 1.5 s) or back to idle with the red message of the error.
 */
export function useAuthFlow() {
  const [status, setStatus] = useState<AuthStatus>('idle');
  const [message, setMessage] = useState<Message | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const run = useCallback(async (action: () => Promise<unknown>, errorMessage: (error: unknown) => string, successText: string) => {
    setStatus('submitting');
    setMessage(null);
    try {
      await action();
      setStatus('success');
      setMessage({ tone: 'success', text: successText });
      timer.current = setTimeout(() => navigate(AFTER_SIGN_IN_PATH), REDIRECT_DELAY_MS);
    } catch (error) {
      console.error('Sign-in failed', error);
      setStatus('idle');
      setMessage({ tone: 'error', text: errorMessage(error) });
    }
  }, []);

  const fail = useCallback((text: string) => setMessage({ tone: 'error', text }), []);
  /** Typing clears an existing message. */
  const clear = useCallback(() => setMessage((m) => (m ? null : m)), []);

  return { status, message, run, fail, clear, busy: status !== 'idle' };
}
