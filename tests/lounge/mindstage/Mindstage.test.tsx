/**
 * Mindstage as a member who has it meets it: the rehearsal's five steps with Pause and Skip,
 * both ratings kept when the save fails and put on the chart and its table on Retry, and every
 * field of a new scene kept when its save fails, and a scene and a rehearsal saved offline on the
 * page as waiting (a reload included) until they are sent. The database, the outbox and the
 * content gate are doubles.
 */
import { content, fill, frameProps, gate, heard, memberEachTest, outbox, owns, SAVE_FAILED } from '../shared/as-member';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import scenarios from '../../../src/content/lounge/mindstage/scenarios.json';
import ownTemplate from '../../../src/content/lounge/mindstage/own-scenario.json';

const { mindstageApi } = vi.hoisted(() => ({ mindstageApi: { fetchOwnScenarios: vi.fn(), addOwnScenario: vi.fn(), fetchRehearsals: vi.fn(), logRehearsal: vi.fn() } }));
// The reads and writes are doubles; what the outbox's entries hold is read by the module itself.
vi.mock('../../../src/features/lounge/mindstage/api', async (importOriginal) => ({ ...(await importOriginal<object>()), ...mindstageApi }));
const { default: Mindstage } = await import('../../../src/features/lounge/mindstage/Mindstage');

memberEachTest(mindstageApi);

