/**
 * "Remind me daily" (src/features/lounge/shared/DailyReminder.tsx) as a member meets it under an
 * app: off by default; turned on, a time on their clock and "Add to my calendar" hand the
 * browser an .ics file with a daily event at that time in their zone; the choice is kept in
 * this browser and the event keeps its id. The frame shows it only to a member who has the app.
 */
import { frameProps, gate, memberEachTest, owns } from './as-member';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import DailyReminder, { reminderKey } from '../../../src/features/lounge/shared/DailyReminder';

const { bloomApi } = vi.hoisted(() => ({ bloomApi: { fetchPages: vi.fn(), savePage: vi.fn(), deletePage: vi.fn() } }));
vi.mock('../../../src/features/lounge/the-bloom-book/api', () => bloomApi);
const { default: BloomBook } = await import('../../../src/features/lounge/the-bloom-book/BloomBook');

memberEachTest(bloomApi);

const words = {
  defaultTime: '21:00',
  minutes: 10,
  summary: 'Three good things in The Bloom Book',
  invitation: 'Before the day closes, write down three things that went well.',
};

/** The files the page handed the browser: name and text. */
let files: { name: string; text: Promise<string>; type: string }[];

beforeEach(() => {
  files = [];
  let blob: Blob | null = null;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => ((blob = b), 'blob:reminder'), revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, text: blob!.text(), type: blob!.type });
  });
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone: 'Europe/Berlin' };
  });
  // Saturday 2027-03-27, 21:30 in Berlin: the clocks go forward tonight.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-03-27T20:30:00Z'));
});
afterEach(() => vi.useRealTimers());

const open = () => render(<DailyReminder slug="the-bloom-book" appName="The Bloom Book" words={words} />);

describe('Remind me daily', () => {
  it('is off by default: no time, no file, nothing kept', () => {
    open();
    expect((screen.getByRole('checkbox', { name: 'Remind me daily' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByLabelText('At what time, on your clock?')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to my calendar' })).toBeNull();
    screen.getByText('Off. Turn it on to add The Bloom Book to your calendar at a time that suits you.');
    expect(localStorage.getItem(reminderKey('the-bloom-book'))).toBeNull();
  });

  it('turned on, offers the app’s time and words, and makes a daily event at the time the member picks, in their zone', async () => {
    open();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remind me daily' }));
    screen.getByText(words.invitation);
    const time = screen.getByLabelText('At what time, on your clock?');
    expect((time as HTMLInputElement).value).toBe('21:00');
    await userEvent.clear(time);
    await userEvent.type(time, '07:15');
    await userEvent.click(screen.getByRole('button', { name: 'Add to my calendar' }));

    await vi.waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]!.name).toBe('the-bloom-book-daily-reminder.ics');
    expect(files[0]!.type).toBe('text/calendar;charset=utf-8');
    const text = (await files[0]!.text).replace(/\r\n /g, '');
    expect(text).toContain('\r\nDTSTART;TZID=Europe/Berlin:20270328T071500\r\n');
    expect(text).toContain('\r\nRRULE:FREQ=DAILY\r\n');
    expect(text).toContain('\r\nTZID:Europe/Berlin\r\n');
    expect(text).toContain('\r\nSUMMARY:Three good things in The Bloom Book\r\n');
    expect(text).toContain(`Open The Bloom Book: ${window.location.origin}/lounge/the-bloom-book/\r\n`);
    expect(text).toMatch(/\r\nUID:lounge-reminder-the-bloom-book-[\w-]+@/);
    expect(document.querySelector('[data-reminder-status][aria-live="polite"]')!.textContent).toBe('Your reminder is ready: open the-bloom-book-daily-reminder.ics and your calendar adds it, every day at 7:15 AM.');
  });

  it('keeps the choice and the event’s id in this browser: the next visit offers the same time and updates the same event', async () => {
    const first = open();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remind me daily' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add to my calendar' }));
    await vi.waitFor(() => expect(files).toHaveLength(1));
    first.unmount();
    open();
    expect((screen.getByRole('checkbox', { name: 'Remind me daily' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('At what time, on your clock?') as HTMLInputElement).value).toBe('21:00');
    await userEvent.click(screen.getByRole('button', { name: 'Add to my calendar' }));
    await vi.waitFor(() => expect(files).toHaveLength(2));
    const memberId = async (i: number) => (await files[i]!.text).split('\r\n').find((l) => l.startsWith('UID:'));
    expect(await memberId(1)).toBe(await memberId(0));
    // 21:00 has passed in Berlin: the first one is tomorrow evening.
    expect(await files[1]!.text).toContain('DTSTART;TZID=Europe/Berlin:20270328T210000');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remind me daily' }));
    screen.getByText('Off here. A reminder you already added stays in your calendar until you delete “Three good things in The Bloom Book” there.');
  });

  it('asks for a time when the field is emptied, and makes no file', async () => {
    open();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remind me daily' }));
    await userEvent.clear(screen.getByLabelText('At what time, on your clock?'));
    await userEvent.click(screen.getByRole('button', { name: 'Add to my calendar' }));
    expect(files).toHaveLength(0);
    expect(document.querySelector('[data-reminder-status][aria-live="polite"]')!.textContent).toBe('Choose a time first, for example 7:30 AM.');
  });
});

describe('the reminder in the app’s frame', () => {
  it('is under the app for a member who has it, and not there for a member without it', async () => {
    owns(null);
    const { unmount } = render(<BloomBook {...frameProps('the-bloom-book', 'The Bloom Book')} previewPromptId="preview-prompt" />);
    expect(screen.queryByRole('checkbox', { name: 'Remind me daily' })).toBeNull();
    unmount();
    owns('price_app_the_bloom_book');
    bloomApi.fetchPages.mockResolvedValue({ data: [], error: null });
    gate.fetchGated.mockResolvedValue({ data: [{ id: 'preview-prompt', time: 'morning', text: 'What would make today great?' }] });
    render(<BloomBook {...frameProps('the-bloom-book', 'The Bloom Book')} previewPromptId="preview-prompt" />);
    await screen.findByRole('region', { name: 'A gentle reminder' });
    expect((screen.getByRole('checkbox', { name: 'Remind me daily' }) as HTMLInputElement).checked).toBe(false);
  });
});
