/**
 * What the future page's three forms share: the hook that runs the form state machine and its
 * submission, the labelled field bound to it, the honeypot, the submit button, the error and
 * thank-you regions, the native <dialog> shell, and the modal form the idea and partnership
 * modals both are (`ModalForm`: they differ only in their words and fields).
 *
 * Each form is a real `<form method="post" action="/api/forms/...">`: before this hydrates (or
 * with JavaScript off) a submit posts it and the function sends the visitor back to /future
 * with the outcome; once hydrated, the island validates and submits with fetch instead.
 *
 * The dialogs are opened by the page's own buttons (invoker commands, `commandfor`, with no
 * script at all; a few lines of page script where the browser lacks them); this code closes
 * them, and the close button is an invoker command too. While a form is
 * submitting the dialog cannot close: the close button is disabled, Escape's cancel event is
 * refused and `closedby="none"` tells browsers that support it to ignore close requests.
 * Closing resets the form. After a success the dialog closes by itself after 3 seconds.
 */
import { useEffect, useReducer, useRef, type ReactNode } from 'react';
import type { FormEvent, FormMachine, FormState } from './machine';
import { THANKS_DURATION_MS, type FailureMessages } from './messages';
import { settle, type InsertResult } from './submit';
import { formAction, HONEYPOT_FIELD, type FormKind } from './submission';
import type { BotFields } from './api';
import InputField, { SelectField, TextAreaField } from '../../core/ui/Field';

/**
 * The state machine of a form, with its submission run whenever it enters "submitting". The
 * post also carries the honeypot's value and the time since the page loaded (the function
 * refuses a filled honeypot and a submit under a second).
 */
export function useFormMachine<V, P>(
  machine: FormMachine<V, P>,
  send: (row: P, bot: BotFields) => Promise<InsertResult>,
  failures: FailureMessages,
  form: React.RefObject<HTMLFormElement | null>,
) {
  const [state, dispatch] = useReducer(machine.reduce, machine.initial);
  const { status, payload } = state;
  useEffect(() => {
    if (status !== 'submitting' || payload === null) return;
    let current = true;
    const trap = form.current?.elements.namedItem(HONEYPOT_FIELD);
    const bot: BotFields = { website: trap instanceof HTMLInputElement ? trap.value : '', elapsed: Math.round(performance.now()) };
    void settle(() => send(payload, bot), failures).then((outcome) => {
      if (current) dispatch({ type: 'resolved', outcome });
    });
    return () => {
      current = false;
    };
  }, [status, payload, send, failures, form]);
  return [state, dispatch] as const;
}

/**
 * The honeypot: a field people never see or reach (off-screen, hidden from assistive
 * technology, out of the tab order, no autofill); bots that fill every field fill it too.
 */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/**
 * Where focus goes when a message appears: into the field a validation message is about, or
 * back to the submit button (disabled while submitting, so focus was lost) after a failed
 * submission.
 */
export function useFocusOnError<V>(form: React.RefObject<HTMLFormElement | null>, state: FormState<V, unknown>) {
  const { error } = state;
  useEffect(() => {
    if (!error) return;
    const target = typeof error.field === 'string' ? form.current?.elements.namedItem(error.field) : form.current?.querySelector('button[type="submit"]');
    if (target instanceof HTMLElement) target.focus();
  }, [form, error]);
}

/**
 * The fields are server-rendered, so a visitor can type before the island hydrates (on a slow
 * connection, or while the early-access form's code is still downloading). React keeps that
 * text on screen but not in its state; this adopts it once, right after hydration, so what the
 * visitor sees is what gets validated and sent.
 */
export function useAdoptTypedValues<V extends object>(form: React.RefObject<HTMLFormElement | null>, values: V, dispatch: (event: FormEvent<V>) => void) {
  const typed = useRef({ values, dispatch });
  useEffect(() => {
    const { values: initial, dispatch: send } = typed.current;
    const elements = form.current?.elements;
    if (!elements) return;
    for (const [name, value] of Object.entries(initial)) {
      const field = elements.namedItem(name);
      const editable = field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement;
      if (editable && field.value !== value) send({ type: 'edit', field: name as keyof V, value: field.value });
    }
  }, [form]);
}

interface FieldProps<V> {
  id: string;
  name: Extract<keyof V, string>;
  label: string;
  hint?: string;
  state: FormState<V, unknown>;
  dispatch: (event: FormEvent<V>) => void;
  errorId: string;
  type?: 'text' | 'email';
  /** A text area instead of an input. */
  multiline?: boolean;
  /** A select of these options instead of an input. */
  options?: readonly { value: string; label: string }[];
  autoComplete?: string;
  autoFocus?: boolean;
  maxLength?: number;
}

/**
 * A labelled field (src/core/ui/Field.tsx) bound to the form's state: its value, disabled while
 * submitting, and marked invalid (described by the error message) when the message is about it.
 */
export function Field<V>({ id, name, label, hint, state, dispatch, errorId, type = 'text', multiline, options, ...rest }: FieldProps<V>) {
  const invalid = state.status === 'error' && state.error?.field === name;
  const bound = {
    id,
    name,
    label,
    hint,
    value: String(state.values[name] ?? ''),
    disabled: state.status === 'submitting',
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? errorId : undefined,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => dispatch({ type: 'edit', field: name, value: e.target.value }),
  };
  if (options) {
    return (
      <SelectField {...bound}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
    );
  }
  if (multiline) return <TextAreaField rows={5} {...bound} {...rest} />;
  return <InputField type={type} inputMode={type === 'email' ? 'email' : undefined} {...bound} {...rest} />;
}

