/**
 * "Days practised" on the dashboard (src/features/lounge/days-practised/) as a member meets it:
 * the card's own markup (read from DaysPractised.astro) with `<days-practised>`; off by default,
 * with nothing read and no calendar mounted; turned on (and remembered in this browser), the
 * last five weeks in the member's own days, each day's words for a screen reader and a tick for
 * a practised day; a failed read says so and Try again reads again.
 */
import { memberEachTest } from '../shared/as-member';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { api } = vi.hoisted(() => ({ api: { fetchPractice: vi.fn() } }));
vi.mock('../../../src/features/lounge/days-practised/api', () => api);
const { defineDaysPractised, DAYS_PRACTISED_KEY } = await import('../../../src/features/lounge/days-practised/days-practised-element');

/** The card as the page renders it: the component's markup, between its frontmatter and its script. */
const source = readFileSync('src/features/lounge/days-practised/DaysPractised.astro', 'utf8');
const MARKUP = source.slice(source.indexOf('---', 3) + 3, source.indexOf('<script>'));

/** Puts the card on the page, as the dashboard shows it. */
function render() {
  defineDaysPractised();
  const host = document.createElement('div');
  host.innerHTML = MARKUP;
  act(() => {
    document.body.append(host);
  });
  return { unmount: () => act(() => host.remove()) };
}
afterEach(() => {
  act(() => document.body.replaceChildren());
});

memberEachTest(api);

const zone = process.env.TZ;
beforeEach(() => {
  // The member's browser in Berlin, the night the clocks went forward: Monday 2027-03-29, 00:15 CEST.
  process.env.TZ = 'Europe/Berlin';
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-03-28T22:15:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const RECORDS = {
  instants: { stillpoint: ['2027-03-27T23:30:00Z'], course: ['2027-03-28T22:05:00Z'] },
  days: { bloom: ['2027-03-02'] },
};

const toggle = () => screen.getByRole('checkbox', { name: 'Show the days I practised' }) as HTMLInputElement;
const offText = () => document.querySelector<HTMLElement>('[data-days-off]')!;

describe('Days practised', () => {
  it('is off by default: nothing is read and no calendar shows', () => {
    render();
    expect(screen.getByRole('region', { name: 'Days practised' })).toBeTruthy();
    expect(toggle().checked).toBe(false);
    expect(offText().hidden).toBe(false);
    expect(screen.queryByRole('table')).toBeNull();
    expect(api.fetchPractice).not.toHaveBeenCalled();
  });

  it('turned on, shows the last five weeks in the member’s own days, in words and with a tick', async () => {
    api.fetchPractice.mockResolvedValue({ data: RECORDS, error: null });
    render();
    await userEvent.click(toggle());
    const table = await screen.findByRole('table', { name: 'Days you practised, the last 5 weeks, Monday to Sunday' });
    expect(api.fetchPractice).toHaveBeenCalledWith('uid_1', '2027-03-01');
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    // 23:30 UTC on the 27th is 00:30 on the 28th in Berlin; 22:05 UTC on the 28th is 00:05 on the 29th (CEST).
    within(table).getByText('Sunday, March 28: practised (Stillpoint)');
    within(table).getByText('Monday, March 29 (today): practised (The course)');
    within(table).getByText('Tuesday, March 2: practised (The Bloom Book)');
    within(table).getByText('Saturday, March 27: not practised');
    within(table).getByText('Sunday, April 4: still to come');
    const practised = table.querySelectorAll('[data-practised="yes"]');
    expect([...practised].map((c) => c.getAttribute('data-day'))).toEqual(['2027-03-02', '2027-03-28', '2027-03-29']);
    for (const cell of practised) expect(cell.textContent).toContain('✓');
    screen.getByText('You practised on 3 of the last 29 days.');
    expect(localStorage.getItem(DAYS_PRACTISED_KEY)).toBe('on');
  });

  it('remembers the switch in this browser, and turned off again shows nothing', async () => {
    api.fetchPractice.mockResolvedValue({ data: { instants: {}, days: {} }, error: null });
    localStorage.setItem(DAYS_PRACTISED_KEY, 'on');
    render();
    await screen.findByText('No practice in the last 5 weeks yet. Any day you open a Lounge app or finish a lesson will show here.');
    expect(toggle().checked).toBe(true);
    await userEvent.click(toggle());
    expect(screen.queryByRole('table')).toBeNull();
    expect(offText().hidden).toBe(false);
    expect(localStorage.getItem(DAYS_PRACTISED_KEY)).toBe('off');
  });

  it('says so when the days cannot be read, and Try again reads them again', async () => {
    api.fetchPractice.mockResolvedValueOnce({ data: null, error: { code: 'network', message: 'Failed to fetch' } });
    api.fetchPractice.mockResolvedValueOnce({ data: RECORDS, error: null });
    render();
    await userEvent.click(toggle());
    expect((await screen.findByRole('alert')).textContent).toContain('Your days could not be loaded just now.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('You practised on 3 of the last 29 days.');
    expect(api.fetchPractice).toHaveBeenCalledTimes(2);
  });
});
