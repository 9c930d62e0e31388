/** Text PostgreSQL can store, and the forms' messages for text it cannot. */
import { describe, expect, it } from 'vitest';
import { isStorableText, isStorableValue, unstorableIndex } from '../../src/core/storable-text';
import { checkSubmission } from '../../src/features/forms/submission';
import { validateEarlyAccess, validateIdea, validatePartnership } from '../../src/features/forms/validation';

describe('isStorableText', () => {
  it('accepts any text PostgreSQL stores: accents, emoji (surrogate pairs), other scripts, controls but NUL', () => {
    for (const ok of ['', 'Sunday gratitude circles', 'Café — Łódź', 'breathe 🌬️ then smile 😊', '静かな朝', 'tab\there\nnew line\u0001\u007f', '\uFFFD', '\u{10FFFF}'])
      expect(isStorableText(ok), JSON.stringify(ok)).toBe(true);
  });

  it('refuses NUL and lone surrogates, wherever they are', () => {
    for (const bad of ['\u0000', 'an idea\u0000 with a NUL', 'end\u0000', '\uD83D', 'high alone \uD83D here', 'low alone \uDE0A here', '\uDE0A\uD83D', 'pair then lone 😊\uD83D'])
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    expect(unstorableIndex('ab\u0000c')).toBe(2);
    expect(unstorableIndex('😊x\uDE0A')).toBe(3);
    expect(unstorableIndex('fine')).toBe(-1);
  });

  it('checks every string of a JSON value, keys included', () => {
    expect(isStorableValue({ mood: 'calm', notes: ['one', 'two'], score: 3, done: true, none: null })).toBe(true);
    expect(isStorableValue({ notes: ['one', 'tw\u0000o'] })).toBe(false);
    expect(isStorableValue({ ['k\u0000']: 'v' })).toBe(false);
    expect(isStorableValue([{ deep: { deeper: '\uD800' } }])).toBe(false);
  });
});

describe('the forms refuse text PostgreSQL cannot store with the field’s message', () => {
  it('in the validators the islands and the function share', () => {
    expect(validateEarlyAccess({ email: 'ada\u0000@example.com' })).toEqual({ ok: false, field: 'email', message: 'Please enter a valid email address' });
    expect(validateIdea({ name: '', email: 'ada@example.com', idea: 'A gratitude circle\u0000 every Sunday' })).toEqual({
      ok: false,
      field: 'idea',
      message: 'Please remove the unsupported character from your idea',
    });
    expect(validateIdea({ name: 'Ada\uD800', email: 'ada@example.com', idea: 'A gratitude circle every Sunday' })).toMatchObject({ ok: false, field: 'name' });
    expect(validatePartnership({ name: 'Pat', email: 'pat@example.com', message: 'We host breathwork retreats\uDC00 in Lisbon.', partnershipType: 'brand' })).toEqual({
      ok: false,
      field: 'message',
      message: 'Please remove the unsupported character from your partnership message',
    });
    expect(validatePartnership({ name: '\u0000Pat', email: 'pat@example.com', message: 'We host breathwork retreats in Lisbon.', partnershipType: 'brand' })).toEqual({
      ok: false,
      field: 'name',
      message: 'Please remove the unsupported character from your name',
    });
  });

  it('keeps the spec’s checks first: an idea too short says so, NUL or not', () => {
    expect(validateIdea({ name: '', email: 'ada@example.com', idea: 'short\u0000' })).toMatchObject({ field: 'idea', message: 'Please provide more details about your idea (minimum 10 characters)' });
  });

  it('as the outcome the function answers (400 with the field)', () => {
    expect(checkSubmission('idea', { email: 'ada@example.com', idea: 'A gratitude circle\u0000 every Sunday' })).toEqual({ ok: false, code: 'ideaUnstorable', field: 'idea', status: 400 });
    expect(checkSubmission('partnership', { name: 'Pat', email: 'pat@example.com', message: 'We host breathwork retreats in Lisbon.\u0000' })).toEqual({
      ok: false,
      code: 'messageUnstorable',
      field: 'message',
      status: 400,
    });
    expect(checkSubmission('early-access', { email: 'ada@exam\u0000ple.com' })).toEqual({ ok: false, code: 'emailInvalid', field: 'email', status: 400 });
  });
});
