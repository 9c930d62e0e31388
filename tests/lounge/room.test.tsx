/**
 * The Lounge's app room and its three apps, rendered as members meet them: the room's states
 * (signed out, no access, access), and each app's loading, ready, saving and failed-save states
 * (the text kept, the message shown, Retry working), Stillpoint's reduced-motion cue, Whispers'
 * sentence-by-sentence reading and its fallback voice message. The database and the content
 * gate are replaced by the apps' own api modules' doubles; the access store is given directly.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WritableAtom } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberAccess } from '../../src/core/access/store';
import type { Resource } from '../../src/core/session/member-store';
import { $session } from '../../src/core/session/store';

vi.mock('../../src/core/session/store', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/core/session/store')>()),
  watchSession: vi.fn(() => Promise.resolve()),
}));

vi.mock('../../src/core/access/store', async () => {
  const { atom: makeAtom } = await import('nanostores');
  const file = (await import('../../src/content/catalogue.json')).default;
  return {
    $memberAccess: makeAtom({ status: 'loading' }),
    BUILT_IN_CATALOGUE: file.map(({ id: _id, ...product }) => product),
  };
});

const { bloomApi, stillpointApi, whispersApi, gate } = vi.hoisted(() => ({
  bloomApi: { fetchPages: vi.fn(), savePage: vi.fn(), deletePage: vi.fn() },
  stillpointApi: { fetchHistory: vi.fn(), logSession: vi.fn() },
  whispersApi: { fetchPlaces: vi.fn(), keepPlace: vi.fn() },
  gate: { fetchGated: vi.fn() },
}));
vi.mock('../../src/features/lounge/the-bloom-book/api', () => bloomApi);
vi.mock('../../src/features/lounge/stillpoint/api', () => stillpointApi);
vi.mock('../../src/features/lounge/whispers-before-sleep/api', () => whispersApi);
vi.mock('../../src/core/content-gate-api', () => gate);

const access = (await import('../../src/core/access/store')).$memberAccess as unknown as WritableAtom<Resource<MemberAccess>>;
const { default: BloomBook } = await import('../../src/features/lounge/the-bloom-book/BloomBook');
const { default: Stillpoint } = await import('../../src/features/lounge/stillpoint/Stillpoint');
const { default: Whispers } = await import('../../src/features/lounge/whispers-before-sleep/Whispers');
import patterns from '../../src/content/lounge/stillpoint/patterns.json';

const member = { id: 'uid_1', email: 'ada@example.com', phone: null, email_confirmed_at: null, full_name: 'Ada', avatar_url: null, firebase_uid: 'uid_1' };
const paid = (priceId: string) => ({ price_id: priceId, product_type: 'app', status: 'paid', purchased_at: '2026-11-01T00:00:00Z', refunded_at: null });

const room = (slug: 'stillpoint' | 'the-bloom-book' | 'whispers-before-sleep', name: string) => ({
  slug,
  appName: name,
  description: `${name}, described.`,
  price: '$29 USD',
  product: { priceId: `price_app_${slug.replaceAll('-', '_')}`, name: `Inner Alchemy App - ${name}`, mode: 'payment' as const, productType: 'app' as const },
});

function owns(priceId: string | null) {
  access.set({
    status: 'ready',
    value: { subscription: null, purchases: (priceId ? [paid(priceId)] : []) as MemberAccess['purchases'], error: null },
  });
}

const PROMPTS = [
  { id: 'preview-prompt', time: 'morning', text: 'What would make today great?' },
  { id: 'morning-two', time: 'morning', text: 'Who could use a small kindness from you today?' },
  { id: 'evening-one', time: 'evening', text: 'What went well today, and why?' },
];

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  $session.set({ status: 'signedIn', user: member });
  access.set({ status: 'loading' });
  localStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  for (const api of [bloomApi, stillpointApi, whispersApi, gate]) for (const fn of Object.values(api)) fn.mockReset();
  $session.set({ status: 'unknown' });
});

describe('the app room', () => {
  it('asks a signed-out visitor to sign in and come back to the app', () => {
    $session.set({ status: 'signedOut' });
    render(<BloomBook {...room('the-bloom-book', 'The Bloom Book')} previewPromptId="preview-prompt" />);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login?next=%2Flounge%2Fthe-bloom-book%2F');
  });

  it('shows a member without the app what it is and the way in: buy it, or a plan that includes it', () => {
    owns(null);
    render(<BloomBook {...room('the-bloom-book', 'The Bloom Book')} previewPromptId="preview-prompt" />);
    expect(screen.getByText('The Bloom Book, described.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get The Bloom Book' }).getAttribute('href')).toBe('/app/the-bloom-book#get-app');
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/pricing');
    expect(bloomApi.fetchPages).not.toHaveBeenCalled();
    expect(gate.fetchGated).not.toHaveBeenCalled();
  });

  it('opens the app for an Adventurer, whose plan includes every app', async () => {
    access.set({
      status: 'ready',
      value: { subscription: { price_id: 'price_adventurer_monthly', subscription_status: 'active' } as MemberAccess['subscription'], purchases: [], error: null },
    });
    bloomApi.fetchPages.mockResolvedValue({ data: [], error: null });
    gate.fetchGated.mockResolvedValue({ data: PROMPTS });
    render(<BloomBook {...room('the-bloom-book', 'The Bloom Book')} previewPromptId="preview-prompt" />);
    expect(await screen.findByRole('heading', { name: 'Today’s page' })).toBeTruthy();
  });
});

describe('The Bloom Book', () => {
  beforeEach(() => owns('price_app_the_bloom_book'));

  it('loads (a status while it does), then shows today’s page with a prompt of the set other than the preview’s', async () => {
    let pages!: (v: unknown) => void;
    bloomApi.fetchPages.mockReturnValue(new Promise((r) => (pages = r)));
    gate.fetchGated.mockResolvedValue({ data: PROMPTS });
    render(<BloomBook {...room('the-bloom-book', 'The Bloom Book')} previewPromptId="preview-prompt" />);
    expect(screen.getByRole('status').textContent).toBe('Opening your book…');
    await act(async () => pages({ data: [], error: null }));
    expect(gate.fetchGated).toHaveBeenCalledWith('the-bloom-book', 'prompts');
    expect(screen.getAllByRole('textbox', { name: /Grateful for/ })).toHaveLength(3);
    expect(screen.queryByText('What would make today great?')).toBeNull();
    expect(screen.getByRole('textbox', { name: /^(Who could use a small kindness from you today\?|What went well today, and why\?)$/ })).toBeTruthy();
  });

  it('keeps every word when a save fails, says what happened, and Retry saves it', async () => {
    bloomApi.fetchPages.mockResolvedValue({ data: [], error: null });
    gate.fetchGated.mockResolvedValue({ data: PROMPTS });
    let first!: (v: unknown) => void;
    bloomApi.savePage.mockReturnValueOnce(new Promise((r) => (first = r))).mockResolvedValueOnce({ error: null });
    render(<BloomBook {...room('the-bloom-book', 'The Bloom Book')} previewPromptId="preview-prompt" />);
    const [one] = await screen.findAllByRole('textbox', { name: /Grateful for/ });
    await userEvent.type(one!, 'Tea with my sister');
    await userEvent.click(screen.getByRole('button', { name: 'Save page' }));
    expect(screen.getByRole('button', { name: 'Saving…' })).toHaveProperty('disabled', true);
    await act(async () => first({ error: { code: 'PGRST000' } }));

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This could not be saved just now. Your words are still here: press Retry.');
    expect((screen.getAllByRole('textbox', { name: /Grateful for/ })[0] as HTMLInputElement).value).toBe('Tea with my sister');

    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Saved to your book.')).toBeTruthy();
    expect(bloomApi.savePage).toHaveBeenCalledTimes(2);
    expect(bloomApi.savePage.mock.calls[1]).toEqual([
      'uid_1',
      expect.objectContaining({ gratitudes: ['Tea with my sister', '', ''], promptId: expect.not.stringMatching(/^preview-prompt$/) }),
    ]);
    expect(within(document.querySelector('[data-pages]') as HTMLElement).getByText('Tea with my sister')).toBeTruthy();
  });

  it('shows the streak only once the member turns it on, and finds pages by a word', async () => {
    const today = new Date().toLocaleDateString('en-CA');
    const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString('en-CA');
    bloomApi.fetchPages.mockResolvedValue({
      data: [
        { day: today, gratitudes: ['Soup', '', ''], promptId: '', promptText: '', answer: '' },
        { day: yesterday, gratitudes: ['The river walk', '', ''], promptId: '', promptText: '', answer: '' },
      ],
      error: null,
    });
    gate.fetchGated.mockResolvedValue({ data: PROMPTS });
    render(<BloomBook {...room('the-bloom-book', 'The Bloom Book')} previewPromptId="preview-prompt" />);
    await screen.findByRole('heading', { name: 'Today’s page' });
    expect(screen.queryByText(/in a row/)).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show my streak' }));
    expect(screen.getByText('2 days in a row.')).toBeTruthy();
    expect(localStorage.getItem('ia:bloom-book:streak')).toBe('on');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search your pages' }), 'river');
    const list = document.querySelector('[data-pages]') as HTMLElement;
    expect(within(list).queryByText('Soup')).toBeNull();
    expect(within(list).getByText('The river walk')).toBeTruthy();
  });

  it('says so when the gate refuses the prompts, and can try again', async () => {
    bloomApi.fetchPages.mockResolvedValue({ data: [], error: null });
    gate.fetchGated.mockRejectedValueOnce(new Error('This is part of The Bloom Book. Buy the app for lifetime access.')).mockResolvedValueOnce({ data: PROMPTS });
    render(<BloomBook {...room('the-bloom-book', 'The Bloom Book')} previewPromptId="preview-prompt" />);
    expect((await screen.findByRole('alert')).textContent).toContain('Buy the app for lifetime access.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Today’s page' })).toBeTruthy();
  });
});

describe('Stillpoint', () => {
  beforeEach(() => owns('price_app_stillpoint'));
  const patternsCopy = patterns as Parameters<typeof Stillpoint>[0]['patterns'];

  it('loads the history, then logs a finished session, keeps it when the log fails, and Retry logs it', async () => {
    let history!: (v: unknown) => void;
    stillpointApi.fetchHistory.mockReturnValue(new Promise((r) => (history = r)));
    stillpointApi.logSession
      .mockResolvedValueOnce({ data: null, error: { code: 'PGRST000' } })
      .mockResolvedValueOnce({ data: { pattern: 'box', seconds: 60, finished_at: '2026-11-25T08:00:00Z' }, error: null });
    const { container } = render(<Stillpoint {...room('stillpoint', 'Stillpoint')} patterns={patternsCopy} />);
    expect(screen.getByRole('status').textContent).toBe('Loading your sessions…');
    await act(async () => history({ data: [], error: null }));
    expect(screen.getByText('Your finished sessions appear here.')).toBeTruthy();

    const guide = container.querySelector('stillpoint-guide') as HTMLElement;
    expect(guide.dataset.minutes).toBe('1');
    expect(JSON.parse(guide.dataset.phases!).map((p: { ms: number }) => p.ms)).toEqual([4000, 4000, 4000, 4000]);
    await act(async () => guide.dispatchEvent(new CustomEvent('stillpoint-finished', { bubbles: true, detail: { pattern: 'box', ms: 60_000 } })));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('could not be saved');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Session saved to your history.')).toBeTruthy();
    expect(stillpointApi.logSession.mock.calls).toEqual([
      ['uid_1', 'box', 60],
      ['uid_1', 'box', 60],
    ]);
    expect(within(container.querySelector('[data-history]') as HTMLElement).getByText('Box breathing')).toBeTruthy();
  });

  it('gives 4-7-8 its own lengths and resonance an adjustable rate', async () => {
    stillpointApi.fetchHistory.mockResolvedValue({ data: [], error: null });
    const { container } = render(<Stillpoint {...room('stillpoint', 'Stillpoint')} patterns={patternsCopy} />);
    await userEvent.click(screen.getByRole('radio', { name: /4-7-8/ }));
    const guide = () => container.querySelector('stillpoint-guide') as HTMLElement;
    expect(JSON.parse(guide().dataset.phases!).map((p: { ms: number }) => p.ms)).toEqual([4000, 7000, 8000]);
    await userEvent.click(screen.getByRole('radio', { name: /Resonance/ }));
    const rate = screen.getByRole('slider', { name: /Breaths a minute/ }) as HTMLInputElement;
    expect([rate.min, rate.max, rate.value]).toEqual(['4.5', '6.5', '6']);
    await userEvent.click(screen.getByRole('radio', { name: '5 min' }));
    expect(guide().dataset.minutes).toBe('5');
  });

  it('under reduced motion, the guide keeps still (a colour cue) and still counts, with Pause visible while it runs', async () => {
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('reduce'), media: q, addEventListener: () => {}, removeEventListener: () => {} }));
    stillpointApi.fetchHistory.mockResolvedValue({ data: [], error: null });
    const { container } = render(<Stillpoint {...room('stillpoint', 'Stillpoint')} patterns={patternsCopy} />);
    const guide = await waitFor(() => {
      const el = container.querySelector('stillpoint-guide') as HTMLElement;
      expect(el.dataset.motion).toBe('reduced');
      return el;
    });
    await userEvent.click(within(guide).getByRole('button', { name: 'Start' }));
    expect(within(guide).getByRole('button', { name: 'Pause' }).hidden).toBe(false);
    expect(guide.querySelector('[data-sp-cue]')!.textContent).toBe('Breathe in, 4');
    expect(guide.querySelector('[data-sp-announce]')!.textContent).toBe('Breathe in, 4 seconds');
    await userEvent.click(within(guide).getByRole('button', { name: 'Pause' }));
    expect(within(guide).getByRole('button', { name: 'Resume' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(within(guide).getByRole('button', { name: 'Stop' }));
  });
});

describe('Whispers Before Sleep', () => {
  beforeEach(() => owns('price_app_whispers_before_sleep'));
  const stories = [
    { id: 'snow-on-the-way-home', title: 'Snow on the Way Home', mood: 'A slow walk home', minutes: 4 },
    { id: 'the-bakery-after-closing', title: 'The Bakery After Closing', mood: 'Warm bread', minutes: 5 },
  ];

  function fakeSpeech(voices: { voiceURI: string; name: string; lang: string; default: boolean }[]) {
    const spoken: { text: string; volume: number; voice: unknown }[] = [];
    const synth = {
      getVoices: () => voices,
      addEventListener: () => {},
      cancel: vi.fn(),
      speak: vi.fn((u: { text: string; volume: number; voice: unknown; onend?: () => void }) => {
        spoken.push({ text: u.text, volume: u.volume, voice: u.voice });
        if (spoken.length < 3) setTimeout(() => u.onend?.(), 0);
      }),
    };
    vi.stubGlobal('speechSynthesis', synth);
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        text: string;
        volume = 1;
        rate = 1;
        voice: unknown = null;
        lang = '';
        onend: (() => void) | null = null;
        onerror: (() => void) | null = null;
        constructor(text: string) {
          this.text = text;
        }
      },
    );
    return spoken;
  }

  it('lists the stories with a Continue where the member stopped, opens one in the night view and reads it sentence by sentence', async () => {
    whispersApi.fetchPlaces.mockResolvedValue({ data: { 'the-bakery-after-closing': 3 }, error: null });
    gate.fetchGated.mockResolvedValue({ html: '<p>The snow falls. It is quiet.</p>\n<p>You walk on, slowly! Home is near.</p>' });
    const spoken = fakeSpeech([{ voiceURI: 'en-default', name: 'Default', lang: 'en-GB', default: true }]);
    render(<Whispers {...room('whispers-before-sleep', 'Whispers Before Sleep')} stories={stories} />);
    expect(screen.getByRole('status').textContent).toBe('Opening the stories…');
    expect(await screen.findByRole('button', { name: 'Continue: The Bakery After Closing' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Open: Snow on the Way Home' }));
    expect(gate.fetchGated).toHaveBeenCalledWith('whispers-before-sleep', 'snow-on-the-way-home');
    expect(await screen.findByText('You walk on, slowly! Home is near.')).toBeTruthy();
    expect(document.querySelector('[data-night-view]')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
    await waitFor(() => expect(spoken.map((s) => s.text)).toEqual(['The snow falls.', 'It is quiet.', 'You walk on, slowly!']));
  });

  it('falls back to the default voice with a message when the chosen voice is gone, and never goes silent without one', async () => {
    whispersApi.fetchPlaces.mockResolvedValue({ data: {}, error: null });
    gate.fetchGated.mockResolvedValue({ html: '<p>One. Two.</p>' });
    const voices = [
      { voiceURI: 'en-a', name: 'Alice', lang: 'en-GB', default: true },
      { voiceURI: 'en-b', name: 'Bob', lang: 'en-US', default: false },
    ];
    const spoken = fakeSpeech(voices);
    render(<Whispers {...room('whispers-before-sleep', 'Whispers Before Sleep')} stories={stories} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Open: Snow on the Way Home' }));
    await screen.findByText('One. Two.');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Voice' }), 'en-b');
    voices.splice(1, 1); // the voice disappears (another device, an uninstalled voice)
    await userEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
    expect(await screen.findByText(/The voice you chose is not on this device/)).toBeTruthy();
    expect(spoken[0]!.voice).toMatchObject({ voiceURI: 'en-a' });
  });
});
