/**
 * The Bloom Book as a member who has it meets it: loading (a status while it does), today's page
 * with a prompt of the set other than the preview's, a failed save that keeps every word (the
 * message shown, Retry working), the streak off until turned on, search, and the gate refusing
 * the prompts. The database and the content gate are doubles (../shared/as-member.tsx).
 */
import { frameProps, gate, heard, memberEachTest, outbox, owns } from '../shared/as-member';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const { bloomApi } = vi.hoisted(() => ({ bloomApi: { fetchPages: vi.fn() } }));
vi.mock('../../../src/features/lounge/the-bloom-book/api', () => bloomApi);
const { default: BloomBook } = await import('../../../src/features/lounge/the-bloom-book/BloomBook');

const PROMPTS = [
  { id: 'preview-prompt', time: 'morning', text: 'What would make today great?' },
  { id: 'morning-two', time: 'morning', text: 'Who could use a small kindness from you today?' },
  { id: 'evening-one', time: 'evening', text: 'What went well today, and why?' },
];

memberEachTest(bloomApi);

describe('The Bloom Book', () => {
  beforeEach(() => owns('price_app_the_bloom_book'));

  it('loads (a status while it does), then shows today’s page with a prompt of the set other than the preview’s', async () => {
    let pages!: (v: unknown) => void;
    bloomApi.fetchPages.mockReturnValue(new Promise((r) => (pages = r)));
    gate.fetchGated.mockResolvedValue({ data: PROMPTS });
    render(<BloomBook {...frameProps('the-bloom-book', 'The Bloom Book')} previewPromptId="preview-prompt" />);
    expect(screen.getByRole('status').textContent).toBe('Opening your book…');
    await act(async () => pages({ data: [], error: null }));
    expect(gate.fetchGated).toHaveBeenCalledWith('the-bloom-book', 'prompts');
    expect(screen.getAllByRole('textbox', { name: /Grateful for/ })).toHaveLength(3);
    expect(screen.queryByText('What would make today great?')).toBeNull();
    screen.getByRole('textbox', { name: /^(Who could use a small kindness from you today\?|What went well today, and why\?)$/ });
  });

  it('keeps every word when a save fails, says what happened, and Retry saves it', async () => {
    bloomApi.fetchPages.mockResolvedValue({ data: [], error: null });
    gate.fetchGated.mockResolvedValue({ data: PROMPTS });
    let first!: (v: unknown) => void;
    outbox.sendOrKeep.mockReturnValueOnce(new Promise((r) => (first = r))).mockResolvedValueOnce({ kind: 'sent', overwrote: false });
    render(<BloomBook {...frameProps('the-bloom-book', 'The Bloom Book')} previewPromptId="preview-prompt" />);
    const [one] = await screen.findAllByRole('textbox', { name: /Grateful for/ });
    await userEvent.type(one!, 'Tea with my sister');
    await userEvent.click(screen.getByRole('button', { name: 'Save page' }));
    expect(screen.getByRole('button', { name: 'Saving…' })).toHaveProperty('disabled', true);
    await act(async () => first({ kind: 'refused', code: 'PGRST000', message: 'boom' }));

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This could not be saved just now. Your words are still here: press Retry.');
    expect((screen.getAllByRole('textbox', { name: /Grateful for/ })[0] as HTMLInputElement).value).toBe('Tea with my sister');

    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByText('Saved to your book.');
    expect(outbox.sendOrKeep).toHaveBeenCalledTimes(2);
    expect(outbox.sendOrKeep.mock.calls[1]![0]).toMatchObject({
      uid: 'uid_1',
      app: 'the-bloom-book',
      op: {
        kind: 'upsert',
        table: 'bloom_pages',
        onConflict: 'user_id,day',
        values: { user_id: 'uid_1', gratitude_1: 'Tea with my sister', gratitude_2: '', prompt_id: expect.not.stringMatching(/^preview-prompt$/) },
        keepNewer: { basedOn: null },
      },
    });
    within(document.querySelector('[data-pages]') as HTMLElement).getByText('Tea with my sister');
  });

  it('offline, a page is kept on the device and listed as waiting; once sent it is stored, and a newer page from another device is told', async () => {
    bloomApi.fetchPages.mockResolvedValue({ data: [], error: null });
    gate.fetchGated.mockResolvedValue({ data: PROMPTS });
    outbox.sendOrKeep.mockResolvedValueOnce({ kind: 'kept' });
    render(<BloomBook {...frameProps('the-bloom-book', 'The Bloom Book')} previewPromptId="preview-prompt" />);
    const [one] = await screen.findAllByRole('textbox', { name: /Grateful for/ });
    await userEvent.type(one!, 'The night train');
    await userEvent.click(screen.getByRole('button', { name: 'Save page' }));
    await screen.findByText('Saved on this device, will sync');
    const entry = outbox.sendOrKeep.mock.calls[0]![0] as { key: string };
    outbox.waiting.mockResolvedValue([{ ...entry, seq: 1, savedAt: '2026-11-26T08:00:00Z' }]);
    await act(async () => heard.changed.forEach((l) => l()));
    const waiting = document.querySelector('[data-pages] [data-waiting]') as HTMLElement;
    expect(waiting.textContent).toBe('Saved on this device, will sync');
    within(document.querySelector('[data-pages]') as HTMLElement).getByText('The night train');

    outbox.waiting.mockResolvedValue([]);
    await act(async () => {
      heard.sent.forEach((l) => l({ entry: { ...entry, seq: 1 }, outcome: { kind: 'sent', overwrote: true, updatedAt: '2026-11-26T09:00:00Z' } }));
      heard.changed.forEach((l) => l());
    });
    expect(document.querySelector('[data-pages] [data-waiting]')).toBeNull();
    within(document.querySelector('[data-pages]') as HTMLElement).getByText('The night train');
    expect(document.querySelector('[data-conflict]')!.textContent).toMatch(/was also changed on another device\. Your newer version from this device is kept\.$/);
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
    render(<BloomBook {...frameProps('the-bloom-book', 'The Bloom Book')} previewPromptId="preview-prompt" />);
    await screen.findByRole('heading', { name: 'Today’s page' });
    expect(screen.queryByText(/in a row/)).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show my streak' }));
    screen.getByText('2 days in a row.');
    expect(localStorage.getItem('ia:bloom-book:streak')).toBe('on');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search your pages' }), 'river');
    const list = document.querySelector('[data-pages]') as HTMLElement;
    expect(within(list).queryByText('Soup')).toBeNull();
    within(list).getByText('The river walk');
  });

  it('says so when the gate refuses the prompts, and can try again', async () => {
    bloomApi.fetchPages.mockResolvedValue({ data: [], error: null });
    gate.fetchGated.mockRejectedValueOnce(new Error('This is part of The Bloom Book. Buy the app for lifetime access.')).mockResolvedValueOnce({ data: PROMPTS });
    render(<BloomBook {...frameProps('the-bloom-book', 'The Bloom Book')} previewPromptId="preview-prompt" />);
    expect((await screen.findByRole('alert')).textContent).toContain('Buy the app for lifetime access.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Today’s page' });
  });
});
