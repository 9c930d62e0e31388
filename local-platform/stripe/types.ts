/**
 * The Stripe stand-in's records, as Stripe's API answers them (only the fields the functions and
 * the tests read), its seed, its options and what `startStripeDouble` gives back
 * (local-platform/stripe/stripe-standin.ts).
 */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  authorization: string | null;
  idempotencyKey: string | null;
}

export interface DoubleProduct {
  id: string;
  object: 'product';
  active: boolean;
  name: string;
  description: string | null;
  metadata: Record<string, string>;
}

export interface DoublePrice {
  id: string;
  object: 'price';
  /** Stripe answers null when a price has none. */
  lookup_key?: string | null;
  active: boolean;
  currency: string;
  unit_amount: number | null;
  type: 'one_time' | 'recurring';
  recurring: { interval: string; interval_count: number } | null;
  product: string;
}

export interface DoublePaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string };
}

export interface DoubleSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  /** When a cancellation at period end takes effect (Stripe: the period's end), else null. */
  cancel_at?: number | null;
  canceled_at?: number | null;
  ended_at?: number | null;
  created?: number;
  metadata?: Record<string, string>;
  /** Older API versions: the period at the top level. */
  current_period_start?: number;
  current_period_end?: number;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      price: { id: string; object: 'price' };
      quantity?: number;
      current_period_start?: number;
      current_period_end?: number;
    }[];
  };
  default_payment_method: string | null;
  /** The invoice of its latest payment (a paid plan's first month), when there was one. */
  latest_invoice?: string | null;
}

/**
 * What a developer or a test registers in the double before using it (`seed` option or
 * `seed()`): customers that exist at Stripe already, and their subscriptions. A subscription's
 * `price` is the catalogue's id (the price's lookup key) or Stripe's price id, and must be a
 * recurring price the double sells; a subscription's customer is created when not listed.
 */
export interface StripeDoubleSeed {
  customers?: { id: string; email?: string | null; metadata?: Record<string, string> }[];
  subscriptions?: {
    id: string;
    customer: string;
    price: string;
    /** 'active' by default. */
    status?: string;
    cancel_at_period_end?: boolean;
    /** Epoch seconds; now and a month later by default. */
    current_period_start?: number;
    current_period_end?: number;
  }[];
}

export interface DoubleCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  metadata: Record<string, string>;
}

export interface DoubleSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  subscription: string | null;
  amount_total: number;
  currency: string;
  created: number;
  success_url: string;
  cancel_url: string;
  url: string | null;
  /** The double's own record of the line items (Stripe answers them only when expanded). */
  items: { price: string; quantity: number }[];
}

export interface DoubleCharge {
  id: string;
  object: 'charge';
  payment_intent: string;
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  customer?: string | null;
  /** Whether the buyer disputed it with their bank. */
  disputed?: boolean;
}

/** A subscription's invoice, as the API answers it (its parent names the subscription). */
export interface DoubleInvoice {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'paid';
  amount_paid: number;
  currency: string;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string; metadata: Record<string, string> | null } };
}

/** How an invoice was paid: Stripe's invoice payment, found by its payment intent. */
export interface DoubleInvoicePayment {
  id: string;
  object: 'invoice_payment';
  invoice: string;
  amount_paid: number;
  currency: string;
  status: 'paid';
  is_default: boolean;
  payment: { type: 'payment_intent'; payment_intent: string };
}

/** A dispute (chargeback) of a charge; `status` moves from needs_response to won or lost. */
export interface DoubleDispute {
  id: string;
  object: 'dispute';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  status: 'warning_needs_response' | 'needs_response' | 'under_review' | 'won' | 'lost' | 'warning_closed';
  reason: string;
  created: number;
  is_charge_refundable: boolean;
  livemode: false;
  metadata: Record<string, string>;
}

export interface SignedEvent {
  body: string;
  signature: string;
}

export interface CatalogueLike {
  priceId: string;
  name: string;
  description: string;
  mode: string;
  price: number;
  currency: string;
  productType: string;
}

