/** The future page's validation: each form's checks in order, and the cleaned-up row. */
import { describe, expect, it } from 'vitest';
import { characterCount, validateEarlyAccess, validateIdea, validatePartnership } from '../../src/features/forms/validation';
import { PARTNERSHIP_TYPE_LABELS, PARTNERSHIP_TYPES } from '../../src/features/forms/partnership';

const message = (r: { ok: boolean; message?: string }) => (r.ok ? null : r.message);

describe('early-access validation', () => {
  it('asks for an email, then for one with an @', () => {
    expect(validateEarlyAccess({ email: '' })).toEqual({ ok: false, field: 'email', message: 'Please enter your email address' });
    expect(validateEarlyAccess({ email: '    ' })).toEqual({ ok: false, field: 'email', message: 'Please enter your email address' });
    expect(validateEarlyAccess({ email: 'ada.example.com' })).toEqual({ ok: false, field: 'email', message: 'Please enter a valid email address' });
  });

  it('trims and lower-cases the email it accepts', () => {
    expect(validateEarlyAccess({ email: '  Ada@Example.COM \n' })).toEqual({ ok: true, value: { email: 'ada@example.com' } });
  });
});

describe('idea validation, in the spec’s order', () => {
  const good = { name: '', email: 'ada@example.com', idea: 'Sunday gratitude circles' };

  it('1. email required', () => {
    expect(validateIdea({ ...good, email: ' ', idea: '' })).toMatchObject({ field: 'email', message: 'Please enter your email address' });
  });
  it('2. email must contain @ (before the idea is looked at)', () => {
    expect(validateIdea({ ...good, email: 'ada', idea: '' })).toMatchObject({ field: 'email', message: 'Please enter a valid email address' });
  });
  it('3. idea required', () => {
    expect(validateIdea({ ...good, idea: '   ' })).toMatchObject({ field: 'idea', message: 'Please share your idea with us' });
  });
  it('4. idea at least 10 characters after trimming', () => {
    expect(message(validateIdea({ ...good, idea: '  123456789  ' }))).toBe('Please provide more details about your idea (minimum 10 characters)');
    expect(validateIdea({ ...good, idea: '  1234567890  ' }).ok).toBe(true);
  });

  it('stores an empty name as null, a given one trimmed, the email lower-cased and the idea trimmed', () => {
    expect(validateIdea({ name: '   ', email: ' Ada@Example.com ', idea: ' Sunday gratitude circles \n' })).toEqual({
      ok: true,
      value: { name: null, email: 'ada@example.com', idea_message: 'Sunday gratitude circles' },
    });
    expect(validateIdea({ ...good, name: '  Ada Lovelace ' })).toMatchObject({ ok: true, value: { name: 'Ada Lovelace' } });
  });

  it('counts characters, not UTF-16 units, as the database does', () => {
    expect(characterCount('🌱🌱🌱')).toBe(3);
    expect(validateIdea({ ...good, idea: '🌱🌱🌱🌱🌱🌱🌱🌱🌱' }).ok).toBe(false);
  });
});

describe('partnership validation, in the spec’s order', () => {
  const good = { name: 'Pat', email: 'pat@example.com', message: 'We host breathwork retreats in Lisbon.', partnershipType: 'brand' };

  it('1. name required', () => {
    expect(validatePartnership({ name: ' ', email: '', message: '', partnershipType: 'brand' })).toMatchObject({ field: 'name', message: 'Please enter your name' });
  });
  it('2. email required', () => {
    expect(validatePartnership({ ...good, email: '', message: '' })).toMatchObject({ field: 'email', message: 'Please enter your email address' });
  });
  it('3. email must contain @', () => {
    expect(validatePartnership({ ...good, email: 'pat', message: '' })).toMatchObject({ field: 'email', message: 'Please enter a valid email address' });
  });
  it('4. message required', () => {
    expect(validatePartnership({ ...good, message: '  ' })).toMatchObject({ field: 'message', message: 'Please enter your partnership message' });
  });
  it('5. message at least 20 characters after trimming', () => {
    expect(message(validatePartnership({ ...good, message: ' 1234567890123456789 ' }))).toBe(
      'Please provide more details about your partnership proposal (minimum 20 characters)',
    );
    expect(validatePartnership({ ...good, message: '12345678901234567890' }).ok).toBe(true);
  });

  it('sends the trimmed row with the chosen type', () => {
    expect(validatePartnership({ name: ' Pat Doe ', email: ' PAT@Example.com', message: ' We host breathwork retreats in Lisbon. ', partnershipType: 'content_creator' })).toEqual({
      ok: true,
      value: { name: 'Pat Doe', email: 'pat@example.com', message: 'We host breathwork retreats in Lisbon.', partnership_type: 'content_creator' },
    });
  });

  it('falls back to the default type for a value that is not one of the seven', () => {
    expect(validatePartnership({ ...good, partnershipType: 'investor' })).toMatchObject({ value: { partnership_type: 'wellness_practitioner' } });
  });
});

describe('partnership types', () => {
  it('each have a label of their own, in the order of the list', () => {
    expect(Object.keys(PARTNERSHIP_TYPE_LABELS)).toEqual([...PARTNERSHIP_TYPES]);
    expect(new Set(Object.values(PARTNERSHIP_TYPE_LABELS)).size).toBe(7);
  });
});