/**
 * The submit button: its label, or the busy label while submitting (and disabled then). It is
 * enabled from the first paint: before the island is live a submit posts the real form, so no
 * tap is lost.
 */
export function SubmitButton({ busy, label, busyLabel, className }: { busy: boolean; label: string; busyLabel: string; className: string }) {
  return (
    <button type="submit" className={className} disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}

/** The error message, in a live region that is always there so every new message is announced. */
export function ErrorMessage({ id, message }: { id: string; message: string | undefined }) {
  return (
    <p id={id} role="alert" className={message ? 'rounded-xl bg-rose-100 px-4 py-3 text-sm font-medium text-rose-600' : 'sr-only'}>
      {message ?? ''}
    </p>
  );
}

interface FormDialogProps {
  id: string;
  title: string;
  description: string;
  /** Submitting: the dialog refuses to close. */
  busy: boolean;
  /** Showing the thank-you: the dialog closes itself after 3 seconds. */
  done: boolean;
  thanks: string;
  onClosed: () => void;
  children: ReactNode;
}

/** The dialog, with the form inside it: what the idea and partnership modals are made of. */
export function FormDialog({ id, title, description, busy, done, thanks, onClosed, children }: FormDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const thanksRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (!done) return;
    thanksRef.current?.focus();
    const timer = setTimeout(() => dialog.current?.close(), THANKS_DURATION_MS);
    return () => clearTimeout(timer);
  }, [done]);

  // `closedby`, `command` and `commandfor` are newer than React's types: plain attributes.
  const closedBy = { closedby: busy ? 'none' : 'closerequest' } as Record<string, string>;
  const closeCommand = { command: 'close', commandfor: id } as Record<string, string>;

  return (
    <dialog
      id={id}
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      aria-busy={busy || undefined}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
      onClose={onClosed}
      {...closedBy}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(36rem,calc(100vw-2rem))] overflow-y-auto rounded-card bg-white p-0 text-ink shadow-soft backdrop:bg-plum-900/60"
    >
      <div className="p-6 sm:p-8">
        <div className="flex items-start justify-between gap-4">
          <h2 id={`${id}-title`} className="text-2xl font-semibold">
            {title}
          </h2>
          <button
            type="button"
            className="-mt-1 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink-soft hover:bg-plum-50 hover:text-ink disabled:cursor-not-allowed disabled:opacity-50"
            aria-label="Close"
            disabled={busy}
            {...closeCommand}
            onClick={() => dialog.current?.close()}
          >
            <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M18 6 6 18M6 6l12 12" />
            </svg>
          </button>
        </div>
        <p id={`${id}-description`} className="mt-2 text-ink-soft">
          {description}
        </p>
        <div role="status">
          {done ? (
            <p ref={thanksRef} tabIndex={-1} className="mt-6 rounded-xl bg-sage-100 px-4 py-4 font-medium text-sage-700">
              {thanks}
            </p>
          ) : null}
        </div>
        {done ? null : children}
      </div>
    </dialog>
  );
}

interface ModalFormProps<V, P> {
  /** The dialog's id, which the page's buttons open. */
  id: string;
  kind: FormKind;
  title: string;
  description: string;
  machine: FormMachine<V, P>;
  send: (row: P, bot: BotFields) => Promise<InsertResult>;
  failures: FailureMessages;
  copy: { submit: string; submitting: string; thanks: string };
  /** The form's own fields; `field` binds each to the form's state. */
  fields: (field: Pick<FieldProps<V>, 'state' | 'dispatch' | 'errorId'>) => ReactNode;
}

/**
 * A modal form of the future page: the dialog, and in it a real form posting to the forms
 * function, its fields, the honeypot, the error region and the submit button, run by the form's
 * state machine. Closing the dialog resets the form.
 */
export function ModalForm<V extends object, P>({ id, kind, title, description, machine, send, failures, copy, fields }: ModalFormProps<V, P>) {
  const form = useRef<HTMLFormElement>(null);
  const [state, dispatch] = useFormMachine(machine, send, failures, form);
  useFocusOnError(form, state);
  useAdoptTypedValues(form, state.values, dispatch);
  const busy = state.status === 'submitting';
  const errorId = `${id}-error`;

  return (
    <FormDialog
      id={id}
      title={title}
      description={description}
      busy={busy}
      done={state.status === 'success'}
      thanks={copy.thanks}
      onClosed={() => dispatch({ type: 'reset' })}
    >
      <form
        ref={form}
        noValidate
        method="post"
        action={formAction(kind)}
        className="mt-6 space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          dispatch({ type: 'submit' });
        }}
      >
        {fields({ state, dispatch, errorId })}
        <Honeypot />
        <ErrorMessage id={errorId} message={state.status === 'error' ? state.error?.message : undefined} />
        <SubmitButton busy={busy} label={copy.submit} busyLabel={copy.submitting} className="btn btn-primary w-full" />
      </form>
    </FormDialog>
  );
}
