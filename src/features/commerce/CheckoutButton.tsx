/**
 * The purchase button: idle, then "Processing..." while the checkout function creates a hosted
 * checkout, then a redirect to it; or the spec's error message under the button. A visitor who
 * is not signed in goes to /login instead. Used on /products (inside ProductsCatalogue) and,
 * with the flag off, on the app pages as an island of its own.
 */
import { useEffect, useState } from 'react';
import { buildCheckoutRequest, CHECKOUT_MESSAGES } from './checkout';
import { authHref } from '../../core/session/next-path';
import type { Session } from '../../core/session/user';
import { createCheckoutSession } from './checkout-api';
import { $session, watchSession } from '../../core/session/store';

export interface CheckoutButtonProps {
  priceId: string;
  mode: 'payment' | 'subscription';
  /** The visible label, e.g. "Buy Now" or "Upgrade". */
  label: string;
  /** Said after the label to screen readers ("Buy Now: Stillpoint"), e.g. the product name. */
  srLabel?: string;
  className?: string;
}

/** The session once it is known (signed in or out); signed out if it stays unknown for 10 s. */
function knownSession(timeoutMs = 10_000): Promise<Session> {
  const current = $session.get();
  if (current.status !== 'unknown') return Promise.resolve(current);
  return new Promise((resolve) => {
    const stop = $session.listen((next) => {
      if (next.status === 'unknown') return;
      clearTimeout(timer);
      stop();
      resolve(next);
    });
    const timer = setTimeout(() => {
      stop();
      resolve({ status: 'signedOut' });
    }, timeoutMs);
  });
}

type State = { status: 'idle' } | { status: 'processing' } | { status: 'error'; message: string };

export default function CheckoutButton({ priceId, mode, label, srLabel, className = 'btn btn-primary w-full' }: CheckoutButtonProps) {
  const [state, setState] = useState<State>({ status: 'idle' });

  useEffect(() => {
    void watchSession();
    // Back from Stripe Checkout: the browser may restore this page from its back-forward cache
    // exactly as it was left, "Processing..." and all. A restored page starts over.
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setState({ status: 'idle' });
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  async function start() {
    setState({ status: 'processing' });
    try {
      await watchSession();
      const session = await knownSession();
      if (session.status !== 'signedIn') {
        // Back to this page after signing in.
        window.location.assign(authHref('/login', `${window.location.pathname}${window.location.search}`));
        return;
      }
      const url = await createCheckoutSession(
        buildCheckoutRequest({ priceId, mode, origin: window.location.origin, currentUrl: window.location.href }),
      );
      window.location.assign(url);
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : CHECKOUT_MESSAGES.startFailed;
      console.error('Checkout:', message);
      setState({ status: 'error', message });
    }
  }

  const processing = state.status === 'processing';
  return (
    <div>
      <button
        type="button"
        className={className}
        disabled={processing}
        aria-busy={processing}
        aria-label={srLabel && !processing ? `${label}: ${srLabel}` : undefined}
        onClick={() => void start()}
      >
        {processing ? 'Processing...' : label}
      </button>
      {state.status === 'error' ? (
        <p role="alert" className="mt-2 text-sm font-medium text-rose-600">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
