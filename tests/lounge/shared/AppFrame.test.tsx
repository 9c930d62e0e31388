/**
 * The frame every Lounge app opens in (src/features/lounge/shared/AppFrame.tsx), as members meet
 * it around an app (The Bloom Book): a signed-out visitor is asked to sign in and come back; a
 * member without the app reads what it is and the way in, and nothing of the app is loaded; a
 * member whose plan includes every app gets the app.
 */
import { access, frameProps, gate, memberEachTest, owns } from './as-member';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MemberAccess } from '../../../src/core/access/store';
import { $session } from '../../../src/core/session/store';

const { bloomApi } = vi.hoisted(() => ({ bloomApi: { fetchPages: vi.fn() } }));
vi.mock('../../../src/features/lounge/the-bloom-book/api', () => bloomApi);
const { default: BloomBook } = await import('../../../src/features/lounge/the-bloom-book/BloomBook');

const PROMPTS = [{ id: 'preview-prompt', time: 'morning', text: 'What would make today great?' }, { id: 'morning-two', time: 'morning', text: 'Who could use a small kindness from you today?' }];

memberEachTest(bloomApi);

describe('the app’s frame', () => {
  it('asks a signed-out visitor to sign in and come back to the app', () => {
    $session.set({ status: 'signedOut' });
    render(<BloomBook {...frameProps('the-bloom-book', 'The Bloom Book')} previewPromptId="preview-prompt" />);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login?next=%2Flounge%2Fthe-bloom-book%2F');
  });

  it('shows a member without the app what it is and the way in: buy it, or a plan that includes it', () => {
    owns(null);
    render(<BloomBook {...frameProps('the-bloom-book', 'The Bloom Book')} previewPromptId="preview-prompt" />);
    screen.getByText('The Bloom Book, described.');
    expect(screen.getByRole('link', { name: 'Get The Bloom Book' }).getAttribute('href')).toBe('/app/the-bloom-book#get-app');
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/pricing');
    expect(bloomApi.fetchPages).not.toHaveBeenCalled();
    expect(gate.fetchGated).not.toHaveBeenCalled();
  });

  it('opens the app for an Adventurer, whose plan includes every app', async () => {
    access.set({
      status: 'ready',
      value: { subscription: { price_id: 'price_adventurer_monthly', subscription_status: 'active' } as MemberAccess['subscription'], purchases: [], error: null },
    });
    bloomApi.fetchPages.mockResolvedValue({ data: [], error: null });
    gate.fetchGated.mockResolvedValue({ data: PROMPTS });
    render(<BloomBook {...frameProps('the-bloom-book', 'The Bloom Book')} previewPromptId="preview-prompt" />);
    await screen.findByRole('heading', { name: 'Today’s page' });
  });
});
