/** The checkout button: the request it sends as the member, where it goes, and each failure's message. */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CheckoutButton from '../../src/features/commerce/CheckoutButton';
import { setAccessTokenProvider } from '../../src/core/session/access-token';
import { $session } from '../../src/core/session/store';
import { fakeLocation, type FakeLocation } from '../support/location';

vi.mock('../../src/core/session/store', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/core/session/store')>()),
  // Sign-in is not loaded in these tests; the session is set directly.
  watchSession: vi.fn(() => Promise.resolve()),
}));

const member = { id: 'uid_1', email: 'ada@example.com', phone: null, email_confirmed_at: null, full_name: 'Ada', avatar_url: null, firebase_uid: 'uid_1' };

let location: FakeLocation;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  location = fakeLocation('/app/stillpoint');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  $session.set({ status: 'signedIn', user: member });
  setAccessTokenProvider(async () => 'id-token-1');
});
afterEach(() => {
  location.restore();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setAccessTokenProvider(null);
  $session.set({ status: 'unknown' });
});

const answer = (status: number, body: unknown) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('CheckoutButton', () => {
  it('shows "Processing...", posts the request with the member’s token, then goes to the returned url', async () => {
    let resolve!: (r: Response) => void;
    fetchMock.mockReturnValue(new Promise<Response>((r) => (resolve = r)));
    render(<CheckoutButton priceId="price_app_stillpoint" mode="payment" label="Buy Now" srLabel="Stillpoint" />);
    const button = screen.getByRole('button', { name: 'Buy Now: Stillpoint' });
    await userEvent.click(button);

    expect(button).toHaveProperty('disabled', true);
    expect(button.textContent).toBe('Processing...');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/api/stripe-checkout');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer id-token-1');
    expect(JSON.parse(init.body as string)).toEqual({
      price_id: 'price_app_stillpoint',
      mode: 'payment',
      success_url: `${window.location.origin}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: window.location.href,
    });
    await act(async () => resolve(answer(200, { url: 'https://checkout.stripe.com/c/pay/cs_test_1' })));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
  });

  it('sends a visitor who is not signed in to /login, to come back to this page, without calling the function', async () => {
    $session.set({ status: 'signedOut' });
    render(<CheckoutButton priceId="price_adventurer_monthly" mode="subscription" label="Upgrade" />);
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade' }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith(`/login?next=${encodeURIComponent(window.location.pathname)}`));
    expect(window.location.pathname).not.toBe('/dashboard');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('starts over when the page comes back from the back-forward cache (Back from Stripe)', async () => {
    $session.set({ status: 'signedIn', user: { id: 'u1', email: 'a@example.com', phone: null, email_confirmed_at: null, full_name: null, avatar_url: null, firebase_uid: 'u1' } });
    fetchMock.mockResolvedValue(answer(200, { url: 'https://checkout.stripe.com/c/pay/cs_test_3' }));
    render(<CheckoutButton priceId="price_adventurer_monthly" mode="subscription" label="Upgrade" />);
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade' }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_3'));
    // The browser left for Stripe with the button busy; Back restores the page as it was.
    expect(screen.getByRole('button', { name: 'Processing...' })).toHaveProperty('disabled', true);
    // A normal pageshow (a fresh load) changes nothing; a restored one resets the button.
    await act(async () => window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: false })));
    screen.getByRole('button', { name: 'Processing...' });
    await act(async () => window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true })));
    expect(screen.getByRole('button', { name: 'Upgrade' })).toHaveProperty('disabled', false);
  });

  it('waits for a session that is still loading before deciding', async () => {
    $session.set({ status: 'unknown' });
    fetchMock.mockResolvedValue(answer(200, { url: 'https://checkout.stripe.com/c/pay/cs_test_2' }));
    render(<CheckoutButton priceId="price_adventurer_monthly" mode="subscription" label="Upgrade" />);
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade' }));
    expect(fetchMock).not.toHaveBeenCalled();
    act(() => $session.set({ status: 'signedIn', user: member }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_2'));
  });

  it.each([
    ['no session token', () => setAccessTokenProvider(async () => null), 'User not authenticated'],
    ['the server’s error', () => fetchMock.mockResolvedValue(answer(400, { error: 'This product is not available for purchase.' })), 'This product is not available for purchase.'],
    ['a failure without an error message', () => fetchMock.mockResolvedValue(answer(502, 'Bad gateway')), 'Failed to create checkout session'],
    ['an answer without a url', () => fetchMock.mockResolvedValue(answer(200, { ok: true })), 'Failed to create checkout session'],
    ['an answer with a javascript: url', () => fetchMock.mockResolvedValue(answer(200, { url: 'javascript:alert(1)' })), 'Failed to create checkout session'],
    ['a network failure', () => fetchMock.mockRejectedValue(new TypeError('Failed to fetch')), 'Failed to start checkout'],
    ['a failure that is not an Error', () => fetchMock.mockRejectedValue('boom'), 'Failed to start checkout'],
  ])('shows the message for %s and can be tried again', async (_name, arrange, message) => {
    arrange();
    render(<CheckoutButton priceId="price_app_stillpoint" mode="payment" label="Buy Now" />);
    await userEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(location.assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toHaveProperty('disabled', false);
  });
});