describe('Mindstage', () => {
  const open = () => render(<Mindstage {...frameProps('mindstage', 'Mindstage')} />);
  beforeEach(() => {
    owns('price_app_mindstage');
    gate.fetchGated.mockImplementation(content({ scenarios, 'own-scenario': ownTemplate }));
    mindstageApi.fetchOwnScenarios.mockResolvedValue({ data: [{ id: 'o1', title: 'Asking for a raise', scene: 'Her office on Friday.', goingWell: 'I make my case.', coping: 'I ask what would change it.' }], error: null });
  });

  it('rehearses in five steps (Pause and Skip), keeps both ratings when the save fails, and Retry puts them on the chart', async () => {
    mindstageApi.fetchRehearsals.mockResolvedValue({ data: [{ scenario: 'a-phone-call', before: 8, after: 6, at: '2026-11-20T08:00:00Z' }], error: null });
    mindstageApi.logRehearsal
      .mockResolvedValueOnce({ data: null, error: { code: 'PGRST000' } })
      .mockResolvedValueOnce({ data: { scenario: 'a-phone-call', before: 7, after: 4, at: '2026-11-25T08:00:00Z' }, error: null });
    open();
    const card = (await screen.findByRole('heading', { name: 'Making a phone call' })).closest('li')!;
    within(card).getByText('Rehearse this scene once more to see a trend.', { selector: 'li > p' });
    screen.getByRole('heading', { name: 'Asking for a raise' });
    await userEvent.click(within(card).getByRole('button', { name: /^Rehearse\s*Making a phone call$/ }));

    const begin = screen.getByRole('button', { name: 'Begin the rehearsal' });
    expect(begin).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('radio', { name: '7' }));
    await userEvent.click(begin);

    const phone = scenarios.find((s) => s.slug === 'a-phone-call')!;
    screen.getByText('Step 1 of 5');
    screen.getByRole('heading', { name: phone.steps[0]!.title });
    expect(screen.getByRole('timer').textContent).toBe('1:00');
    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    screen.getByRole('button', { name: 'Resume' });
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
    for (let i = 1; i < 5; i++) {
      await userEvent.click(screen.getByRole('button', { name: 'Skip this step' }));
      screen.getByText(`Step ${i + 1} of 5`);
      screen.getByText(phone.steps[i]!.text);
    }
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));

    screen.getByText('Before the rehearsal you rated 7.');
    await userEvent.click(screen.getByRole('radio', { name: '4' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save this rehearsal' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(SAVE_FAILED);
    expect((screen.getByRole('radio', { name: '4' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByText('Saved. It is on this scene’s chart.');
    expect(mindstageApi.logRehearsal).toHaveBeenLastCalledWith('uid_1', 'a-phone-call', 7, 4);

    const chart = screen.getByRole('img', { name: /Distress before and after each rehearsal of Making a phone call/ });
    expect(chart.querySelectorAll('circle')).toHaveLength(2);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].slice(1).map((c) => c.textContent))).toEqual([
      ['8', '6'],
      ['7', '4'],
    ]);
    expect(screen.getAllByText(/About the same over 2 rehearsals|Getting easier/).length).toBeGreaterThan(0);
  });

  it('keeps every field of a new scene when its save fails, and adds it on Retry', async () => {
    mindstageApi.fetchRehearsals.mockResolvedValue({ data: [], error: null });
    mindstageApi.addOwnScenario.mockResolvedValueOnce({ data: null, error: { code: 'PGRST000' } }).mockResolvedValueOnce({
      data: { id: 'o2', title: 'Returning a jumper', scene: 'The shop counter.', goingWell: 'They take it back.', coping: 'I ask for the manager calmly.' },
      error: null,
    });
    open();
    await fill(await screen.findByRole('textbox', { name: 'A name for it' }), 'Returning a jumper');
    await userEvent.click(screen.getByRole('button', { name: 'Add this scene' }));
    expect(screen.getByRole('alert').textContent).toBe('The scene is empty: a sentence is enough.');
    expect(mindstageApi.addOwnScenario).not.toHaveBeenCalled();
    await fill(screen.getByRole('textbox', { name: /Where you are/ }), 'The shop counter.');
    await fill(screen.getByRole('textbox', { name: /How it goes reasonably well/ }), 'They take it back.');
    await fill(screen.getByRole('textbox', { name: /What you do if it wobbles/ }), 'I ask for the manager calmly.');
    await userEvent.click(screen.getByRole('button', { name: 'Add this scene' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(SAVE_FAILED);
    expect((screen.getByRole('textbox', { name: /What you do if it wobbles/ }) as HTMLTextAreaElement).value).toBe('I ask for the manager calmly.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('heading', { name: 'Returning a jumper' });
  });

  it('shows a scene and a rehearsal saved offline as waiting, after a reload too, then as stored once sent', async () => {
    mindstageApi.fetchRehearsals.mockResolvedValue({ data: [{ scenario: 'a-phone-call', before: 8, after: 6, at: '2026-11-20T08:00:00Z' }], error: null });
    const entry = (key: string, table: string, values: Record<string, unknown>, savedAt: string) => ({
      seq: 1,
      uid: 'uid_1',
      app: 'mindstage',
      key,
      op: { kind: 'upsert', table, values: { user_id: 'uid_1', ...values }, onConflict: 'id', ignoreDuplicates: true },
      savedAt,
    });
    const scene = entry('rehearsal_scenarios:o2', 'rehearsal_scenarios', { id: 'o2', title: 'Returning a jumper', scene: 'The shop counter.', going_well: 'They take it back.', coping: 'I ask calmly.' }, '2026-11-24T20:00:00.000Z');
    const rehearsal = entry('rehearsals:r1', 'rehearsals', { id: 'r1', scenario: 'a-phone-call', suds_before: 7, suds_after: 4 }, '2026-11-24T21:00:00.000Z');
    outbox.waiting.mockResolvedValue([scene, rehearsal]);
    open();
    await screen.findByRole('heading', { name: 'Returning a jumper' });
    const card = screen.getByRole('heading', { name: 'Making a phone call' }).closest('li')!;
    await waitFor(() => expect(card.querySelector('[data-waiting]')?.textContent).toBe('One rehearsal: Saved on this device, will sync'));
    // On the chart with the stored one: two rehearsals, a trend.
    within(card).getByText(/over 2 rehearsals|Getting easier/, { selector: 'li > p' });

    // Sent: no longer waiting, still on the chart (dated when it was done), the scene still listed.
    outbox.waiting.mockResolvedValue([]);
    await act(async () => {
      for (const sent of [scene, rehearsal]) heard.sent.forEach((l) => l({ entry: sent, outcome: { kind: 'sent', overwrote: false } }));
      heard.changed.forEach((l) => l());
    });
    await waitFor(() => expect(card.querySelector('[data-waiting]')).toBeNull());
    within(card).getByText(/over 2 rehearsals|Getting easier/, { selector: 'li > p' });
    expect(screen.getAllByRole('heading', { name: 'Returning a jumper' })).toHaveLength(1);
  });
});
