/** The products island: the built-in and live catalogue, and the buttons for a visitor and each kind of member. */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ProductsCatalogue, { type ProductsCatalogueProps } from '../../src/features/commerce/ProductsCatalogue';
import type { ProductsAnswer } from '../../src/features/commerce/catalogue';
import { productSchema, type Product } from '../../src/core/access/product';
import catalogue from '../../src/content/catalogue.json' with { type: 'json' };
import { fetchProducts } from '../../src/features/commerce/products-api';
import { fetchCustomerId, fetchPurchases, fetchSubscription } from '../../src/core/access/api';
import type { PurchaseRecord } from '../../src/core/access/purchases';
import { $session, watchSession } from '../../src/core/session/store';
import { cleanStores } from 'nanostores';
import { $memberAccess, $purchases } from '../../src/core/access/store';
import { $subscription } from '../../src/core/access/store';
import { fakeLocation, type FakeLocation } from '../support/location';

vi.mock('../../src/features/commerce/products-api', () => ({ fetchProducts: vi.fn() }));
vi.mock('../../src/core/access/api', () => ({ fetchCustomerId: vi.fn(), fetchSubscription: vi.fn(), fetchPurchases: vi.fn() }));
vi.mock('../../src/core/session/store', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/core/session/store')>()),
  watchSession: vi.fn(() => Promise.resolve()),
}));

const fallback: Product[] = catalogue.map(({ id: _id, ...p }) => productSchema.parse(p));
const props: ProductsCatalogueProps = {
  fallback,
  featuresDisabled: false,
  accessStart: { year: 2025, monthIndex: 7, day: 8 },
  // As /products passes them: each app's page, and the course's player.
  accessLinks: { price_app_stillpoint: '/app/stillpoint', price_app_mindstage: '/app/mindstage', price_master_alchemist_course: '/course/' },
};
const member = { id: 'uid_1', email: 'ada@example.com', phone: null, email_confirmed_at: null, full_name: 'Ada', avatar_url: null, firebase_uid: 'uid_1' };

const products = vi.mocked(fetchProducts);
const customerRead = vi.mocked(fetchCustomerId);
const subscriptionRead = vi.mocked(fetchSubscription);
const purchasesRead = vi.mocked(fetchPurchases);
type Sub = { price_id: string; subscription_status: string } | null;
/** The database's answers for the member: their subscription (through their customer) and purchases. */
function answer(subscription: Sub, purchases: PurchaseRecord[] = []) {
  customerRead.mockResolvedValue(subscription ? { data: 'cus_1', error: null } : { data: null, error: { code: 'PGRST116', message: 'no rows' } });
  subscriptionRead.mockResolvedValue({ data: subscription as never, error: null });
  purchasesRead.mockResolvedValue({ data: purchases, error: null });
}
const bought = (price_id: string, product_type: PurchaseRecord['product_type'], status: PurchaseRecord['status'] = 'paid'): PurchaseRecord => ({
  price_id,
  product_type,
  status,
  purchased_at: '2026-11-01T10:00:00.000Z',
  refunded_at: null,
  checkout_session_id: `cs_test_${price_id}`,
});
let location: FakeLocation;

beforeEach(() => {
  location = fakeLocation('/products');
  products.mockResolvedValue({ kind: 'live', products: fallback, skipped: 0 });
  answer(null);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  location.restore();
  vi.useRealTimers();
  vi.restoreAllMocks();
  products.mockReset();
  customerRead.mockReset();
  subscriptionRead.mockReset();
  purchasesRead.mockReset();
  $session.set({ status: 'unknown' });
  // The member stores outlive an unmounted island for a second; each test starts afresh.
  cleanStores($memberAccess, $purchases, $subscription);
});

const card = (name: string) => {
  const heading = screen.getByRole('heading', { level: 3, name });
  return heading.closest('li') as HTMLElement;
};
const sectionTitles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

async function renderAs(session: 'visitor' | 'member', subscription: Sub = null, extra: Partial<ProductsCatalogueProps> = {}, purchases: PurchaseRecord[] = []) {
  answer(subscription, purchases);
  $session.set(session === 'visitor' ? { status: 'signedOut' } : { status: 'signedIn', user: member });
  render(<ProductsCatalogue {...props} {...extra} />);
  await waitFor(() => expect(products).toHaveBeenCalled());
  if (session === 'member') await screen.findByText(/Current Tier/);
  // The checkout buttons' code loads with the member's data (never for a visitor).
  await waitFor(() => expect(document.querySelector('[data-checkout-loading]')).toBeNull());
}

