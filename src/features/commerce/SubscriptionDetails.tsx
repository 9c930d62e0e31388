/**
 * The dashboard's "Subscription Details" card: the member's plan and its status (the badge),
 * and the billing actions (the Customer Portal). An island of its own in the dashboard's
 * `subscription` slot.
 */
import type { CatalogueProduct } from '../../core/access/subscription';
import BillingActions from './BillingActions';
import SubscriptionBadge from './SubscriptionBadge';

export default function SubscriptionDetails({ catalogue }: { catalogue: CatalogueProduct[] }) {
  return (
    <section className="card p-6 sm:p-8" aria-labelledby="subscription-heading">
      <h2 id="subscription-heading" className="text-2xl font-semibold">
        Subscription Details
      </h2>
      <div className="mt-4">
        <SubscriptionBadge catalogue={catalogue} />
        <BillingActions />
      </div>
    </section>
  );
}
