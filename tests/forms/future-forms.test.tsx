/**
 * The future page's islands with the submissions replaced: the states a visitor goes
 * through, timed with fake clocks (the thank-you lasts exactly 3 seconds), and the modals'
 * refusal to close while submitting. The e2e specs drive the same forms in a real browser.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InsertResult } from '../../src/features/forms/submit';
import * as forms from '../../src/features/forms/api';
import EarlyAccessForm from '../../src/features/forms/EarlyAccessForm';
import IdeaModal from '../../src/features/forms/IdeaModal';
import PartnershipModal from '../../src/features/forms/PartnershipModal';

// The submissions (fetch to the forms function) are replaced.
vi.mock('../../src/features/forms/api', () => ({
  joinEarlyAccess: vi.fn(),
  shareIdea: vi.fn(),
  requestPartnership: vi.fn(),
}));

const joinEarlyAccess = vi.mocked(forms.joinEarlyAccess);
const shareIdea = vi.mocked(forms.shareIdea);
const requestPartnership = vi.mocked(forms.requestPartnership);

/** jsdom has no modal dialogs: just enough of them for these islands (open, close, its event). */
beforeAll(() => {
  const proto = HTMLDialogElement.prototype;
  proto.showModal = function (this: HTMLDialogElement) {
    this.open = true;
  };
  proto.close = function (this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
});

/** An answer the test settles when it wants to. */
function pending() {
  let settle!: (result: InsertResult) => void;
  const promise = new Promise<InsertResult>((resolve) => (settle = resolve));
  return { promise, settle };
}

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const flush = () => act(async () => {});

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  joinEarlyAccess.mockReset();
  shareIdea.mockReset();
  requestPartnership.mockReset();
});

