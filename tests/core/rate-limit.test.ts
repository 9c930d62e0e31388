/** The forms' rate limiter and the checks a submission passes before it is stored. */
import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../src/core/rate-limit';
import { botSignal, checkSubmission, outcomeLocation, outcomeMessage, outcomesOf } from '../../src/features/forms/submission';

describe('createRateLimiter', () => {
  it('lets `limit` hits through in any window, per key, and makes room as they age', () => {
    let t = 0;
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, now: () => t });
    expect([1, 2, 3, 4].map(() => limiter.take('a'))).toEqual([true, true, true, false]);
    expect(limiter.take('b')).toBe(true);
    t = 59_999;
    expect(limiter.take('a')).toBe(false);
    t = 60_000;
    expect(limiter.take('a')).toBe(true);
    expect(limiter.take('a')).toBe(true);
    expect(limiter.take('a')).toBe(true);
    expect(limiter.take('a')).toBe(false);
  });

  it('does not count refused hits, so a steady flood gets the limit through each window, no more', () => {
    let t = 0;
    const limiter = createRateLimiter({ limit: 10, windowMs: 60_000, now: () => t });
    let allowed = 0;
    for (let i = 0; i < 1200; i++) {
      t = i * 100; // 120 seconds of 10 requests a second
      if (limiter.take('bot')) allowed++;
    }
    expect(allowed).toBe(20);
  });

  it('remembers at most maxKeys keys, forgetting the least recently used', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: () => 0, maxKeys: 100 });
    for (let i = 0; i < 1000; i++) limiter.take(`k${i}`);
    expect(limiter.size()).toBe(100);
    expect(limiter.take('k999')).toBe(false);
    expect(limiter.take('k0')).toBe(true);
  });
});

describe('form submissions (shared by the forms function and the page)', () => {
  it('checks fields with the spec’s rules and gives the cleaned-up row', () => {
    expect(checkSubmission('early-access', { email: ' Ada@Example.com ' })).toEqual({ ok: true, row: { email: 'ada@example.com' }, email: 'ada@example.com' });
    expect(checkSubmission('idea', { email: 'a@b.co', idea: 'short' })).toEqual({ ok: false, code: 'ideaTooShort', field: 'idea', status: 400 });
    expect(checkSubmission('partnership', { name: 'x'.repeat(201), email: 'a@b.co', message: 'x'.repeat(30) })).toMatchObject({ ok: false, code: 'failed' });
  });

  it('spots the honeypot and a sub-second submit, and lets a post without a time through', () => {
    expect(botSignal({ website: 'spam' })).toBe('honeypot');
    expect(botSignal({ elapsed: 999 })).toBe('too-fast');
    expect(botSignal({ elapsed: '1000' })).toBeNull();
    expect(botSignal({ elapsed: 'NaN' })).toBe('too-fast');
    expect(botSignal({ website: '', email: 'a@b.co' })).toBeNull();
  });

  it('words every outcome with the spec’s strings and sends a plain post back to /future', () => {
    expect(outcomesOf('early-access').map((c) => outcomeMessage('early-access', c))).toEqual([
      'Thank you! You’re on the list, and you’ll be the first to know when it’s ready.',
      'Please enter your email address',
      'Please enter a valid email address',
      'This email is already registered for updates',
      'Something went wrong. Please try again.',
      'Too many submissions. Please wait a few minutes and try again.',
    ]);
    expect(outcomeMessage('partnership', 'failed')).toBe('Failed to submit your partnership request. Please try again.');
    expect(outcomeLocation('idea', 'ideaTooShort')).toBe('/future/#idea-idea-too-short');
  });
});