describe('ProductsCatalogue: loading the catalogue', () => {
  it('renders the built-in catalogue in three sections from the first render, with the names stripped', () => {
    products.mockReturnValue(new Promise(() => {}));
    render(<ProductsCatalogue {...props} />);
    expect(sectionTitles()).toEqual(['Membership Tiers', 'Inner Alchemy Apps', 'Courses & Programs']);
    screen.getByRole('heading', { level: 3, name: 'Whispers Before Sleep' });
    expect(screen.queryByText(/Inner Alchemy App - /)).toBeNull();
    within(card('Adventurer Membership')).getByText('/month');
    within(card('Explorer Membership')).getByText('Free');
    within(card('Master Alchemist Course')).getByText('$999');
    expect(within(card('Master Alchemist Course')).queryByText('/month')).toBeNull();
  });

  it.each<[string, ProductsAnswer]>([
    ['the call fails', { kind: 'fallback', reason: 'the call failed' }],
    ['the answer is not an array', { kind: 'fallback', reason: 'the answer is not an array' }],
  ])('keeps the built-in catalogue, without an error, when %s', async (_name, answer) => {
    products.mockResolvedValue(answer);
    render(<ProductsCatalogue {...props} />);
    await waitFor(() => expect(console.warn).toHaveBeenCalled());
    expect(sectionTitles()).toEqual(['Membership Tiers', 'Inner Alchemy Apps', 'Courses & Programs']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the live catalogue, names without the "Oasis App: " prefix', async () => {
    products.mockResolvedValue({
      kind: 'live',
      skipped: 0,
      products: [{ priceId: 'price_x', name: 'Oasis App: Quiet Harbor', description: 'Calm.', mode: 'payment', price: 12.5, currency: 'eur', productType: 'app' }],
    });
    render(<ProductsCatalogue {...props} />);
    await screen.findByRole('heading', { level: 3, name: 'Quiet Harbor' });
    expect(sectionTitles()).toEqual(['Inner Alchemy Apps']);
    within(card('Quiet Harbor')).getByText('€12.50');
  });

  it('says "No Products Available" for an empty catalogue', async () => {
    products.mockResolvedValue({ kind: 'empty' });
    render(<ProductsCatalogue {...props} />);
    await screen.findByRole('heading', { name: 'No Products Available' });
    expect(screen.queryByRole('heading', { name: 'Membership Tiers' })).toBeNull();
  });

  it.each<[string, () => void]>([
    ['an answer none of whose entries is a product', () => products.mockResolvedValue({ kind: 'error', reason: 'no entry is a product' })],
    ['an exception while loading', () => products.mockRejectedValue(new Error('boom'))],
  ])('says "Unable to Load Products" on %s, and Try Again reloads', async (_name, arrange) => {
    arrange();
    render(<ProductsCatalogue {...props} />);
    const alert = await screen.findByRole('alert');
    within(alert).getByRole('heading', { name: 'Unable to Load Products' });
    within(alert).getByText('Failed to load products');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(location.reload).toHaveBeenCalledTimes(1);
  });
});

describe('ProductsCatalogue: a visitor', () => {
  it('offers "Sign In to Purchase" to /login (coming back to /products) on every card and shows no tier', async () => {
    await renderAs('visitor');
    const links = screen.getAllByRole('link', { name: /^Sign In to Purchase/ });
    expect(links).toHaveLength(fallback.length);
    expect(links.every((a) => a.getAttribute('href') === '/login?next=%2Fproducts')).toBe(true);
    expect(screen.queryByText(/Current Tier/)).toBeNull();
    expect(screen.queryByText('Premium content')).toBeNull();
    expect(customerRead).not.toHaveBeenCalled();
    expect(purchasesRead).not.toHaveBeenCalled();
  });
});

describe('ProductsCatalogue: members by tier (after the access date)', () => {
  it('Explorer (no subscription): Current Tier, Upgrade, Buy Now and the Premium content note on apps', async () => {
    await renderAs('member', null);
    expect(customerRead).toHaveBeenCalledWith('uid_1');
    expect(purchasesRead).toHaveBeenCalledWith('uid_1');
    expect(screen.getByText(/Current Tier/).textContent).toBe('Current Tier: Explorer');
    const explorer = within(card('Explorer Membership')).getByRole('button', { name: /Free - Get Started/ });
    expect(explorer).toHaveProperty('disabled', true);
    for (const name of ['Adventurer Membership', 'Alchemist Membership', 'Founding Membership']) {
      expect(within(card(name)).getByRole('button', { name: /^Upgrade/ })).toHaveProperty('disabled', false);
    }
    expect(screen.getAllByRole('button', { name: /^Buy Now/ })).toHaveLength(7);
    expect(screen.getAllByText('Premium content')).toHaveLength(6);
    expect(within(card('Master Alchemist Course')).queryByText('Premium content')).toBeNull();
    expect(screen.queryByRole('link', { name: /Sign In to Purchase/ })).toBeNull();
  });

  it('Adventurer: Access Now on apps, Upgrade to Alchemist, Buy Now on the course', async () => {
    await renderAs('member', { price_id: 'price_adventurer_monthly', subscription_status: 'active' });
    expect(screen.getByText(/Current Tier/).textContent).toBe('Current Tier: Adventurer');
    const access = within(card('Stillpoint')).getByRole('link', { name: /^Access Now/ });
    expect(access.textContent).toContain('Access Now');
    expect(access.textContent).not.toContain('Included');
    expect(access.getAttribute('href')).toBe('/app/stillpoint');
    within(card('Alchemist Membership')).getByRole('button', { name: /^Upgrade/ });
    within(card('Master Alchemist Course')).getByRole('button', { name: /^Buy Now/ });
    expect(screen.queryByText('Premium content')).toBeNull();
  });

  it('Alchemist: Current Plan on memberships, Access Now (Included) on apps and the Master Alchemist Course', async () => {
    await renderAs('member', { price_id: 'price_alchemist_monthly', subscription_status: 'active' });
    expect(screen.getByText(/Current Tier/).textContent).toBe('Current Tier: Alchemist');
    for (const name of ['Adventurer Membership', 'Alchemist Membership', 'Founding Membership']) {
      expect(within(card(name)).getByRole('button', { name: /^Current Plan/ })).toHaveProperty('disabled', true);
    }
    // The table's "Current Plan" on the Adventurer plan and the Founding Membership says what the member has.
    within(card('Alchemist Membership')).getByRole('button', { name: /^Current Plan/, description: 'Your current plan' });
    within(card('Adventurer Membership')).getByRole('button', { name: /^Current Plan/, description: 'Included in your Alchemist membership' });
    within(card('Founding Membership')).getByRole('button', { name: /^Current Plan/, description: 'You have the Alchemist membership' });
    expect(screen.getAllByRole('link', { name: /^Access Now \(Included\)/ })).toHaveLength(7);
    expect(within(card('Master Alchemist Course')).getByRole('link', { name: /Access Now \(Included\)/ }).getAttribute('href')).toBe('/course/');
    // A product without a page of its own opens the library.
    expect(within(card('Rise Mode')).getByRole('link', { name: /Access Now \(Included\)/ }).getAttribute('href')).toBe('/dashboard#library');
    expect(screen.queryByRole('button', { name: /^Buy Now/ })).toBeNull();
  });

  it('a canceled subscription counts as Explorer', async () => {
    await renderAs('member', { price_id: 'price_alchemist_monthly', subscription_status: 'canceled' });
    expect(screen.getByText(/Current Tier/).textContent).toBe('Current Tier: Explorer');
  });

  // Issue 14: a failed read is said, not shown as a silent Explorer (which offered paying
  // members what they already have).
  it('says when the membership cannot be read, offers nothing to buy meanwhile, and retries', async () => {
    answer(null);
    customerRead.mockRejectedValueOnce(new Error('Failed to fetch customer data'));
    $session.set({ status: 'signedIn', user: member });
    const { container } = render(<ProductsCatalogue {...props} />);
    const alert = await screen.findByText(/couldn’t check your membership/);
    expect(screen.queryByText(/Current Tier/)).toBeNull();
    expect(container.querySelectorAll('.invisible[aria-hidden="true"]')).toHaveLength(fallback.length);
    answer({ price_id: 'price_alchemist_monthly', subscription_status: 'active' });
    await userEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByText(/Current Tier/)).textContent).toBe('Current Tier: Alchemist');
    expect(customerRead).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(/couldn’t check your membership/)).toBeNull();
    expect(container.querySelectorAll('.invisible')).toHaveLength(0);
  });

  it('before 8 August 2025: "Access Now (Coming Soon)", disabled, with the note', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 7, 7, 23, 0));
    await renderAs('member', { price_id: 'price_adventurer_monthly', subscription_status: 'active' });
    const stillpoint = card('Stillpoint');
    expect(within(stillpoint).getByRole('button', { name: /^Access Now \(Coming Soon\)/ })).toHaveProperty('disabled', true);
    within(stillpoint).getByText('Your access begins on August 8th, 2025');
    expect(screen.getAllByText('Your access begins on August 8th, 2025')).toHaveLength(6);
  });

  it('hides the buttons while the member’s tier is on its way', async () => {
    let resolve!: (v: Awaited<ReturnType<typeof fetchCustomerId>>) => void;
    customerRead.mockReturnValue(new Promise((r) => (resolve = r)));
    $session.set({ status: 'signedIn', user: member });
    const { container } = render(<ProductsCatalogue {...props} />);
    await waitFor(() => expect(customerRead).toHaveBeenCalled());
    expect(container.querySelectorAll('.invisible[aria-hidden="true"]')).toHaveLength(fallback.length);
    await act(async () => resolve({ data: null, error: null }));
    await waitFor(() => expect(container.querySelectorAll('.invisible')).toHaveLength(0));
    expect(container.querySelectorAll('.invisible')).toHaveLength(0);
  });
});

