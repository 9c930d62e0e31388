/**
 * The member's subscription on the dashboard: loading, "Error loading subscription",
 * "Free Explorer Plan", "Unknown subscription", or the plan with its status colour, the status
 * (unless active), the icon of its tier and its billing period.
 */
import { useStore } from '../../core/ui/useStore';
import { formatLongDate } from '../../core/dates';
import { BADGE_TEXT, describeSubscription, type CatalogueProduct, type StatusTone } from './subscription';
import { $subscription } from '../../core/access/store';
import LucideIcon from '../../core/ui/LucideIcon';
import { PLAN_ICONS } from '../../core/access/TierBadge';

const TONE_CLASSES: Record<StatusTone, string> = {
  green: 'border-sage-700/30 bg-sage-100 text-sage-700',
  blue: 'border-sky-700/30 bg-sky-100 text-sky-700',
  yellow: 'border-gold-700/30 bg-gold-100 text-gold-700',
  red: 'border-rose-600/30 bg-rose-100 text-rose-600',
  grey: 'border-plum-100 bg-paper-deep text-ink-soft',
};

function Box({ tone, children, state }: { tone: StatusTone; children: React.ReactNode; state: string }) {
  return (
    <div className={`rounded-2xl border p-5 ${TONE_CLASSES[tone]}`} data-subscription-state={state} data-tone={tone}>
      {children}
    </div>
  );
}

export default function SubscriptionBadge({ catalogue }: { catalogue: readonly CatalogueProduct[] }) {
  const state = useStore($subscription, { ssr: 'initial' });

  if (state.status === 'loading') {
    return (
      <div role="status" className="flex items-center gap-3 text-ink-soft" data-subscription-state="loading">
        <span className="size-5 animate-spin rounded-full border-2 border-plum-200 border-t-plum-700" aria-hidden="true" />
        Loading subscription…
      </div>
    );
  }
  const { error, subscription } = state.value;
  if (error) {
    return (
      <Box tone="red" state="error">
        <p className="font-semibold" role="alert">
          {BADGE_TEXT.error}
        </p>
      </Box>
    );
  }

  const view = describeSubscription(subscription, catalogue);
  if (view.kind === 'free') {
    return (
      <Box tone="grey" state="free">
        <p className="flex items-center gap-2 font-semibold text-ink">
          <LucideIcon icon={PLAN_ICONS.Explorer} />
          {view.text}
        </p>
      </Box>
    );
  }
  if (view.kind === 'unknown') {
    return (
      <Box tone="grey" state="unknown">
        <p className="font-semibold text-ink">{view.text}</p>
      </Box>
    );
  }

  const start = formatLongDate(view.periodStart);
  const end = formatLongDate(view.periodEnd);
  return (
    <Box tone={view.tone} state="plan">
      <p className="flex flex-wrap items-center gap-2 font-semibold">
        <LucideIcon icon={PLAN_ICONS[view.plan]} />
        <span data-plan-name>{view.name}</span>
        {view.statusText && (
          <span className="rounded-full border border-current px-2 py-0.5 text-xs" data-status>
            {view.statusText}
          </span>
        )}
      </p>
      <dl className="mt-3 space-y-1 text-sm text-ink">
        {start && end && (
          <div>
            <dt className="inline font-medium">Current period: </dt>
            <dd className="inline" data-period>
              {start} – {end}
            </dd>
          </div>
        )}
        {end && view.endLabel && (
          <div>
            <dt className="inline font-medium" data-end-label>
              {view.endLabel}:{' '}
            </dt>
            <dd className="inline">{end}</dd>
          </div>
        )}
        {view.paymentMethod && (
          <div>
            <dt className="inline font-medium">Payment method: </dt>
            <dd className="inline">{view.paymentMethod}</dd>
          </div>
        )}
      </dl>
      {view.action && (
        <p className="mt-3 font-semibold text-ink" data-subscription-action>
          {view.action}
        </p>
      )}
    </Box>
  );
}