/** What the stand-in keeps of Stripe's objects (./context.ts holds it; a test reads it through StripeDouble). */
export interface StripeState {
  requests: RecordedRequest[];
  products: DoubleProduct[];
  prices: DoublePrice[];
  customers: DoubleCustomer[];
  subscriptions: Map<string, DoubleSubscription>;
  paymentMethods: Map<string, DoublePaymentMethod>;
  sessions: Map<string, DoubleSession>;
  charges: Map<string, DoubleCharge>;
  invoices: Map<string, DoubleInvoice>;
  invoicePayments: DoubleInvoicePayment[];
  disputes: Map<string, DoubleDispute>;
  portalSessions: DoublePortalSession[];
}

/** An event sent to the webhook, with the webhook's answer (null: not delivered). */
export interface SentEvent {
  type: string;
  body: string;
  status: number | null;
}

/** The running stand-in as a test or dev:members holds it: its state, and what can be done to it. */
export interface StripeDouble extends StripeState {
  url: string;
  /** Environment for the functions: the secret key and the SDK's host, port and protocol. */
  env: Record<'STRIPE_SECRET_KEY' | 'STRIPE_API_HOST' | 'STRIPE_API_PORT' | 'STRIPE_API_PROTOCOL', string>;
  /**
   * The buyer disputes a charge with their bank: the charge of a paid session, or the latest
   * payment of a subscription. Returns the dispute (needs_response); sends nothing (the admin
   * page's Dispute sends charge.dispute.created). Its id begins `prefix_` (dp, as most of
   * Stripe's do, or du; the admin form's `prefix` field).
   */
  dispute(target: { session: string } | { subscription: string }, prefix?: 'dp' | 'du'): DoubleDispute;
  /** The bank decides: the dispute is won or lost. Returns it; sends nothing (the admin page sends charge.dispute.closed). */
  closeDispute(disputeId: string, outcome: 'won' | 'lost'): DoubleDispute;
  /**
   * Completes a session as Checkout does when the customer pays: `paid` for a card, `unpaid`
   * for a delayed method (a bank debit) that settles later. Gives it a payment intent.
   */
  complete(sessionId: string, paymentStatus?: 'paid' | 'unpaid'): DoubleSession;
  /** Settles a delayed payment: paid when `succeeded`, left unpaid otherwise. */
  settle(sessionId: string, succeeded: boolean): DoubleSession;
  /**
   * Registers customers and subscriptions (see StripeDoubleSeed); throws on a price the double
   * does not sell as a recurring price. Sends no event, as they existed before.
   */
  seed(seed: StripeDoubleSeed): void;
  /** Resolves once every webhook delivery under way has been answered. */
  deliveries(): Promise<void>;
  /** Every event sent to the webhook, in order, with the webhook's answer (null: not delivered). */
  sent: SentEvent[];
  /** Refunds the session's charge (in full unless `amount` is given); returns the charge. */
  refund(sessionId: string, amount?: number): DoubleCharge;
  /** An event of `type` about `object`, with a Stripe-Signature header made with `secret`. */
  event(type: string, object: unknown, secret: string): SignedEvent;
  /** Makes every request to `route` ("GET /v1/prices") answer `status` with a Stripe error, until reset. */
  fail(route: string, status: number): void;
  /**
   * Clears the record, the events sent, failures, customers (but the seeded ones) and sessions;
   * products, prices and subscriptions stay.
   */
  reset(): void;
  /** The recorded requests to one route, e.g. requestsTo('POST /v1/checkout/sessions'). */
  requestsTo(route: string): RecordedRequest[];
  close(): Promise<void>;
}

export interface DoublePortalSession {
  id: string;
  object: 'billing_portal.session';
  customer: string;
  return_url: string | null;
  url: string;
  livemode: false;
  created: number;
}


export interface StripeDoubleOptions {
  port?: number;
  host?: string;
  catalogue?: readonly CatalogueLike[];
  /** Catalogue ids whose Stripe product carries no `productType` metadata (see catalogueAsStripe). */
  untagged?: readonly string[];
  /** Where POST /pay/:session delivers checkout.session.completed, signed with `secret`. */
  webhook?: { url: string; secret: string };
  /** How long a bank debit takes to settle (dev:members; 10 s by default). */
  settleAfterMs?: number;
  /** Customers and subscriptions that exist from the start (the demo members of dev:members). */
  seed?: StripeDoubleSeed;
}