describe('ProductsCatalogue with the site-wide flag on', () => {
  it('disables every purchase button, says purchases are unavailable, and loads no session', async () => {
    $session.set({ status: 'signedIn', user: member });
    render(<ProductsCatalogue {...props} featuresDisabled />);
    await waitFor(() => expect(products).toHaveBeenCalled());
    const buttons = screen.getAllByRole('button', { name: /^Coming Soon/ });
    expect(buttons).toHaveLength(fallback.length);
    expect(buttons.every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    screen.getByText('Purchases are temporarily unavailable while we upgrade our systems.');
    expect(screen.queryByRole('link', { name: /Sign In to Purchase/ })).toBeNull();
    expect(vi.mocked(watchSession)).not.toHaveBeenCalled();
    expect(customerRead).not.toHaveBeenCalled();
  });
});

describe('ProductsCatalogue: members with purchases', () => {
  it('an Adventurer sees "Current Plan" on their own plan, never Upgrade to it', async () => {
    await renderAs('member', { price_id: 'price_adventurer_monthly', subscription_status: 'active' });
    expect(within(card('Adventurer Membership')).getByRole('button', { name: /^Current Plan/, description: 'Your current plan' })).toHaveProperty('disabled', true);
    expect(within(card('Adventurer Membership')).queryByRole('button', { name: /^Upgrade/ })).toBeNull();
    // Every app is included: none is offered for money.
    for (const name of ['Whispers Before Sleep', 'The Bloom Book', 'Stillpoint', 'Rise Mode', 'Mindstage', 'The Reset Room']) {
      expect(within(card(name)).queryByRole('button', { name: /^Buy Now/ })).toBeNull();
    }
  });

  it('an Explorer who bought Stillpoint: Access Now with lifetime access there, Buy Now elsewhere, no lock on it', async () => {
    await renderAs('member', null, {}, [bought('price_app_stillpoint', 'app')]);
    const stillpoint = card('Stillpoint');
    const link = within(stillpoint).getByRole('link', { name: /^Access Now/, description: 'You have lifetime access' });
    expect(link.getAttribute('href')).toBe('/app/stillpoint');
    expect(within(stillpoint).queryByText('Premium content')).toBeNull();
    within(card('Mindstage')).getByRole('button', { name: /^Buy Now/ });
    expect(screen.getByText(/Current Tier/).textContent).toBe('Current Tier: Explorer');
  });

  it('a payment still settling: a disabled "Payment Processing", not a second Buy Now', async () => {
    await renderAs('member', null, {}, [bought('price_app_mindstage', 'app', 'pending')]);
    expect(within(card('Mindstage')).getByRole('button', { name: /^Payment Processing/ })).toHaveProperty('disabled', true);
  });

  it('a Founding Member: the badge, everything included, Current Plan on the Founding Membership', async () => {
    await renderAs('member', null, {}, [bought('price_founding_membership', 'membership')]);
    expect(screen.getByText(/Current Tier/).textContent).toBe('Current Tier: Founding Member');
    within(card('Founding Membership')).getByRole('button', { name: /^Current Plan/, description: 'You are a Founding Member' });
    expect(screen.getAllByRole('link', { name: /^Access Now \(Included\)/, description: 'Included in your Founding Membership' })).toHaveLength(7);
    expect(screen.queryByRole('button', { name: /^(Buy Now|Upgrade)/ })).toBeNull();
  });
});
