/**
 * The state machine the three forms of the future page share:
 *
 *   idle --submit (valid)--> submitting --resolved ok--> success --reset (after 3 s)--> idle
 *   idle --submit (invalid)--> error                submitting --resolved failed--> error
 *   error --edit--> idle (message cleared)          any state but submitting --reset--> idle
 *
 * For the early-access form "submitting" is its loading state and "success" its submitted
 * state. While submitting, inputs are disabled and nothing else is accepted (so a modal cannot
 * close). A valid submit keeps the cleaned-up row to send in `payload`.
 */
import { DEFAULT_PARTNERSHIP_TYPE } from './partnership';
import {
  validateEarlyAccess,
  validateIdea,
  validatePartnership,
  type EarlyAccessValues,
  type IdeaValues,
  type PartnershipValues,
  type Validation,
} from './validation';

export type FormStatus = 'idle' | 'submitting' | 'success' | 'error';

export interface FormState<V, P> {
  status: FormStatus;
  values: V;
  /** The message shown in the error state, and the field it is about (null for a failed submission). */
  error: { message: string; field: keyof V | null } | null;
  /** The row being sent while submitting. */
  payload: P | null;
}

export type Outcome = { ok: true } | { ok: false; message: string };

export type FormEvent<V> =
  | { type: 'edit'; field: keyof V; value: string }
  | { type: 'submit' }
  | { type: 'resolved'; outcome: Outcome }
  | { type: 'reset' };

export interface FormMachine<V, P> {
  initial: FormState<V, P>;
  reduce(state: FormState<V, P>, event: FormEvent<V>): FormState<V, P>;
}

export function createFormMachine<V extends object, P>(
  initialValues: V,
  validate: (values: V) => Validation<Extract<keyof V, string>, P>,
): FormMachine<V, P> {
  const initial: FormState<V, P> = { status: 'idle', values: initialValues, error: null, payload: null };
  return {
    initial,
    reduce(state, event) {
      switch (event.type) {
        case 'edit':
          if (state.status === 'submitting' || state.status === 'success') return state;
          return { ...state, status: 'idle', error: null, values: { ...state.values, [event.field]: event.value } };
        case 'submit': {
          if (state.status === 'submitting' || state.status === 'success') return state;
          const result = validate(state.values);
          if (!result.ok) return { ...state, status: 'error', error: { message: result.message, field: result.field }, payload: null };
          return { ...state, status: 'submitting', error: null, payload: result.value };
        }
        case 'resolved':
          if (state.status !== 'submitting') return state;
          if (event.outcome.ok) return { ...state, status: 'success', error: null, payload: null };
          return { ...state, status: 'error', error: { message: event.outcome.message, field: null }, payload: null };
        case 'reset':
          return state.status === 'submitting' ? state : initial;
      }
    },
  };
}

/** A modal may close (Escape, its close button) in every state but submitting. */
export function canClose(state: { status: FormStatus }): boolean {
  return state.status !== 'submitting';
}

export const earlyAccessMachine = createFormMachine({ email: '' } satisfies EarlyAccessValues, validateEarlyAccess);
export const ideaMachine = createFormMachine({ name: '', email: '', idea: '' } satisfies IdeaValues, validateIdea);
export const partnershipMachine = createFormMachine(
  { name: '', email: '', message: '', partnershipType: DEFAULT_PARTNERSHIP_TYPE as string } satisfies PartnershipValues,
  validatePartnership,
);
