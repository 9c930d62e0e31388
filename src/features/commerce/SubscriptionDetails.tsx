/**
 * The dashboard's "Subscription Details" card: the member's plan and its status (the badge),
 * and the billing actions (the Customer Portal). An island of its own in the dashboard's
 * `subscription` slot.
 */
import type { CatalogueProduct } from './subscription';
import Card from '../../core/ui/Card';
import BillingActions from './BillingActions';
import SubscriptionBadge from './SubscriptionBadge';

export default function SubscriptionDetails({ catalogue }: { catalogue: CatalogueProduct[] }) {
  return (
    <Card titleId="subscription-heading" title="Subscription Details">
      <SubscriptionBadge catalogue={catalogue} />
      <BillingActions />
    </Card>
  );
}
