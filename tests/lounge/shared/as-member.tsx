/**
 * Rendering a Lounge app as a member meets it, for the apps' component tests: the session and
 * the access store are set directly (no Firebase, no database), the content gate's client is a
 * double (`gate`), and each app's test replaces its own api module. Import this module first,
 * before any app module: its mocks must be in place when those load.
 */
import userEvent from '@testing-library/user-event';
import type { WritableAtom } from 'nanostores';
import { afterEach, beforeEach, vi, type Mock } from 'vitest';
import type { MemberAccess } from '../../../src/core/access/store';
import type { Resource } from '../../../src/core/session/member-store';
import type { LoungeSlug } from '../../../src/features/lounge/apps';
import type { FrameProps } from '../../../src/features/lounge/shared/AppFrame';

vi.mock('../../../src/core/session/store', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/core/session/store')>()),
  watchSession: vi.fn(() => Promise.resolve()),
}));

vi.mock('../../../src/core/access/store', async () => {
  const { atom: makeAtom } = await import('nanostores');
  const file = (await import('../../../src/content/catalogue.json')).default;
  return {
    $memberAccess: makeAtom({ status: 'loading' }),
    BUILT_IN_CATALOGUE: file.map(({ id: _id, ...product }) => product),
  };
});

const gate = vi.hoisted(() => ({ fetchGated: vi.fn() }));
vi.mock('../../../src/core/content-gate-api', () => gate);
/** The content gate's client: what the app's gated content answers. */
export { gate };

/**
 * The outbox (what the apps save through): by default every write is sent at once; a test
 * answers otherwise (`kept` offline, a refusal), lists what waits (`waiting`), and calls what
 * the app listens to (`heard`: a change of the outbox, an entry sent).
 */
const outbox = vi.hoisted(() => ({ sendOrKeep: vi.fn(), waiting: vi.fn(), onOutboxChange: vi.fn(), onSent: vi.fn() }));
vi.mock('../../../src/core/offline/outbox-api', () => outbox);
export const heard = { changed: [] as (() => void)[], sent: [] as ((sent: unknown) => void)[] };
function outboxDefaults() {
  heard.changed = [];
  heard.sent = [];
  outbox.sendOrKeep.mockResolvedValue({ kind: 'sent', overwrote: false });
  outbox.waiting.mockResolvedValue([]);
  outbox.onOutboxChange.mockImplementation((listener: () => void) => (heard.changed.push(listener), () => {}));
  outbox.onSent.mockImplementation((listener: (sent: unknown) => void) => (heard.sent.push(listener), () => {}));
}
export { outbox };

const { $session } = await import('../../../src/core/session/store');
/** What the member has: set with `owns`, or directly. */
export const access = (await import('../../../src/core/access/store')).$memberAccess as unknown as WritableAtom<Resource<MemberAccess>>;

export const member = { id: 'uid_1', email: 'ada@example.com', phone: null, email_confirmed_at: null, full_name: 'Ada', avatar_url: null, firebase_uid: 'uid_1' };
const paid = (priceId: string) => ({ price_id: priceId, product_type: 'app', status: 'paid', purchased_at: '2026-11-01T00:00:00Z', refunded_at: null });

/** What the page gives the app's frame. */
export const frameProps = (slug: LoungeSlug, name: string): FrameProps => ({
  slug,
  appName: name,
  description: `${name}, described.`,
  price: '$29 USD',
  product: { priceId: `price_app_${slug.replaceAll('-', '_')}`, name: `Inner Alchemy App - ${name}`, mode: 'payment' as const, productType: 'app' as const },
  reminder: { defaultTime: '08:00', minutes: 5, summary: `Time for ${name}`, invitation: `A few quiet minutes with ${name}.` },
});

/** The member has bought the app of `priceId` (or nothing). */
export function owns(priceId: string | null) {
  access.set({ status: 'ready', value: { subscription: null, purchases: (priceId ? [paid(priceId)] : []) as MemberAccess['purchases'], error: null } });
}

/** The gate's answers by item (`{ data }` as the gate sends it); any other item is refused. */
export const content = (map: Record<string, unknown>) => (_product: string, item: string) =>
  item in map ? Promise.resolve({ data: map[item] }) : Promise.reject(new Error('There is no such content.'));

/** Types by pasting (one input event), which keeps the tests quick on a busy machine. */
export async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

/** What a failed save says (src/features/lounge/shared/useSave.ts). */
export const SAVE_FAILED = 'This could not be saved just now. Your words are still here: press Retry.';

/** Before each test: the member signed in, access still loading, nothing kept in this browser. After it: every double reset. */
export function memberEachTest(...apis: Record<string, Mock>[]) {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    $session.set({ status: 'signedIn', user: member });
    access.set({ status: 'loading' });
    localStorage.clear();
    outboxDefaults();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    for (const api of [...apis, gate, outbox]) for (const fn of Object.values(api)) fn.mockReset();
    $session.set({ status: 'unknown' });
  });
}
