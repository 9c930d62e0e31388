/**
 * The Bloom Book as a member who has it meets it: loading (a status while it does), today's page
 * with a prompt of the set other than the preview's, a failed save that keeps every word (the
 * message shown, Retry working), the streak off until turned on, search, and the gate refusing
 * the prompts. The database and the content gate are doubles (../shared/as-member.tsx).
 */
import { frameProps, gate, memberEachTest, owns } from '../shared/as-member';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const { bloomApi } = vi.hoisted(() => ({ bloomApi: { fetchPages: vi.fn(), savePage: vi.fn(), deletePage: vi.fn() } }));
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
    bloomApi.savePage.mockReturnValueOnce(new Promise((r) => (first = r))).mockResolvedValueOnce({ error: null });
    render(<BloomBook {...frameProps('the-bloom-book', 'The Bloom Book')} previewPromptId="preview-prompt" />);
    const [one] = await screen.findAllByRole('textbox', { name: /Grateful for/ });
    await userEvent.type(one!, 'Tea with my sister');
    await userEvent.click(screen.getByRole('button', { name: 'Save page' }));
    expect(screen.getByRole('button', { name: 'Saving…' })).toHaveProperty('disabled', true);
    await act(async () => first({ error: { code: 'PGRST000' } }));

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This could not be saved just now. Your words are still here: press Retry.');
    expect((screen.getAllByRole('textbox', { name: /Grateful for/ })[0] as HTMLInputElement).value).toBe('Tea with my sister');

    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByText('Saved to your book.');
    expect(bloomApi.savePage).toHaveBeenCalledTimes(2);
    expect(bloomApi.savePage.mock.calls[1]).toEqual([
      'uid_1',
      expect.objectContaining({ gratitudes: ['Tea with my sister', '', ''], promptId: expect.not.stringMatching(/^preview-prompt$/) }),
    ]);
    within(document.querySelector('[data-pages]') as HTMLElement).getByText('Tea with my sister');
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
