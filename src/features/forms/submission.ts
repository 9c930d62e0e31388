/**
 * What the forms function and the page agree on: the three forms and their addresses, the
 * fields a post carries (the honeypot and the time-to-submit included), the limits, and every
 * outcome a submission can have, with the message the visitor sees and the fragment of /future
 * a plain HTML post is sent back to (303) so the page shows that message without JavaScript.
 */
import { EARLY_ACCESS_COPY, EARLY_ACCESS_FAILURES, IDEA_COPY, IDEA_FAILURES, PARTNERSHIP_COPY, PARTNERSHIP_FAILURES, VALIDATION, type FailureMessages } from './messages';
import { DEFAULT_PARTNERSHIP_TYPE } from './partnership';
import { DB_CODES } from '../../core/db/result';
import {
  validateEarlyAccess,
  validateIdea,
  validatePartnership,
  type EarlyAccessRow,
  type IdeaRow,
  type PartnershipRow,
} from './validation';
import type { RateLimit } from '../../core/rate-limit';
import { RATE_LIMITED_MESSAGE } from './submit';

export const FORM_KINDS = ['early-access', 'idea', 'partnership'] as const;
export type FormKind = (typeof FORM_KINDS)[number];

export function isFormKind(value: string): value is FormKind {
  return (FORM_KINDS as readonly string[]).includes(value);
}

/** Where each form posts (the forms function; `GET /api/forms?check` is its health answer). */
export const FORMS_ENDPOINT = '/api/forms';
export const formAction = (kind: FormKind) => `${FORMS_ENDPOINT}/${kind}`;

/** The page a plain HTML post returns to. */
export const FORMS_PAGE = '/future/';

/** A field people never see (visually hidden, out of the tab order); bots fill it in. */
export const HONEYPOT_FIELD = 'website';
/** Milliseconds from the page's load to the submit, sent by the page's script and the islands. */
export const ELAPSED_FIELD = 'elapsed';
/** No person reads the page, fills a form and submits it in under a second. */
export const MIN_FILL_MS = 1000;

/**
 * The function's own limits. Per address: the same as the platform's `rateLimit` in the
 * function's config (10 a minute), kept again in each instance. Per email: 3 in 10 minutes
 * for the same form, whatever the address.
 */
export const IP_LIMIT: RateLimit = { limit: 10, windowMs: 60_000 };
export const EMAIL_LIMIT: RateLimit = { limit: 3, windowMs: 10 * 60_000 };

/** Longest value of each field the tables accept (their checks), and of the extra fields. */
export const MAX_LENGTH: Record<string, number> = { name: 200, email: 320, idea: 5000, message: 5000, partnershipType: 64, [HONEYPOT_FIELD]: 2000, [ELAPSED_FIELD]: 20 };

type ValidationKey = keyof typeof VALIDATION;

/** Every way a submission can end, as the visitor is told. */
export type OutcomeCode = 'thanks' | 'duplicate' | 'failed' | 'limited' | ValidationKey;


export const FAILURES: Record<FormKind, FailureMessages> = {
  'early-access': EARLY_ACCESS_FAILURES,
  idea: IDEA_FAILURES,
  partnership: PARTNERSHIP_FAILURES,
};

const THANKS: Record<FormKind, string> = {
  'early-access': EARLY_ACCESS_COPY.thanks,
  idea: IDEA_COPY.thanks,
  partnership: PARTNERSHIP_COPY.thanks,
};

/** The validation messages each form can show, in the spec's order. */
const CHECKS: Record<FormKind, ValidationKey[]> = {
  'early-access': ['emailRequired', 'emailInvalid'],
  idea: ['emailRequired', 'emailInvalid', 'ideaRequired', 'ideaTooShort', 'nameUnstorable', 'ideaUnstorable'],
  partnership: ['nameRequired', 'emailRequired', 'emailInvalid', 'messageRequired', 'messageTooShort', 'nameUnstorable', 'messageUnstorable'],
};

/** Every outcome a form can have, in the order the page lists them. */
export function outcomesOf(kind: FormKind): OutcomeCode[] {
  return ['thanks', ...CHECKS[kind], ...(kind === 'early-access' ? (['duplicate'] as const) : []), 'failed', 'limited'];
}

export function outcomeMessage(kind: FormKind, code: OutcomeCode): string {
  switch (code) {
    case 'thanks':
      return THANKS[kind];
    case 'duplicate':
      return FAILURES[kind].database(DB_CODES.duplicate);
    case 'failed':
      return FAILURES[kind].database(null);
    case 'limited':
      return RATE_LIMITED_MESSAGE;
    default:
      return VALIDATION[code];
  }
}

/** The element id on /future that shows an outcome (the 303's fragment). */
export function outcomeId(kind: FormKind, code: OutcomeCode): string {
  return `${kind}-${code.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** The address a plain HTML post is sent back to. */
export function outcomeLocation(kind: FormKind, code: OutcomeCode): string {
  return `${FORMS_PAGE}#${outcomeId(kind, code)}`;
}

export type FormRow = EarlyAccessRow | IdeaRow | PartnershipRow;
export const TABLES: Record<FormKind, 'future_launch' | 'community_ideas' | 'partnership_requests'> = {
  'early-access': 'future_launch',
  idea: 'community_ideas',
  partnership: 'partnership_requests',
};

const text = (fields: Record<string, unknown>, name: string): string => (typeof fields[name] === 'string' ? (fields[name] as string) : '');

export type Checked =
  | { ok: true; row: FormRow; email: string }
  | { ok: false; code: OutcomeCode; field: string | null; status: 400 };

/**
 * A post's fields, checked with the same rules the islands use (the spec's order and messages;
 * trimmed, emails lower-cased): the row to store, or the outcome to answer. A value longer than
 * its table allows is refused as a failed submission (no form lets a person type that much).
 */
export function checkSubmission(kind: FormKind, fields: Record<string, unknown>): Checked {
  for (const [name, max] of Object.entries(MAX_LENGTH)) {
    if (text(fields, name).length > max) return { ok: false, code: 'failed', field: null, status: 400 };
  }
  const result =
    kind === 'early-access'
      ? validateEarlyAccess({ email: text(fields, 'email') })
      : kind === 'idea'
        ? validateIdea({ name: text(fields, 'name'), email: text(fields, 'email'), idea: text(fields, 'idea') })
        : validatePartnership({
            name: text(fields, 'name'),
            email: text(fields, 'email'),
            message: text(fields, 'message'),
            partnershipType: text(fields, 'partnershipType') || DEFAULT_PARTNERSHIP_TYPE,
          });
  if (!result.ok) {
    const key = (Object.keys(VALIDATION) as ValidationKey[]).find((k) => VALIDATION[k] === result.message) ?? 'emailInvalid';
    return { ok: false, code: key, field: result.field, status: 400 };
  }
  return { ok: true, row: result.value, email: result.value.email };
}

/**
 * Whether a post looks like a bot's: the honeypot filled in, or a time-to-submit under a second
 * (or not a number). A post without the time (JavaScript off) is not refused for it.
 */
export function botSignal(fields: Record<string, unknown>): 'honeypot' | 'too-fast' | null {
  if (text(fields, HONEYPOT_FIELD).trim() !== '') return 'honeypot';
  const elapsed = fields[ELAPSED_FIELD];
  if (elapsed === undefined || elapsed === null || elapsed === '') return null;
  const ms = typeof elapsed === 'number' ? elapsed : Number(elapsed);
  if (!Number.isFinite(ms) || ms < MIN_FILL_MS) return 'too-fast';
  return null;
}
