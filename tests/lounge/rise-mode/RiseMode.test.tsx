/**
 * Rise Mode as a member meets it: the way in without the app (nothing loaded), the day's
 * statement from the set, the intention kept when the morning's save fails (Retry saves), the
 * evening check-in, text Postgres cannot store refused before any save, the member's own
 * statement, the streak off until turned on, and a morning and a statement saved offline on the
 * page as waiting (a reload included) until they are sent. The database, the outbox and the
 * content gate are doubles.
 */
import { content, fill, frameProps, gate, heard, memberEachTest, outbox, owns, SAVE_FAILED } from '../shared/as-member';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import statements from '../../../src/content/lounge/rise-mode/statements.json';
import braveActions from '../../../src/content/lounge/rise-mode/brave-actions.json';
import prompts from '../../../src/content/lounge/rise-mode/prompts.json';
import { statementOfDay } from '../../../src/features/lounge/rise-mode/rise';
import { dayIn } from '../../../src/features/lounge/shared/local-day';

const { riseApi } = vi.hoisted(() => ({
  riseApi: { fetchDays: vi.fn(), saveMorning: vi.fn(), saveCheckIn: vi.fn(), fetchOwnStatements: vi.fn(), addOwnStatement: vi.fn(), removeOwnStatement: vi.fn() },
}));
// The reads and writes are doubles; how the outbox's entries apply is the module's own.
vi.mock('../../../src/features/lounge/rise-mode/api', async (importOriginal) => ({ ...(await importOriginal<object>()), ...riseApi }));
const { default: RiseMode } = await import('../../../src/features/lounge/rise-mode/RiseMode');

memberEachTest(riseApi);