describe('EarlyAccessForm', () => {
  it('reads "Joining..." while joining, thanks the visitor for exactly 3 seconds, then returns empty', async () => {
    const answer = pending();
    joinEarlyAccess.mockReturnValue(answer.promise);
    render(<EarlyAccessForm id="early" />);
    type('Email address', '  Ada@Example.COM ');
    fireEvent.click(screen.getByRole('button', { name: 'Notify Me When Ready' }));

    expect(joinEarlyAccess).toHaveBeenCalledWith({ email: 'ada@example.com' }, { website: '', elapsed: expect.any(Number) });
    // A real form: without JavaScript (or before hydration) it posts to the forms function.
    const form = screen.getByRole('form', { name: 'Early access' }) as HTMLFormElement;
    expect([form.method, new URL(form.action).pathname]).toEqual(['post', '/api/forms/early-access']);
    const joining = screen.getByRole('button', { name: 'Joining...' }) as HTMLButtonElement;
    expect(joining.disabled).toBe(true);
    expect((screen.getByLabelText('Email address') as HTMLInputElement).disabled).toBe(true);

    await act(async () => answer.settle({ ok: true }));
    screen.getByText(/You’re on the list/);
    expect(screen.queryByLabelText('Email address')).toBeNull();

    act(() => vi.advanceTimersByTime(2999));
    screen.getByText(/You’re on the list/);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(/You’re on the list/)).toBeNull();
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('');
  });

  it('shows the duplicate message for 23505 and the generic one otherwise, each cleared by editing the email', async () => {
    render(<EarlyAccessForm id="early" />);
    const alert = () => screen.getByRole('alert').textContent;
    for (const [code, message] of [
      ['23505', 'This email is already registered for updates'],
      ['42501', 'Something went wrong. Please try again.'],
    ] as const) {
      joinEarlyAccess.mockResolvedValueOnce({ ok: false, code });
      type('Email address', 'ada@example.com');
      fireEvent.click(screen.getByRole('button', { name: 'Notify Me When Ready' }));
      await flush();
      expect(alert()).toBe(message);
      expect((screen.getByLabelText('Email address') as HTMLInputElement).getAttribute('aria-invalid')).toBeNull();
      type('Email address', 'ada@example.co');
      expect(alert()).toBe('');
    }
  });

  it('validates before sending anything, and marks the field invalid', () => {
    render(<EarlyAccessForm id="early" />);
    fireEvent.click(screen.getByRole('button', { name: 'Notify Me When Ready' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter your email address');
    const email = screen.getByLabelText('Email address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe('early-error');
    type('Email address', 'ada');
    fireEvent.click(screen.getByRole('button', { name: 'Notify Me When Ready' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address');
    expect(joinEarlyAccess).not.toHaveBeenCalled();
  });
});

describe('IdeaModal', () => {
  function openIdea() {
    render(<IdeaModal id="idea" />);
    const dialog = document.getElementById('idea') as HTMLDialogElement;
    act(() => dialog.showModal());
    return dialog;
  }

  it('while submitting: everything disabled, "Submitting Idea...", and Escape (cancel) refused', async () => {
    const answer = pending();
    shareIdea.mockReturnValue(answer.promise);
    const dialog = openIdea();
    type('Email', 'ada@example.com');
    type('Your idea', 'Sunday gratitude circles');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Idea' }));

    expect((screen.getByRole('button', { name: 'Submitting Idea...' }) as HTMLButtonElement).disabled).toBe(true);
    for (const label of ['Name (optional)', 'Email', 'Your idea']) expect((screen.getByLabelText(label) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Close' }) as HTMLButtonElement).disabled).toBe(true);
    expect(dialog.getAttribute('closedby')).toBe('none');
    const cancel = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);

    await act(async () => answer.settle({ ok: true }));
    const escape = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(escape);
    expect(escape.defaultPrevented).toBe(false);
  });

  it('after a success: thanks, then closes by itself after 3 seconds and opens again empty', async () => {
    shareIdea.mockResolvedValue({ ok: true });
    const dialog = openIdea();
    type('Name (optional)', '   ');
    type('Email', 'Ada@Example.com');
    type('Your idea', ' Sunday gratitude circles ');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Idea' }));
    await flush();
    expect(shareIdea).toHaveBeenCalledWith({ name: null, email: 'ada@example.com', idea_message: 'Sunday gratitude circles' }, { website: '', elapsed: expect.any(Number) });
    screen.getByText(/Thank you for sharing your idea/);

    act(() => vi.advanceTimersByTime(2999));
    expect(dialog.open).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(dialog.open).toBe(false);
    act(() => dialog.showModal());
    expect(screen.queryByText(/Thank you for sharing your idea/)).toBeNull();
    expect((screen.getByLabelText('Your idea') as HTMLTextAreaElement).value).toBe('');
  });

  it('a database error and an exception show their own messages; editing any field clears them', async () => {
    openIdea();
    type('Email', 'ada@example.com');
    type('Your idea', 'Sunday gratitude circles');
    shareIdea.mockResolvedValueOnce({ ok: false, code: '23514' });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Idea' }));
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('Failed to submit your idea. Please try again.');
    type('Name (optional)', 'A');
    expect(screen.getByRole('alert').textContent).toBe('');

    shareIdea.mockRejectedValueOnce(new Error('the SDK did not download'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Idea' }));
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('An unexpected error occurred. Please try again.');
  });
});

describe('PartnershipModal', () => {
  it('sends the chosen type, shows "Submitting Request...", and closing resets the form to its defaults', async () => {
    const answer = pending();
    requestPartnership.mockReturnValue(answer.promise);
    render(<PartnershipModal id="partner" />);
    const dialog = document.getElementById('partner') as HTMLDialogElement;
    act(() => dialog.showModal());

    const select = screen.getByLabelText('Partnership type') as HTMLSelectElement;
    expect(select.value).toBe('wellness_practitioner');
    expect(select.selectedOptions[0]!.textContent).toBe('Wellness Practitioner/Coach');
    expect(select.options).toHaveLength(7);

    type('Name', ' Pat ');
    type('Email', 'PAT@example.com');
    fireEvent.change(select, { target: { value: 'educational_institution' } });
    type('Your message', 'Our school would love a workshop series.');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(requestPartnership).toHaveBeenCalledWith({
      name: 'Pat',
      email: 'pat@example.com',
      message: 'Our school would love a workshop series.',
      partnership_type: 'educational_institution',
    }, { website: '', elapsed: expect.any(Number) });
    expect((screen.getByRole('button', { name: 'Submitting Request...' }) as HTMLButtonElement).disabled).toBe(true);

    await act(async () => answer.settle({ ok: false, code: null }));
    expect(screen.getByRole('alert').textContent).toBe('Failed to submit your partnership request. Please try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog.open).toBe(false);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect(select.value).toBe('wellness_practitioner');
    expect(screen.getByRole('alert', { hidden: true }).textContent).toBe('');
  });
});

describe('the server-rendered forms (what works before hydration and without JavaScript)', () => {
  it('are real forms posting to the forms function, with the honeypot, and their submit buttons enabled', () => {
    for (const [html, action, label] of [
      [renderToString(<EarlyAccessForm id="early" />), '/api/forms/early-access', 'Notify Me When Ready'],
      [renderToString(<IdeaModal id="idea" />), '/api/forms/idea', 'Submit Idea'],
      [renderToString(<PartnershipModal id="partner" />), '/api/forms/partnership', 'Submit Request'],
    ] as const) {
      const doc = new DOMParser().parseFromString(html, 'text/html');
      const form = doc.querySelector('form')!;
      expect(form.getAttribute('method')).toBe('post');
      expect(form.getAttribute('action')).toBe(action);
      const button = [...form.querySelectorAll('button[type="submit"]')].find((b) => b.textContent === label)!;
      expect(button.hasAttribute('disabled')).toBe(false);
      const trap = form.querySelector<HTMLInputElement>('input[name="website"]')!;
      expect(trap.tabIndex).toBe(-1);
      expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    }
  });
});
