/**
 * What one running Stripe stand-in keeps (its records, failures, ids) and the small rules every
 * resource uses: the clock in seconds, a price by id or lookup key, a month's billing period.
 * Each resource's module (checkout-sessions.ts, subscriptions.ts, payments.ts, disputes.ts, …)
 * reads and changes this one context.
 */
import type { DoubleCustomer, SentEvent, StripeDoubleOptions, StripeState } from './types.ts';
import { catalogueAsStripe } from './catalogue.ts';

export interface StripeContext {
  options: StripeDoubleOptions;
  state: StripeState;
  /** Routes told to fail ("GET /v1/prices" -> status), until reset. */
  failures: Map<string, number>;
  /** A new id: `${prefix}_double_${n}`. */
  next(prefix: string): string;
  /** The stand-in's own address (its pages' links), once it listens. */
  base: string;
  /** The metadata a subscription checkout asked for its subscription (`subscription_data[metadata]`), by session. */
  subscriptionData: Map<string, Record<string, string>>;
  /** The customers seeded: they existed before, so reset() keeps them as it keeps subscriptions. */
  seededCustomers: DoubleCustomer[];
  /** Every event sent to the webhook, in order (the admin page resends them). */
  sent: SentEvent[];
  /** Deliveries under way (`deliveries()` waits for them). */
  pending: Set<Promise<void>>;
}

export function createContext(options: StripeDoubleOptions): StripeContext {
  const seeded = options.catalogue ? catalogueAsStripe(options.catalogue, options.untagged) : { products: [], prices: [] };
  let counter = 0;
  return {
    options,
    state: {
      requests: [],
      products: seeded.products,
      prices: seeded.prices,
      customers: [],
      subscriptions: new Map(),
      paymentMethods: new Map(),
      sessions: new Map(),
      charges: new Map(),
      invoices: new Map(),
      invoicePayments: [],
      disputes: new Map(),
      portalSessions: [],
    },
    failures: new Map(),
    next: (prefix: string) => `${prefix}_double_${++counter}`,
    base: '',
    subscriptionData: new Map(),
    seededCustomers: [],
    sent: [],
    pending: new Set(),
  };
}

export const now = () => Math.floor(Date.now() / 1000);

/** A price by Stripe's id or by its lookup key (the catalogue's id). */
export const priceOf = (ctx: StripeContext, ref: string) => ctx.state.prices.find((p) => p.id === ref) ?? ctx.state.prices.find((p) => p.lookup_key === ref);

/** One month after `seconds`, as Stripe bills monthly: the same day of the next month, or its last day. */
export const monthAfter = (seconds: number) => {
  const d = new Date(seconds * 1000);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 2, 0)).getUTCDate();
  return Math.floor(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, Math.min(d.getUTCDate(), lastDay), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()) / 1000);
};
