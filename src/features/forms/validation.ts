/**
 * Validation of the future page's forms: the spec's checks in the spec's order, each returning
 * the first message that applies and the field it is about, or the cleaned-up row to insert
 * (inputs trimmed, emails lower-cased, an empty optional name as null). After the spec's checks,
 * text PostgreSQL cannot store (a NUL, a lone surrogate: src/core/storable-text.ts) is refused
 * with the field's message, so it is a 400 from the function, never a database failure.
 */
import { isStorableText } from '../../core/storable-text';
import { VALIDATION } from './messages';
import { DEFAULT_PARTNERSHIP_TYPE, isPartnershipType, type PartnershipType } from './partnership';

export type Validation<F extends string, T> = { ok: true; value: T } | { ok: false; field: F; message: string };

export interface EarlyAccessValues {
  email: string;
}
export interface IdeaValues {
  name: string;
  email: string;
  idea: string;
}
export interface PartnershipValues {
  name: string;
  email: string;
  message: string;
  partnershipType: string;
}

export interface EarlyAccessRow {
  email: string;
}
export interface IdeaRow {
  name: string | null;
  email: string;
  idea_message: string;
}
export interface PartnershipRow {
  name: string;
  email: string;
  message: string;
  partnership_type: PartnershipType;
}

export const IDEA_MIN_LENGTH = 10;
export const PARTNERSHIP_MESSAGE_MIN_LENGTH = 20;

/** Characters as a reader counts them (code points, as Postgres' char_length does). */
export function characterCount(text: string): number {
  return [...text].length;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The message for an email that is missing or has no @, else null. */
function emailProblem(email: string): string | null {
  if (email === '') return VALIDATION.emailRequired;
  if (!email.includes('@') || !isStorableText(email)) return VALIDATION.emailInvalid;
  return null;
}

const fail = <F extends string>(field: F, message: string) => ({ ok: false, field, message }) as const;

export function validateEarlyAccess(values: EarlyAccessValues): Validation<'email', EarlyAccessRow> {
  const email = normalizeEmail(values.email);
  const problem = emailProblem(email);
  if (problem) return fail('email', problem);
  return { ok: true, value: { email } };
}

/** 1 email required, 2 email has @, 3 idea required, 4 idea at least 10 characters. Name optional. */
export function validateIdea(values: IdeaValues): Validation<keyof IdeaValues, IdeaRow> {
  const email = normalizeEmail(values.email);
  const idea = values.idea.trim();
  const emailMessage = emailProblem(email);
  if (emailMessage) return fail('email', emailMessage);
  if (idea === '') return fail('idea', VALIDATION.ideaRequired);
  if (characterCount(idea) < IDEA_MIN_LENGTH) return fail('idea', VALIDATION.ideaTooShort);
  if (!isStorableText(values.name)) return fail('name', VALIDATION.nameUnstorable);
  if (!isStorableText(idea)) return fail('idea', VALIDATION.ideaUnstorable);
  return { ok: true, value: { name: values.name.trim() || null, email, idea_message: idea } };
}

/** 1 name, 2 email required, 3 email has @, 4 message required, 5 message at least 20 characters. */
export function validatePartnership(values: PartnershipValues): Validation<keyof PartnershipValues, PartnershipRow> {
  const name = values.name.trim();
  const email = normalizeEmail(values.email);
  const message = values.message.trim();
  if (name === '') return fail('name', VALIDATION.nameRequired);
  const emailMessage = emailProblem(email);
  if (emailMessage) return fail('email', emailMessage);
  if (message === '') return fail('message', VALIDATION.messageRequired);
  if (characterCount(message) < PARTNERSHIP_MESSAGE_MIN_LENGTH) return fail('message', VALIDATION.messageTooShort);
  if (!isStorableText(name)) return fail('name', VALIDATION.nameUnstorable);
  if (!isStorableText(message)) return fail('message', VALIDATION.messageUnstorable);
  const partnership_type = isPartnershipType(values.partnershipType) ? values.partnershipType : DEFAULT_PARTNERSHIP_TYPE;
  return { ok: true, value: { name, email, message, partnership_type } };
}
