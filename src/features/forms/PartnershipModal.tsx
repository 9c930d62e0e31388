/** The partnership modal of the future page: name, email, partnership type and message. */
import { useRef } from 'react';
import { partnershipMachine } from './machine';
import { PARTNERSHIP_COPY, PARTNERSHIP_FAILURES } from './messages';
import { PARTNERSHIP_TYPE_LABELS, PARTNERSHIP_TYPES } from './partnership';
import { requestPartnership } from './api';
import { formAction } from './submission';
import { ErrorMessage, Field, FormDialog, inputClass, useAdoptTypedValues, useFocusOnError, useFormMachine, SubmitButton, Honeypot } from './FormDialog';

interface Props {
  /** The dialog's id, which the page's partnership buttons open. */
  id: string;
}

export default function PartnershipModal({ id }: Props) {
  const form = useRef<HTMLFormElement>(null);
  const [state, dispatch] = useFormMachine(partnershipMachine, requestPartnership, PARTNERSHIP_FAILURES, form);
  useFocusOnError(form, state);
  useAdoptTypedValues(form, state.values, dispatch);
  const busy = state.status === 'submitting';
  const errorId = `${id}-error`;
  const field = { state, dispatch, errorId };

  return (
    <FormDialog
      id={id}
      title="Partner With Us"
      description="Tell us who you are and what you would like to create together. We reply to every request within 48 hours."
      busy={busy}
      done={state.status === 'success'}
      thanks={PARTNERSHIP_COPY.thanks}
      onClosed={() => dispatch({ type: 'reset' })}
    >
      <form
        ref={form}
        noValidate
        method="post"
        action={formAction('partnership')}
        className="mt-6 space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          dispatch({ type: 'submit' });
        }}
      >
        <Field {...field} id={`${id}-name`} name="name" label="Name" autoComplete="name" autoFocus maxLength={200} />
        <Field {...field} id={`${id}-email`} name="email" label="Email" type="email" autoComplete="email" maxLength={320} />
        <div>
          <label htmlFor={`${id}-type`} className="block text-sm font-semibold text-ink">
            Partnership type
          </label>
          <select
            id={`${id}-type`}
            name="partnershipType"
            className={`mt-1.5 ${inputClass}`}
            value={state.values.partnershipType}
            disabled={busy}
            onChange={(e) => dispatch({ type: 'edit', field: 'partnershipType', value: e.target.value })}
          >
            {PARTNERSHIP_TYPES.map((type) => (
              <option key={type} value={type}>
                {PARTNERSHIP_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <Field {...field} id={`${id}-message`} name="message" label="Your message" multiline maxLength={5000} />
        <Honeypot />
        <ErrorMessage id={errorId} message={state.status === 'error' ? state.error?.message : undefined} />
        <SubmitButton busy={busy} label={PARTNERSHIP_COPY.submit} busyLabel={PARTNERSHIP_COPY.submitting} className="btn btn-primary w-full" />
      </form>
    </FormDialog>
  );
}
