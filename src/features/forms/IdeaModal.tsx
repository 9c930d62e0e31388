/** The idea modal of the future page: optional name, email and the idea itself. */
import { useRef } from 'react';
import { ideaMachine } from './machine';
import { IDEA_COPY, IDEA_FAILURES } from './messages';
import { shareIdea } from './api';
import { formAction } from './submission';
import { ErrorMessage, Field, FormDialog, useAdoptTypedValues, useFocusOnError, useFormMachine, SubmitButton, Honeypot } from './FormDialog';

interface Props {
  /** The dialog's id, which the page's "Share Your Idea" buttons open. */
  id: string;
}

export default function IdeaModal({ id }: Props) {
  const form = useRef<HTMLFormElement>(null);
  const [state, dispatch] = useFormMachine(ideaMachine, shareIdea, IDEA_FAILURES, form);
  useFocusOnError(form, state);
  useAdoptTypedValues(form, state.values, dispatch);
  const busy = state.status === 'submitting';
  const errorId = `${id}-error`;
  const field = { state, dispatch, errorId };

  return (
    <FormDialog
      id={id}
      title="Share Your Idea"
      description="What would make your journey lighter, deeper or more joyful? Every idea is read by a real person on our team."
      busy={busy}
      done={state.status === 'success'}
      thanks={IDEA_COPY.thanks}
      onClosed={() => dispatch({ type: 'reset' })}
    >
      <form
        ref={form}
        noValidate
        method="post"
        action={formAction('idea')}
        className="mt-6 space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          dispatch({ type: 'submit' });
        }}
      >
        <Field {...field} id={`${id}-name`} name="name" label="Name" hint="(optional)" autoComplete="name" autoFocus maxLength={200} />
        <Field {...field} id={`${id}-email`} name="email" label="Email" type="email" autoComplete="email" maxLength={320} />
        <Field {...field} id={`${id}-idea`} name="idea" label="Your idea" multiline maxLength={5000} />
        <Honeypot />
        <ErrorMessage id={errorId} message={state.status === 'error' ? state.error?.message : undefined} />
        <SubmitButton busy={busy} label={IDEA_COPY.submit} busyLabel={IDEA_COPY.submitting} className="btn btn-primary w-full" />
      </form>
    </FormDialog>
  );
}
