/**
 * The Reset Room as a member who has it meets it: the resets for a feeling and its strength, the
 * cold water's safety note before it starts, both ratings kept when the save fails (Retry
 * saves), the history with before and after and what helped most, and the gate refusing the
 * resets, and a reset done offline listed as waiting (a reload included) until it is sent. The
 * database, the outbox and the content gate are doubles.
 */
import { content, frameProps, gate, heard, memberEachTest, outbox, owns, SAVE_FAILED } from '../shared/as-member';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import resets from '../../../src/content/lounge/the-reset-room/resets.json';
import feelings from '../../../src/content/lounge/the-reset-room/feelings.json';

const { resetApi } = vi.hoisted(() => ({ resetApi: { fetchResets: vi.fn(), logReset: vi.fn() } }));
vi.mock('../../../src/features/lounge/the-reset-room/api', () => resetApi);
const { default: ResetRoom } = await import('../../../src/features/lounge/the-reset-room/ResetRoom');

memberEachTest(resetApi);

describe('The Reset Room', () => {
  const open = () => render(<ResetRoom {...frameProps('the-reset-room', 'The Reset Room')} feelings={feelings as never} />);
  beforeEach(() => {
    owns('price_app_the_reset_room');
    gate.fetchGated.mockImplementation(content({ resets }));
  });

  it('suggests resets for the feeling and its strength, shows the cold water’s safety note before it starts', async () => {
    resetApi.fetchResets.mockResolvedValue({ data: [], error: null });
    open();
    await userEvent.click(await screen.findByRole('radio', { name: /Anger/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Find a reset' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose how strong it is, from 0 to 10.');
    await userEvent.click(screen.getByRole('radio', { name: '9' }));
    await userEvent.click(screen.getByRole('button', { name: 'Find a reset' }));
    const list = document.querySelector('[data-suitable]') as HTMLElement;
    const items = within(list).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Slow paced breathing');
    expect(items[0]!.textContent).toContain('Suggested');
    const cold = items.find((li) => li.textContent!.includes('Cold-water reset'))!;
    within(cold).getByText(/not colder than about 10 °C/);
    await userEvent.click(within(cold).getByRole('button', { name: 'Start cold-water reset' }));
    screen.getByText(/Do not use this reset if you have a heart condition/);
    screen.getByText('Step 1 of 5');
  });

  it('keeps both ratings when the save fails; Retry saves; the history shows before and after and what helped most', async () => {
    resetApi.fetchResets.mockResolvedValue({ data: [{ feeling: 'anxiety', reset: 'stop-pause', before: 6, after: 5, at: '2026-11-20T08:00:00Z' }], error: null });
    resetApi.logReset
      .mockResolvedValueOnce({ data: null, error: { code: 'PGRST000' } })
      .mockResolvedValueOnce({ data: { feeling: 'anxiety', reset: 'grounding-five-senses', before: 7, after: 3, at: '2026-11-25T08:00:00Z' }, error: null });
    open();
    await userEvent.click(await screen.findByRole('radio', { name: /Anxiety/ }));
    await userEvent.click(screen.getByRole('radio', { name: '7' }));
    await userEvent.click(screen.getByRole('button', { name: 'Find a reset' }));
    await userEvent.click(screen.getByRole('button', { name: 'Start five senses grounding' }));
    for (let i = 0; i < 6; i++) await userEvent.click(screen.getByRole('button', { name: 'Next step' }));
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await userEvent.click(screen.getByRole('radio', { name: '3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save to my history' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(SAVE_FAILED);
    expect((screen.getByRole('radio', { name: '3' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByText('Saved to your history.');
    expect(resetApi.logReset).toHaveBeenLastCalledWith('uid_1', { feeling: 'anxiety', reset: 'grounding-five-senses', before: 7, after: 3 });
    const history = document.querySelector('[data-reset-history]') as HTMLElement;
    within(history).getByText(/7 → 3 \(down 4\)/);
    const best = within(document.querySelector('[data-helped-most]') as HTMLElement).getAllByRole('listitem');
    expect(best.map((li) => li.textContent)).toEqual(['Five senses groundingdown 4 on average · 1 time', 'The STOP pausedown 1 on average · 1 time']);
  });

  it('lists a reset done offline as waiting, after a reload too, then in the history when it is sent, dated when it was done', async () => {
    resetApi.fetchResets.mockResolvedValue({ data: [], error: null });
    // Done offline before this page was opened: the outbox still holds it.
    const kept = {
      seq: 1,
      uid: 'uid_1',
      app: 'the-reset-room',
      key: 'resets:r1',
      op: { kind: 'upsert', table: 'resets', values: { id: 'r1', user_id: 'uid_1', feeling: 'anger', reset: 'stop-pause', intensity_before: 8, intensity_after: 5 }, onConflict: 'id', ignoreDuplicates: true, datedBy: 'finished_at' },
      savedAt: '2026-11-24T21:30:00.000Z',
    };
    outbox.waiting.mockResolvedValue([kept]);
    open();
    const waiting = await waitFor(() => {
      const listed = document.querySelector<HTMLElement>('[data-reset-history] [data-waiting]');
      if (!listed) throw new Error('not listed yet');
      return listed;
    });
    expect(waiting.textContent).toBe('The STOP pause · Anger' + '8 → 5 (down 3) · Saved on this device, will sync');
    expect(screen.queryByText(/Your resets appear here/)).toBeNull();

    // Sent: no longer waiting, in the history on the day it was done.
    outbox.waiting.mockResolvedValue([]);
    await act(async () => {
      heard.sent.forEach((l) => l({ entry: kept, outcome: { kind: 'sent', overwrote: false } }));
      heard.changed.forEach((l) => l());
    });
    const history = document.querySelector('[data-reset-history]') as HTMLElement;
    await waitFor(() => expect(history.querySelector('[data-waiting]')).toBeNull());
    expect(within(history).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['The STOP pause · Anger' + 'November 24, 2026: 8 → 5 (down 3)']);
  });

  it('says so when the gate refuses the resets, and can try again', async () => {
    resetApi.fetchResets.mockResolvedValue({ data: [], error: null });
    gate.fetchGated.mockRejectedValueOnce(new Error('This is part of The Reset Room. Buy the app for lifetime access.'));
    open();
    expect((await screen.findByRole('alert')).textContent).toContain('Buy the app for lifetime access.');
    gate.fetchGated.mockImplementation(content({ resets }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => screen.getByRole('heading', { name: 'What do you feel right now?' }));
  });
});
