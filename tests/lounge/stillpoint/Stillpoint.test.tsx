/**
 * Stillpoint as a member who has it meets it: the history loading, a finished session logged
 * (kept when the log fails, Retry logs it with the same id), a session finished offline kept on
 * the device and listed as waiting, then in the history once sent, each pattern's own lengths
 * and resonance's rate, and the guide under reduced motion (a colour cue, still counting, Pause
 * visible while it runs). The database and the outbox are doubles (../shared/as-member.tsx).
 */
import { frameProps, heard, memberEachTest, outbox, owns } from '../shared/as-member';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import patterns from '../../../src/content/lounge/stillpoint/patterns.json';

const { stillpointApi } = vi.hoisted(() => ({ stillpointApi: { fetchHistory: vi.fn() } }));
vi.mock('../../../src/features/lounge/stillpoint/api', () => stillpointApi);
const { default: Stillpoint } = await import('../../../src/features/lounge/stillpoint/Stillpoint');

memberEachTest(stillpointApi);

describe('Stillpoint', () => {
  beforeEach(() => owns('price_app_stillpoint'));
  const patternsCopy = patterns as Parameters<typeof Stillpoint>[0]['patterns'];

  it('loads the history, then logs a finished session, keeps it when the log fails, and Retry logs it', async () => {
    let history!: (v: unknown) => void;
    stillpointApi.fetchHistory.mockReturnValue(new Promise((r) => (history = r)));
    outbox.sendOrKeep.mockResolvedValueOnce({ kind: 'refused', code: 'PGRST000', message: 'boom' }).mockResolvedValueOnce({ kind: 'sent', overwrote: false });
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
    const sends = outbox.sendOrKeep.mock.calls.map(([entry]) => entry as { key: string; op: { values: Record<string, unknown> } });
    expect(sends).toHaveLength(2);
    expect(sends[0]!.op).toEqual({
      kind: 'upsert',
      table: 'breathing_sessions',
      values: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), user_id: 'uid_1', pattern: 'box', seconds: 60 },
      onConflict: 'id',
      ignoreDuplicates: true,
      // Kept offline and sent later, it still counts for the moment it was finished.
      datedBy: 'finished_at',
    });
    // The retry sends the same session: the same id, so it can only ever be one row.
    expect(sends[1]).toEqual(sends[0]);
    within(container.querySelector('[data-history]') as HTMLElement).getByText('Box breathing');
  });

  it('offline, a finished session is kept on the device, listed as waiting (and why, when the database refuses it), then in the history once sent', async () => {
    stillpointApi.fetchHistory.mockResolvedValue({ data: [], error: null });
    outbox.sendOrKeep.mockResolvedValueOnce({ kind: 'kept' });
    const { container } = render(<Stillpoint {...frameProps('stillpoint', 'Stillpoint')} patterns={patternsCopy} />);
    await screen.findByText('Your finished sessions appear here.');
    const guide = container.querySelector('stillpoint-guide') as HTMLElement;
    await act(async () => guide.dispatchEvent(new CustomEvent('stillpoint-finished', { bubbles: true, detail: { pattern: 'box', ms: 180_000 } })));
    await screen.findByText('Saved on this device, will sync');
    const entry = outbox.sendOrKeep.mock.calls[0]![0] as object;
    outbox.waiting.mockResolvedValue([{ ...entry, seq: 1, savedAt: '2026-11-25T08:00:00Z' }]);
    await act(async () => heard.changed.forEach((l) => l()));
    const waiting = container.querySelector('[data-waiting]') as HTMLElement;
    expect(waiting.textContent).toBe('Box breathing3 min · Saved on this device, will sync');
    expect(container.querySelector('[data-refused]')).toBeNull();

    // Back online, the database refuses it (the member's session ended): still listed, and the member is told why.
    outbox.waiting.mockResolvedValue([{ ...entry, seq: 1, savedAt: '2026-11-25T08:00:00Z', refused: { code: 'PGRST301', message: 'JWT expired' } }]);
    await act(async () => heard.changed.forEach((l) => l()));
    expect(container.querySelector('[data-waiting]')).not.toBeNull();
    expect(container.querySelector('[data-refused]')!.textContent).toBe(
      'One save on this device was not accepted because your session has ended. Sign in again and it will sync; it stays on this device until then.',
    );

    outbox.waiting.mockResolvedValue([]);
    await act(async () => {
      heard.sent.forEach((l) => l({ entry: { ...entry, seq: 1 }, outcome: { kind: 'sent', overwrote: false } }));
      heard.changed.forEach((l) => l());
    });
    expect(container.querySelector('[data-waiting]')).toBeNull();
    expect(container.querySelector('[data-refused]')).toBeNull();
    expect(within(container.querySelector('[data-history]') as HTMLElement).getByText('Box breathing')).toBeTruthy();
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
