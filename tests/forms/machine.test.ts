/** The future page's form state machine, and how a submission's outcome becomes its message. */
import { describe, expect, it, vi } from 'vitest';
import { canClose, earlyAccessMachine, ideaMachine, partnershipMachine, type FormEvent, type FormState } from '../../src/features/forms/machine';
import { settle } from '../../src/features/forms/submit';
import { EARLY_ACCESS_FAILURES, IDEA_FAILURES, PARTNERSHIP_FAILURES } from '../../src/features/forms/messages';

function run<V, P>(machine: { initial: FormState<V, P>; reduce: (s: FormState<V, P>, e: FormEvent<V>) => FormState<V, P> }, events: FormEvent<V>[]) {
  return events.reduce(machine.reduce, machine.initial);
}

describe('the form state machine', () => {
  it('starts idle and empty, with the partnership type on its default', () => {
    expect(ideaMachine.initial).toEqual({ status: 'idle', values: { name: '', email: '', idea: '' }, error: null, payload: null });
    expect(partnershipMachine.initial.values.partnershipType).toBe('wellness_practitioner');
  });

  it('goes to error with the first validation message, and back to idle (message cleared) on any edit', () => {
    const invalid = run(ideaMachine, [{ type: 'edit', field: 'email', value: 'ada' }, { type: 'submit' }]);
    expect(invalid).toMatchObject({ status: 'error', error: { message: 'Please enter a valid email address', field: 'email' } });
    const edited = ideaMachine.reduce(invalid, { type: 'edit', field: 'name', value: 'A' });
    expect(edited).toMatchObject({ status: 'idle', error: null, values: { name: 'A', email: 'ada' } });
  });

  it('submits the cleaned-up row, then succeeds, then resets to an empty idle form', () => {
    const submitting = run(earlyAccessMachine, [{ type: 'edit', field: 'email', value: ' Ada@Example.com ' }, { type: 'submit' }]);
    expect(submitting).toMatchObject({ status: 'submitting', payload: { email: 'ada@example.com' }, error: null });
    const success = earlyAccessMachine.reduce(submitting, { type: 'resolved', outcome: { ok: true } });
    expect(success.status).toBe('success');
    expect(earlyAccessMachine.reduce(success, { type: 'reset' })).toEqual(earlyAccessMachine.initial);
  });

  it('ignores edits, submits, resets and closing while submitting', () => {
    const submitting = run(ideaMachine, [
      { type: 'edit', field: 'email', value: 'ada@example.com' },
      { type: 'edit', field: 'idea', value: 'Sunday gratitude circles' },
      { type: 'submit' },
    ]);
    expect(submitting.status).toBe('submitting');
    expect(canClose(submitting)).toBe(false);
    for (const event of [{ type: 'edit', field: 'idea', value: 'x' }, { type: 'submit' }, { type: 'reset' }] as const) {
      expect(ideaMachine.reduce(submitting, event)).toBe(submitting);
    }
  });

  it('shows a failed submission’s message, keeps what was typed, and lets any edit clear it', () => {
    const failed = run(partnershipMachine, [
      { type: 'edit', field: 'name', value: 'Pat' },
      { type: 'edit', field: 'email', value: 'pat@example.com' },
      { type: 'edit', field: 'message', value: 'We host breathwork retreats in Lisbon.' },
      { type: 'submit' },
      { type: 'resolved', outcome: { ok: false, message: 'Failed to submit your partnership request. Please try again.' } },
    ]);
    expect(failed).toMatchObject({ status: 'error', error: { message: 'Failed to submit your partnership request. Please try again.', field: null } });
    expect(failed.values.name).toBe('Pat');
    expect(canClose(failed)).toBe(true);
    expect(partnershipMachine.reduce(failed, { type: 'edit', field: 'partnershipType', value: 'brand' })).toMatchObject({ status: 'idle', error: null });
  });

  it('resets from error or idle (closing a modal resets it)', () => {
    const typed = run(ideaMachine, [{ type: 'edit', field: 'idea', value: 'half an idea' }]);
    expect(ideaMachine.reduce(typed, { type: 'reset' })).toEqual(ideaMachine.initial);
    const invalid = run(ideaMachine, [{ type: 'submit' }]);
    expect(ideaMachine.reduce(invalid, { type: 'reset' })).toEqual(ideaMachine.initial);
  });

  it('ignores an answer that arrives when nothing is being submitted, and edits during the thank-you', () => {
    expect(ideaMachine.reduce(ideaMachine.initial, { type: 'resolved', outcome: { ok: true } })).toBe(ideaMachine.initial);
    const success = { ...ideaMachine.initial, status: 'success' as const };
    expect(ideaMachine.reduce(success, { type: 'edit', field: 'name', value: 'x' })).toBe(success);
    expect(ideaMachine.reduce(success, { type: 'submit' })).toBe(success);
  });
});

describe('settling a submission', () => {
  it('maps early access: 23505 to the duplicate message, anything else to the generic one', async () => {
    expect(await settle(async () => ({ ok: true }), EARLY_ACCESS_FAILURES)).toEqual({ ok: true });
    expect(await settle(async () => ({ ok: false, code: '23505' }), EARLY_ACCESS_FAILURES)).toEqual({ ok: false, message: 'This email is already registered for updates' });
    expect(await settle(async () => ({ ok: false, code: '500' }), EARLY_ACCESS_FAILURES)).toEqual({ ok: false, message: 'Something went wrong. Please try again.' });
    expect(await settle(async () => ({ ok: false, code: 'not_configured' }), EARLY_ACCESS_FAILURES)).toEqual({ ok: false, message: 'Something went wrong. Please try again.' });
  });

  it('maps an idea’s database error and exception to their two messages', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await settle(async () => ({ ok: false, code: null }), IDEA_FAILURES)).toEqual({ ok: false, message: 'Failed to submit your idea. Please try again.' });
    expect(await settle(async () => Promise.reject(new Error('chunk failed')), IDEA_FAILURES)).toEqual({
      ok: false,
      message: 'An unexpected error occurred. Please try again.',
    });
    expect(console.error).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });

  it('maps a partnership request’s database error and exception to their two messages', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await settle(async () => ({ ok: false, code: '23514' }), PARTNERSHIP_FAILURES)).toEqual({
      ok: false,
      message: 'Failed to submit your partnership request. Please try again.',
    });
    expect(await settle(() => { throw new TypeError('boom'); }, PARTNERSHIP_FAILURES)).toEqual({
      ok: false,
      message: 'An unexpected error occurred. Please try again.',
    });
    vi.restoreAllMocks();
  });

  it('maps an early-access exception to the generic message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await settle(async () => Promise.reject(new Error('offline')), EARLY_ACCESS_FAILURES)).toEqual({ ok: false, message: 'Something went wrong. Please try again.' });
    vi.restoreAllMocks();
  });
});

describe('the forms function’s answers, as the forms show them', () => {
  it('shows the message the function worded, and the rate-limit message for a 429 without one', async () => {
    expect(await settle(async () => ({ ok: false, code: 'ideaTooShort', message: 'Please provide more details about your idea (minimum 10 characters)' }), IDEA_FAILURES)).toEqual({
      ok: false,
      message: 'Please provide more details about your idea (minimum 10 characters)',
    });
    expect(await settle(async () => ({ ok: false, code: 'limited' }), IDEA_FAILURES)).toEqual({ ok: false, message: 'Too many submissions. Please wait a few minutes and try again.' });
    expect(await settle(async () => ({ ok: false, code: null }), EARLY_ACCESS_FAILURES)).toEqual({ ok: false, message: 'Something went wrong. Please try again.' });
  });
});
