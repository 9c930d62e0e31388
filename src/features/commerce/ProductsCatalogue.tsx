/**
 * The catalogue of /products. Server-rendered with the built-in catalogue (so the page has its
 * content before any script, and hydration changes nothing). It hydrates for a member at once,
 * and for a visitor only when the page's check (src/pages/products.astro) finds that the live
 * catalogue would change what the page shows; either way it shows the live catalogue from
 * /api/stripe-products (asked for once per page):
 * - the call fails, answers an HTTP error, or answers something that is not an array: the
 *   built-in catalogue stays, as the spec asks (a warning in the console);
 * - an empty array: "No Products Available";
 * - an array in which no entry is a product, or an exception while reading the answer:
 *   "Unable to Load Products" / "Failed to load products" with Try Again (reloads the page).
 *
 * For a signed-in member (flag off) it reads the subscription, shows the Current Tier and the
 * buttons of the spec's table; for a visitor, "Sign In to Purchase". With the site-wide flag
 * on every purchase button is a disabled "Coming Soon" and no session is loaded.
 */
import { useStore } from '../../core/ui/useStore';
import { lazy, Suspense, useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react';
import { displayName, groupBySection, priceLabel } from './catalogue';
import type { Product } from '../../core/access/product';
import type { Access, Standing } from '../../core/access/access';
import { localMidnight, productButton, showsPremiumLock, type AccessStartParts, type ProductButton } from './product-buttons';
import { authHref } from '../../core/session/next-path';
import type { MemberAccess } from '../../core/access/store';
import { fetchProducts } from './products-api';
import { $session, hasSignedInHint, watchSession } from '../../core/session/store';

export interface ProductsCatalogueProps {
  /** The built-in catalogue, in page order. */
  fallback: Product[];
  featuresDisabled: boolean;
  accessStart: AccessStartParts;
  /** Where "Access Now" leads, by price id (the app pages); other products lead to the dashboard. */
  accessLinks: Record<string, string>;
}

/** The attribute the page's inline script sets on <html> while a member's session loads. */
export const MEMBER_HINT_ATTRIBUTE = 'data-products-member-hint';

type CatalogueState = { status: 'ready'; products: Product[] } | { status: 'empty' } | { status: 'error' };
/**
 * The subscription and purchases read for one member (a new member means a new read); `failed`
 * when either read failed, so the page says so instead of showing a silent Explorer.
 */
type Membership = { memberId: string; access: Pick<MemberAccess, 'subscription' | 'purchases'>; model: typeof import('../../core/access/access'); failed?: boolean };

/** What a visitor (or a member whose data is on its way) has: nothing; the access model loads only for members. */
const NO_ACCESS: Access = { kind: 'none', reason: 'notOwned' };
const VISITOR: Pick<Standing, 'tier' | 'founding' | 'badge'> = { tier: 'Explorer', founding: false, badge: 'Explorer' };

/** The page this catalogue lives on: "Sign In to Purchase" comes back here. */
const PAGE_PATH = '/products';
const MEMBERSHIP_READ_FAILED = 'We couldn’t check your membership just now, so we can’t show what you already have.';

const noSubscribe = () => () => {};

function LockIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <rect width="18" height="11" x="3" y="11" rx="2" ry="2" />
      <path d="M7 11V7a5 5 0 0 1 10 0v4" />
    </svg>
  );
}

/**
 * Checkout is only ever offered to a signed-in member, so its code loads with the member's
 * data, never for a visitor (it stays out of the page's first download).
 */
const loadCheckoutButton = () => import('./CheckoutButton');
const CheckoutButton = lazy(loadCheckoutButton);

function Action({ button, name }: { button: ProductButton; name: string }) {
  const noteId = `note-${useId()}`;
  switch (button.kind) {
    case 'signIn':
      return (
        <a href={authHref('/login', PAGE_PATH)} className="btn btn-primary w-full" data-visitor-cta="" aria-label={`${button.label}: ${name}`}>
          {button.label}
        </a>
      );
    case 'checkout':
      return (
        <Suspense
          fallback={
            <button type="button" className="btn btn-primary w-full" disabled aria-label={`${button.label}: ${name}`} data-checkout-loading="">
              {button.label}
            </button>
          }
        >
          <CheckoutButton priceId={button.priceId} mode={button.mode} label={button.label} srLabel={name} />
        </Suspense>
      );
    case 'access':
    case 'current':
    case 'pending': {
      return (
        <>
          {button.kind === 'access' ? (
            <a href={button.href} className="btn btn-gold w-full" aria-label={`${button.label}: ${name}`} aria-describedby={noteId}>
              {button.label}
            </a>
          ) : (
            <button type="button" className="btn w-full" disabled aria-label={`${button.label}: ${name}`} aria-describedby={noteId}>
              {button.label}
            </button>
          )}
          <p id={noteId} className="mt-2 text-center text-sm text-ink-soft" data-access-note="">
            {button.note}
          </p>
        </>
      );
    }
    case 'accessSoon':
      return (
        <>
          <button type="button" className="btn w-full" disabled aria-label={`${button.label}: ${name}`}>
            {button.label}
          </button>
          <p className="mt-2 text-center text-sm text-ink-soft">{button.note}</p>
        </>
      );
    default:
      return (
        <button type="button" className="btn w-full" disabled aria-label={`${button.label}: ${name}`}>
          {button.label}
        </button>
      );
  }
}

