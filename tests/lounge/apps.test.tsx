/**
 * Rise Mode, Mindstage and The Reset Room in the app room, as members meet them: loading, ready,
 * saving, a failed save that keeps what was entered (the message shown, Retry working), text
 * Postgres cannot store refused before any save, the streak off until turned on, the rehearsal's
 * five steps with Pause and Skip and its two ratings on the chart and table, a reset's safety
 * note before it starts, its history and what helped most; a member without the app is shown the
 * way in. The database and the content gate are replaced by the apps' api modules' doubles.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WritableAtom } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberAccess } from '../../src/core/access/store';
import type { Resource } from '../../src/core/session/member-store';
import { $session } from '../../src/core/session/store';
import statements from '../../src/content/lounge/rise-mode/statements.json';
import braveActions from '../../src/content/lounge/rise-mode/brave-actions.json';
import prompts from '../../src/content/lounge/rise-mode/prompts.json';
import scenarios from '../../src/content/lounge/mindstage/scenarios.json';
import ownTemplate from '../../src/content/lounge/mindstage/own-scenario.json';
import resets from '../../src/content/lounge/the-reset-room/resets.json';
import feelings from '../../src/content/lounge/the-reset-room/feelings.json';
import { statementOfDay } from '../../src/features/lounge/rise-mode/rise';
import { dayIn } from '../../src/features/lounge/shared/local-day';

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

const { riseApi, mindstageApi, resetApi, gate } = vi.hoisted(() => ({
  riseApi: { fetchDays: vi.fn(), saveMorning: vi.fn(), saveCheckIn: vi.fn(), fetchOwnStatements: vi.fn(), addOwnStatement: vi.fn(), removeOwnStatement: vi.fn() },
  mindstageApi: { fetchOwnScenarios: vi.fn(), addOwnScenario: vi.fn(), fetchRehearsals: vi.fn(), logRehearsal: vi.fn() },
  resetApi: { fetchResets: vi.fn(), logReset: vi.fn() },
  gate: { fetchGated: vi.fn() },
}));
vi.mock('../../src/features/lounge/rise-mode/api', () => riseApi);
vi.mock('../../src/features/lounge/mindstage/api', () => mindstageApi);
vi.mock('../../src/features/lounge/the-reset-room/api', () => resetApi);
vi.mock('../../src/core/content-gate-api', () => gate);

const access = (await import('../../src/core/access/store')).$memberAccess as unknown as WritableAtom<Resource<MemberAccess>>;
const { default: RiseMode } = await import('../../src/features/lounge/rise-mode/RiseMode');
const { default: Mindstage } = await import('../../src/features/lounge/mindstage/Mindstage');
const { default: ResetRoom } = await import('../../src/features/lounge/the-reset-room/ResetRoom');

const member = { id: 'uid_1', email: 'ada@example.com', phone: null, email_confirmed_at: null, full_name: 'Ada', avatar_url: null, firebase_uid: 'uid_1' };
const paid = (priceId: string) => ({ price_id: priceId, product_type: 'app', status: 'paid', purchased_at: '2026-11-01T00:00:00Z', refunded_at: null });
const room = (slug: 'rise-mode' | 'mindstage' | 'the-reset-room', name: string) => ({
  slug,
  appName: name,
  description: `${name}, described.`,
  price: '$29 USD',
  product: { priceId: `price_app_${slug.replaceAll('-', '_')}`, name: `Inner Alchemy App - ${name}`, mode: 'payment' as const, productType: 'app' as const },
});
function owns(priceId: string | null) {
  access.set({ status: 'ready', value: { subscription: null, purchases: (priceId ? [paid(priceId)] : []) as MemberAccess['purchases'], error: null } });
}
const content = (map: Record<string, unknown>) => (_product: string, item: string) => (item in map ? Promise.resolve({ data: map[item] }) : Promise.reject(new Error('There is no such content.')));
/** Types by pasting (one input event), which keeps the tests quick on a busy machine. */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}
const FAILED = 'This could not be saved just now. Your words are still here: press Retry.';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  $session.set({ status: 'signedIn', user: member });
  access.set({ status: 'loading' });
  localStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  for (const api of [riseApi, mindstageApi, resetApi, gate]) for (const fn of Object.values(api)) fn.mockReset();
  $session.set({ status: 'unknown' });
});