describe('Rise Mode', () => {
  const open = () => render(<RiseMode {...frameProps('rise-mode', 'Rise Mode')} prompts={prompts} />);
  beforeEach(() => {
    owns('price_app_rise_mode');
    gate.fetchGated.mockImplementation(content({ statements, 'brave-actions': braveActions }));
    riseApi.fetchOwnStatements.mockResolvedValue({ data: [], error: null });
  });

  it('shows a member without the app the way in, and loads nothing', () => {
    owns(null);
    open();
    screen.getByRole('heading', { name: 'Rise Mode is not in your library yet' });
    expect(screen.getByRole('link', { name: 'Get Rise Mode' }).getAttribute('href')).toBe('/app/rise-mode#get-app');
    expect(gate.fetchGated).not.toHaveBeenCalled();
    expect(riseApi.fetchDays).not.toHaveBeenCalled();
  });

  it('loads, then offers the day’s statement from the set, the intention field and a brave action', async () => {
    let days!: (v: unknown) => void;
    riseApi.fetchDays.mockReturnValue(new Promise((r) => (days = r)));
    open();
    expect(screen.getByRole('status').textContent).toBe('Opening Rise Mode…');
    await act(async () => days({ data: [], error: null }));
    expect(gate.fetchGated).toHaveBeenCalledWith('rise-mode', 'statements');
    const today = statementOfDay(statements, dayIn(new Date()))!;
    expect(document.querySelector('[data-todays-statement]')!.textContent).toBe(today.text);
    screen.getByRole('textbox', { name: /Your intention for today/ });
    expect((screen.getByRole('combobox', { name: /One small brave action/ }) as HTMLInputElement).value).not.toBe('');
    screen.getByText(/Start your day above first/);
  });

  it('keeps the intention when the morning’s save fails, says so, Retry saves; then the evening check-in is saved', async () => {
    riseApi.fetchDays.mockResolvedValue({ data: [], error: null });
    riseApi.saveMorning.mockResolvedValueOnce({ error: { code: 'PGRST000' } }).mockResolvedValueOnce({ error: null });
    riseApi.saveCheckIn.mockResolvedValue({ error: null });
    open();
    const intention = await screen.findByRole('textbox', { name: /Your intention for today/ });
    await fill(intention, 'Be patient with myself');
    await userEvent.click(screen.getByRole('button', { name: 'Start my day' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(SAVE_FAILED);
    expect((screen.getByRole('textbox', { name: /Your intention for today/ }) as HTMLTextAreaElement).value).toBe('Be patient with myself');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByText('Saved. Come back this evening to check in.');
    expect(riseApi.saveMorning.mock.calls[1]).toEqual(['uid_1', expect.objectContaining({ day: dayIn(new Date()), intention: 'Be patient with myself' })]);

    screen.getByRole('group', { name: 'Did you live it?' });
    await userEvent.click(screen.getByRole('radio', { name: 'Partly' }));
    await fill(screen.getByRole('textbox', { name: /A short note/ }), 'I asked one question.');
    await userEvent.click(screen.getByRole('button', { name: 'Save my check-in' }));
    await screen.findByText('Checked in. Well done for showing up.');
    expect(riseApi.saveCheckIn).toHaveBeenCalledWith('uid_1', dayIn(new Date()), 'partly', 'I asked one question.');
    within(document.querySelector('[data-rise-history]') as HTMLElement).getByText(/Partly/);
  });

  it('refuses text Postgres cannot store before saving, with a clear message', async () => {
    riseApi.fetchDays.mockResolvedValue({ data: [], error: null });
    open();
    const intention = await screen.findByRole('textbox', { name: /Your intention for today/ });
    await userEvent.click(intention);
    await userEvent.paste('calm\u0000');
    await userEvent.click(screen.getByRole('button', { name: 'Start my day' }));
    expect(screen.getByRole('alert').textContent).toBe('Your intention contains a character that cannot be saved (an invisible control character). Please remove it and save again.');
    expect(riseApi.saveMorning).not.toHaveBeenCalled();
  });

  it('keeps the member’s own statement, offers it for today, and shows the streak only when turned on', async () => {
    const today = dayIn(new Date());
    const yesterday = dayIn(new Date(Date.now() - 86_400_000));
    riseApi.fetchDays.mockResolvedValue({
      data: [{ day: yesterday, intention: 'Rest', statementId: '', statementText: 'x', braveAction: '', lived: 'yes', note: '' }],
      error: null,
    });
    riseApi.addOwnStatement.mockResolvedValue({ data: { id: 's1', text: 'I am learning to take my time.' }, error: null });
    riseApi.saveMorning.mockResolvedValue({ error: null });
    open();
    await fill(await screen.findByRole('textbox', { name: 'A new statement' }), 'I am learning to take my time.');
    await userEvent.click(screen.getByRole('button', { name: 'Keep this statement' }));
    await screen.findByText('Kept with your statements.');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Or use one of your own today' }), 'I am learning to take my time.');
    expect(document.querySelector('[data-todays-statement]')!.textContent).toBe('I am learning to take my time.');

    expect(screen.queryByText(/in a row/)).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show my streak' }));
    screen.getByText(/^1 morning in a row/);
    await fill(screen.getByRole('textbox', { name: /Your intention for today/ }), 'Go slowly');
    await userEvent.click(screen.getByRole('button', { name: 'Start my day' }));
    await screen.findByText(/^2 mornings in a row/);
    expect(riseApi.saveMorning).toHaveBeenCalledWith('uid_1', expect.objectContaining({ day: today, statementId: '', statementText: 'I am learning to take my time.' }));
    expect(localStorage.getItem('ia:rise-mode:streak')).toBe('on');
  });

  it('at the cap of own statements says so in the save failure, in the words the database gives, and keeps the statement written', async () => {
    const CAP = 'You have 100 statements of your own, as many as Rise Mode keeps. Remove one you no longer need, then add this one.';
    riseApi.fetchDays.mockResolvedValue({ data: [], error: null });
    riseApi.addOwnStatement.mockResolvedValue({ data: null, error: { code: 'IA429', message: CAP } });
    open();
    await fill(await screen.findByRole('textbox', { name: 'A new statement' }), 'I am learning to ask for help.');
    await userEvent.click(screen.getByRole('button', { name: 'Keep this statement' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(CAP);
    expect((screen.getByRole('textbox', { name: 'A new statement' }) as HTMLTextAreaElement).value).toBe('I am learning to ask for help.');
  });

  it('shows a morning and a statement saved offline as waiting, after a reload too, then as stored once sent', async () => {
    riseApi.fetchDays.mockResolvedValue({ data: [], error: null });
    const today = dayIn(new Date());
    const entry = (seq: number, key: string, op: object) => ({ seq, uid: 'uid_1', app: 'rise-mode', key, op, savedAt: '2026-11-24T07:00:00.000Z' });
    const morning = entry(1, `rise_days:${today}:morning`, {
      kind: 'upsert',
      table: 'rise_days',
      values: { user_id: 'uid_1', day: today, intention: 'Speak up once', statement_id: 'st-1', statement_text: 'I can be heard.', brave_action: 'Ask one question' },
      onConflict: 'user_id,day',
    });
    const statement = entry(2, 'rise_statements:s1', { kind: 'upsert', table: 'rise_statements', values: { id: 's1', user_id: 'uid_1', text: 'I am learning to rest.' }, onConflict: 'id', ignoreDuplicates: true });
    outbox.waiting.mockResolvedValue([morning, statement]);
    open();
    const intention = (await screen.findByRole('textbox', { name: /Your intention for today/ })) as HTMLTextAreaElement;
    await waitFor(() => expect(intention.value).toBe('Speak up once'));
    const history = document.querySelector('[data-rise-history]') as HTMLElement;
    within(history).getByText('Saved on this device, will sync');
    const mine = document.querySelector('[data-own-statements]') as HTMLElement;
    expect(mine.textContent).toContain('I am learning to rest.' + 'Saved on this device, will sync');

    // Sent: no longer waiting, still on the page.
    outbox.waiting.mockResolvedValue([]);
    await act(async () => {
      for (const sent of [morning, statement]) heard.sent.forEach((l) => l({ entry: sent, outcome: { kind: 'sent', overwrote: false } }));
      heard.changed.forEach((l) => l());
    });
    await waitFor(() => expect(document.querySelector('[data-waiting]')).toBeNull());
    expect(intention.value).toBe('Speak up once');
    expect((document.querySelector('[data-own-statements]') as HTMLElement).textContent).toContain('I am learning to rest.');
  });
});