export default function ProductsCatalogue({ fallback, featuresDisabled, accessStart, accessLinks }: ProductsCatalogueProps) {
  // The initial (unknown) session while hydrating, as on the server: another island may have
  // read the session already, and a first render that differs from the HTML breaks hydration.
  const session = useStore($session, { ssr: 'initial' });
  const [catalogue, setCatalogue] = useState<CatalogueState>({ status: 'ready', products: fallback });
  const [membership, setMembership] = useState<Membership | null>(null);
  /** Bumped by "Try again" after a failed membership read. */
  const [attempt, setAttempt] = useState(0);
  /** The member-only code itself could not be loaded. */
  const [failedLoad, setFailedLoad] = useState(false);
  // The signed-in hint: false while hydrating (as on the server), then the browser's.
  const hinted = useSyncExternalStore(noSubscribe, hasSignedInHint, () => false);

  // The live catalogue (the page may have asked for it already: one answer per page).
  useEffect(() => {
    const controller = new AbortController();
    fetchProducts()
      .then((answer) => {
        if (controller.signal.aborted) return;
        switch (answer.kind) {
          case 'live':
            if (answer.skipped) console.warn(`Products: ${answer.skipped} entries of the live catalogue were not products`);
            setCatalogue({ status: 'ready', products: answer.products });
            break;
          case 'empty':
            setCatalogue({ status: 'empty' });
            break;
          case 'fallback':
            console.warn(`Products: showing the built-in catalogue (${answer.reason})`);
            break;
          case 'error':
            console.error(`Products: Failed to load products (${answer.reason})`);
            setCatalogue({ status: 'error' });
            break;
        }
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Products: Failed to load products', error);
        setCatalogue({ status: 'error' });
      });
    return () => controller.abort();
  }, []);

  // The session (not with the flag on: nobody can sign in then).
  useEffect(() => {
    if (featuresDisabled) return;
    void watchSession();
  }, [featuresDisabled]);

  const known = session.status !== 'unknown';
  useEffect(() => {
    if (known) document.documentElement.removeAttribute(MEMBER_HINT_ATTRIBUTE);
  }, [known]);

  // The member's subscription and purchases: the shared store, loaded only for a member.
  const memberId = session.status === 'signedIn' ? session.user.id : null;
  useEffect(() => {
    if (featuresDisabled || !memberId) return;
    let live = true;
    let unsubscribe: (() => void) | undefined;
    // Member-only code (the stores, the access model, checkout) loads here, never for a visitor.
    void loadCheckoutButton().catch(() => undefined);
    Promise.all([import('../../core/access/store'), import('../../core/access/access')])
      .then(([{ $memberAccess, $purchases, $subscription }, model]) => {
        if (!live) return;
        const subscribe = () => {
          if (!live) return;
          unsubscribe = $memberAccess.subscribe((state) => {
            if (state.status !== 'ready') return;
            if (state.value.error) console.error(`Products: ${state.value.error}`);
            setMembership({ memberId, access: state.value, model, failed: Boolean(state.value.error) });
          });
        };
        // "Try again" reads both once more before the page shows anything.
        if (attempt > 0) void Promise.all([$subscription.reload(), $purchases.reload()]).then(subscribe);
        else subscribe();
      })
      .catch((error: unknown) => {
        // Not a silent Explorer: the member is told, the buttons wait, and they can retry.
        console.error('Products: could not load the membership', error);
        if (live) setFailedLoad(true);
      });
    return () => {
      live = false;
      unsubscribe?.();
    };
  }, [featuresDisabled, memberId, attempt]);

  const products = catalogue.status === 'ready' ? catalogue.products : fallback;
  const signedIn = !featuresDisabled && session.status === 'signedIn';
  /** The member's subscription has been read (for this member). */
  const mine = signedIn && membership !== null && membership.memberId === memberId;
  const tierFailed = (signedIn && failedLoad) || (mine && Boolean(membership.failed));
  const tierKnown = mine && !tierFailed;
  const inputs = useMemo(
    () => ({
      subscription: tierKnown ? membership.access.subscription : null,
      purchases: tierKnown ? membership.access.purchases : [],
      catalogue: [...products, ...fallback],
    }),
    [tierKnown, membership, products, fallback],
  );
  const model = tierKnown ? membership.model : null;
  const member = model ? model.standing(inputs) : VISITOR;
  const tier = member.tier;
  /** Buttons wait (keeping their space) while a member's session or tier is on its way. */
  const pending = !featuresDisabled && ((hinted && !known) || (signedIn && !tierKnown));
  const now = new Date();
  const start = localMidnight(accessStart);

  return (
    <div>
      <div className="flex min-h-12 items-center justify-center text-center" aria-live="polite">
        {featuresDisabled ? (
          <p className="rounded-full bg-gold-100 px-5 py-2 font-medium text-plum-900">Purchases are temporarily unavailable while we upgrade our systems.</p>
        ) : tierKnown ? (
          <p className="rounded-full bg-plum-100 px-5 py-2 text-plum-900">
            Current Tier: <strong className="font-semibold">{member.badge}</strong>
          </p>
        ) : tierFailed ? (
          <div role="alert" className="flex flex-wrap items-center justify-center gap-3 rounded-2xl bg-rose-100 px-5 py-2 text-rose-600" data-membership-error>
            <span className="font-medium">{MEMBERSHIP_READ_FAILED}</span>
            <button
              type="button"
              className="btn btn-outline min-h-9 px-3 py-1 text-sm"
              onClick={() => {
                setMembership(null);
                setFailedLoad(false);
                setAttempt((n) => n + 1);
              }}
            >
              Try again
            </button>
          </div>
        ) : session.status !== 'signedIn' ? (
          // In the HTML too (the island hydrates for members, and for a visitor only when the
          // live catalogue differs): hidden while the browser holds the signed-in hint.
          <p className="text-ink-soft" data-visitor-only="">
            Sign in to see your tier and everything your membership includes.
          </p>
        ) : null}
      </div>

      {catalogue.status === 'empty' ? (
        <div role="status" className="card mx-auto mt-10 max-w-xl p-10 text-center">
          <h2 className="text-2xl font-semibold">No Products Available</h2>
          <p className="mt-3 text-ink-soft">
            Our shelves are being restocked. In the meantime, the free guided journeys are always open.
          </p>
          <a href="/lead-magnet-journey" className="btn btn-outline mt-6">
            Explore the journeys
          </a>
        </div>
      ) : catalogue.status === 'error' ? (
        <div role="alert" className="card mx-auto mt-10 max-w-xl p-10 text-center">
          <h2 className="text-2xl font-semibold">Unable to Load Products</h2>
          <p className="mt-3 text-ink-soft">Failed to load products</p>
          <button type="button" className="btn btn-primary mt-6" onClick={() => window.location.reload()}>
            Try Again
          </button>
        </div>
      ) : (
        groupBySection(products).map(({ section, products: items }) => (
          <section key={section.type} id={section.id} aria-labelledby={`${section.id}-heading`} className="mt-12">
            <h2 id={`${section.id}-heading`} className="text-title font-semibold">
              {section.title}
            </h2>
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((product) => {
                const name = displayName(product.name);
                const price = priceLabel(product);
                const has = model ? model.access(product, { ...inputs, now }) : NO_ACCESS;
                const button = productButton(product, {
                  signedIn,
                  access: has,
                  standing: member,
                  featuresDisabled,
                  now,
                  accessStart: start,
                  accessHref: accessLinks[product.priceId] ?? '/dashboard#library',
                });
                return (
                  <li
                    key={product.priceId}
                    className={`card flex flex-col p-7${button.kind === 'current' ? ' ring-2 ring-gold-400' : ''}`}
                    data-product={product.priceId}
                  >
                    <h3 className="text-xl font-semibold">{name}</h3>
                    {showsPremiumLock(product, tierKnown, tier, has) ? (
                      <p className="mt-2 inline-flex items-center gap-1.5 self-start rounded-full bg-plum-50 px-3 py-1 text-sm font-semibold text-plum-700">
                        <LockIcon /> Premium content
                      </p>
                    ) : null}
                    <p className="mt-3 flex-1 text-ink-soft">{product.description}</p>
                    <p className="mt-5">
                      <span className="font-serif text-3xl font-semibold text-plum-800">{price.amount}</span>
                      {price.period ? <span className="text-ink-soft">{price.period}</span> : null}
                    </p>
                    <div className={`mt-6${pending ? ' invisible' : ''}`} aria-hidden={pending || undefined}>
                      <Action button={button} name={name} />
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}