describe('Rise Mode', () => {
  const open = () => render(<RiseMode {...room('rise-mode', 'Rise Mode')} prompts={prompts} />);
  beforeEach(() => {
    owns('price_app_rise_mode');
    gate.fetchGated.mockImplementation(content({ statements, 'brave-actions': braveActions }));
    riseApi.fetchOwnStatements.mockResolvedValue({ data: [], error: null });
  });

  it('shows a member without the app the way in, and loads nothing', () => {
    owns(null);
    open();
    expect(screen.getByRole('heading', { name: 'Rise Mode is not in your library yet' })).toBeTruthy();
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
    expect(screen.getByRole('textbox', { name: /Your intention for today/ })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: /One small brave action/ }) as HTMLInputElement).value).not.toBe('');
    expect(screen.getByText(/Start your day above first/)).toBeTruthy();
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
    expect(alert.textContent).toContain(FAILED);
    expect((screen.getByRole('textbox', { name: /Your intention for today/ }) as HTMLTextAreaElement).value).toBe('Be patient with myself');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Saved. Come back this evening to check in.')).toBeTruthy();
    expect(riseApi.saveMorning.mock.calls[1]).toEqual(['uid_1', expect.objectContaining({ day: dayIn(new Date()), intention: 'Be patient with myself' })]);

    expect(screen.getByRole('group', { name: 'Did you live it?' })).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Partly' }));
    await fill(screen.getByRole('textbox', { name: /A short note/ }), 'I asked one question.');
    await userEvent.click(screen.getByRole('button', { name: 'Save my check-in' }));
    expect(await screen.findByText('Checked in. Well done for showing up.')).toBeTruthy();
    expect(riseApi.saveCheckIn).toHaveBeenCalledWith('uid_1', dayIn(new Date()), 'partly', 'I asked one question.');
    expect(within(document.querySelector('[data-rise-history]') as HTMLElement).getByText(/Partly/)).toBeTruthy();
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
    expect(await screen.findByText('Kept with your statements.')).toBeTruthy();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Or use one of your own today' }), 'I am learning to take my time.');
    expect(document.querySelector('[data-todays-statement]')!.textContent).toBe('I am learning to take my time.');

    expect(screen.queryByText(/in a row/)).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show my streak' }));
    expect(screen.getByText(/^1 morning in a row/)).toBeTruthy();
    await fill(screen.getByRole('textbox', { name: /Your intention for today/ }), 'Go slowly');
    await userEvent.click(screen.getByRole('button', { name: 'Start my day' }));
    expect(await screen.findByText(/^2 mornings in a row/)).toBeTruthy();
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
});

describe('Mindstage', () => {
  const open = () => render(<Mindstage {...room('mindstage', 'Mindstage')} />);
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
    expect(within(card).getByText('Rehearse this scene once more to see a trend.', { selector: 'li > p' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Asking for a raise' })).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: /^Rehearse\s*Making a phone call$/ }));

    const begin = screen.getByRole('button', { name: 'Begin the rehearsal' });
    expect(begin).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('radio', { name: '7' }));
    await userEvent.click(begin);

    const phone = scenarios.find((s) => s.slug === 'a-phone-call')!;
    expect(screen.getByText('Step 1 of 5')).toBeTruthy();
    expect(screen.getByRole('heading', { name: phone.steps[0]!.title })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('1:00');
    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(screen.getByRole('button', { name: 'Resume' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
    for (let i = 1; i < 5; i++) {
      await userEvent.click(screen.getByRole('button', { name: 'Skip this step' }));
      expect(screen.getByText(`Step ${i + 1} of 5`)).toBeTruthy();
      expect(screen.getByText(phone.steps[i]!.text)).toBeTruthy();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));

    expect(screen.getByText('Before the rehearsal you rated 7.')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: '4' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save this rehearsal' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(FAILED);
    expect((screen.getByRole('radio', { name: '4' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Saved. It is on this scene’s chart.')).toBeTruthy();
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
    expect(alert.textContent).toContain(FAILED);
    expect((screen.getByRole('textbox', { name: /What you do if it wobbles/ }) as HTMLTextAreaElement).value).toBe('I ask for the manager calmly.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Returning a jumper' })).toBeTruthy();
  });
});

describe('The Reset Room', () => {
  const open = () => render(<ResetRoom {...room('the-reset-room', 'The Reset Room')} feelings={feelings as never} />);
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
    expect(within(cold).getByText(/not colder than about 10 °C/)).toBeTruthy();
    await userEvent.click(within(cold).getByRole('button', { name: 'Start cold-water reset' }));
    expect(screen.getByText(/Do not use this reset if you have a heart condition/)).toBeTruthy();
    expect(screen.getByText('Step 1 of 5')).toBeTruthy();
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
    expect(alert.textContent).toContain(FAILED);
    expect((screen.getByRole('radio', { name: '3' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Saved to your history.')).toBeTruthy();
    expect(resetApi.logReset).toHaveBeenLastCalledWith('uid_1', { feeling: 'anxiety', reset: 'grounding-five-senses', before: 7, after: 3 });
    const history = document.querySelector('[data-reset-history]') as HTMLElement;
    expect(within(history).getByText(/7 → 3 \(down 4\)/)).toBeTruthy();
    const best = within(document.querySelector('[data-helped-most]') as HTMLElement).getAllByRole('listitem');
    expect(best.map((li) => li.textContent)).toEqual(['Five senses groundingdown 4 on average · 1 time', 'The STOP pausedown 1 on average · 1 time']);
  });

  it('says so when the gate refuses the resets, and can try again', async () => {
    resetApi.fetchResets.mockResolvedValue({ data: [], error: null });
    gate.fetchGated.mockRejectedValueOnce(new Error('This is part of The Reset Room. Buy the app for lifetime access.'));
    open();
    expect((await screen.findByRole('alert')).textContent).toContain('Buy the app for lifetime access.');
    gate.fetchGated.mockImplementation(content({ resets }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'What do you feel right now?' })).toBeTruthy());
  });
});
