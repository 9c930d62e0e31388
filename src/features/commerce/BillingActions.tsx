/**
 * Under the subscription on the dashboard: "Manage billing" (Stripe's Customer Portal: card,
 * invoices, cancelling at the period end, switching plans), or, when a payment failed,
 * "Update payment method" first and prominent. Shown to members who have a subscription.
 */
import { useStore } from '../../core/ui/useStore';
import { useEffect, useState } from 'react';
import { PAYMENT_ACTION } from './subscription';
import { openBillingPortal } from './billing-api';
import { $subscription } from '../../core/access/store';

export default function BillingActions() {
  const state = useStore($subscription, { ssr: 'initial' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Back from the portal through the browser's history: the page may come from the
  // back-forward cache with the button still busy.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  if (state.status !== 'ready' || !state.value.subscription) return null;
  const status = state.value.subscription.subscription_status ?? '';
  const needsPayment = status in PAYMENT_ACTION;

  const open = async () => {
    setBusy(true);
    setError(null);
    try {
      window.location.assign(await openBillingPortal());
    } catch (e) {
      setBusy(false);
      setError(e instanceof Error ? e.message : 'The billing portal could not be opened. Please try again.');
    }
  };

  return (
    <div className="mt-4 space-y-2" data-billing-actions>
      <div className="flex flex-wrap gap-3">
        <button type="button" className={needsPayment ? 'btn btn-primary' : 'btn btn-outline'} disabled={busy} aria-busy={busy} onClick={() => void open()}>
          {busy ? 'Opening…' : needsPayment ? 'Update payment method' : 'Manage billing'}
        </button>
      </div>
      <p className="text-sm text-ink-soft">
        {needsPayment
          ? 'Opens our secure billing page (Stripe), where you can also see invoices and manage your plan.'
          : 'Update your card, see invoices, change or cancel your plan on our secure billing page (Stripe).'}
      </p>
      {error && (
        <p role="alert" className="text-sm font-medium text-rose-600">
          {error}
        </p>
      )}
    </div>
  );
}
