/**
 * The early-access form of the future page: one email, "Notify Me When Ready". While joining
 * the button reads "Joining..."; the thank-you shows for 3 seconds, then the form returns.
 */
import { useEffect, useRef } from 'react';
import { earlyAccessMachine } from './machine';
import { EARLY_ACCESS_COPY, EARLY_ACCESS_FAILURES, THANKS_DURATION_MS } from './messages';
import { joinEarlyAccess } from './api';
import { formAction } from './submission';
import { ErrorMessage, useAdoptTypedValues, useFocusOnError, useFormMachine, SubmitButton, Honeypot } from './FormDialog';

interface Props {
  /** The id of the email field (the page may label or link to it). */
  id: string;
}

export default function EarlyAccessForm({ id }: Props) {
  const form = useRef<HTMLFormElement>(null);
  const [state, dispatch] = useFormMachine(earlyAccessMachine, joinEarlyAccess, EARLY_ACCESS_FAILURES, form);
  useFocusOnError(form, state);
  useAdoptTypedValues(form, state.values, dispatch);
  const loading = state.status === 'submitting';
  const submitted = state.status === 'success';
  const errorId = `${id}-error`;
  const invalid = state.status === 'error' && state.error?.field === 'email';

  useEffect(() => {
    if (!submitted) return;
    const timer = setTimeout(() => dispatch({ type: 'reset' }), THANKS_DURATION_MS);
    return () => clearTimeout(timer);
  }, [submitted, dispatch]);

  return (
    <div>
      <div role="status">
        {submitted ? <p className="rounded-xl bg-sage-100 px-4 py-4 font-medium text-sage-700">{EARLY_ACCESS_COPY.thanks}</p> : null}
      </div>
      {submitted ? null : (
        // A real form: before hydration (or without JavaScript) a submit posts it to the function.
        <form
          ref={form}
          noValidate
          method="post"
          action={formAction('early-access')}
          aria-label="Early access"
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            dispatch({ type: 'submit' });
          }}
        >
          <label htmlFor={id} className="block text-sm font-semibold text-ink">
            Email address
          </label>
          <div className="flex flex-col gap-3 sm:flex-row">
            <input
              id={id}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={320}
              value={state.values.email}
              disabled={loading}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? errorId : undefined}
              onChange={(e) => dispatch({ type: 'edit', field: 'email', value: e.target.value })}
              className="input w-full sm:flex-1"
            />
            <SubmitButton busy={loading} label={EARLY_ACCESS_COPY.submit} busyLabel={EARLY_ACCESS_COPY.submitting} className="btn btn-gold shrink-0" />
          </div>
          <Honeypot />
          <ErrorMessage id={errorId} message={state.status === 'error' ? state.error?.message : undefined} />
        </form>
      )}
    </div>
  );
}
