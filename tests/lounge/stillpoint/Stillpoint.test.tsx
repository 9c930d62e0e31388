/**
 * Stillpoint as a member who has it meets it: the history loading, a finished session logged
 * (kept when the log fails, Retry logs it), each pattern's own lengths and resonance's rate, and
 * the guide under reduced motion (a colour cue, still counting, Pause visible while it runs).
 * The database is a double (../shared/as-member.tsx).
 */
import { frameProps, memberEachTest, owns } from '../shared/as-member';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import patterns from '../../../src/content/lounge/stillpoint/patterns.json';

const { stillpointApi } = vi.hoisted(() => ({ stillpointApi: { fetchHistory: vi.fn(), logSession: vi.fn() } }));
vi.mock('../../../src/features/lounge/stillpoint/api', () => stillpointApi);
const { default: Stillpoint } = await import('../../../src/features/lounge/stillpoint/Stillpoint');

memberEachTest(stillpointApi);

describe('Stillpoint', () => {
  beforeEach(() => owns('price_app_stillpoint'));
  const patternsCopy = patterns as Parameters<typeof Stillpoint>[0]['patterns'];

  it('loads the history, then logs a finished session, keeps it when the log fails, and Retry logs it', async () => {
    let history!: (v: unknown) => void;
    stillpointApi.fetchHistory.mockReturnValue(new Promise((r) => (history = r)));
    stillpointApi.logSession
      .mockResolvedValueOnce({ data: null, error: { code: 'PGRST000' } })
      .mockResolvedValueOnce({ data: { pattern: 'box', seconds: 60, finished_at: '2026-11-25T08:00:00Z' }, error: null });
    const { container } = render(<Stillpoint {...frameProps('stillpoint', 'Stillpoint')} patterns={patternsCopy} />);
    expect(screen.getByRole('status').textContent).toBe('Loading your sessions…');
    await act(async () => history({ data: [], error: null }));
    screen.getByText('Your finished sessions appear here.');

    const guide = container.querySelector('stillpoint-guide') as HTMLElement;
    expect(guide.dataset.minutes).toBe('1');
    expect(JSON.parse(guide.dataset.phases!).map((p: { ms: number }) => p.ms)).toEqual([4000, 4000, 4000, 4000]);
    await act(async () => guide.dispatchEvent(new CustomEvent('stillpoint-finished', { bubbles: true, detail: { pattern: 'box', ms: 60_000 } })));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('could not be saved');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByText('Session saved to your history.');
    expect(stillpointApi.logSession.mock.calls).toEqual([
      ['uid_1', 'box', 60],
      ['uid_1', 'box', 60],
    ]);
    within(container.querySelector('[data-history]') as HTMLElement).getByText('Box breathing');
  });

  it('gives 4-7-8 its own lengths and resonance an adjustable rate', async () => {
    stillpointApi.fetchHistory.mockResolvedValue({ data: [], error: null });
    const { container } = render(<Stillpoint {...frameProps('stillpoint', 'Stillpoint')} patterns={patternsCopy} />);
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
    const { container } = render(<Stillpoint {...frameProps('stillpoint', 'Stillpoint')} patterns={patternsCopy} />);
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
