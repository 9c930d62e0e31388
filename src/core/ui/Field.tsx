/**
 * The labelled field every form of the site uses: a label (with an optional hint such as
 * "(optional)") above an input, a text area or a select, full width, in the `.input` look of
 * src/styles/global.css. Every other attribute goes to the control as given.
 */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

const CONTROL = 'input mt-1.5 w-full';

interface Label {
  id: string;
  label: string;
  /** Said after the label in a lighter weight, e.g. "(optional)". */
  hint?: string;
}

type Own<T> = Omit<T, 'id' | 'className'> & Label;

function Labelled({ id, label, hint, children }: Label & { children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
        {hint ? <span className="font-normal text-ink-soft"> {hint}</span> : null}
      </label>
      {children}
    </div>
  );
}

/** A labelled text input (any `type`: text, email, password...). */
export default function Field({ id, label, hint, ...input }: Own<InputHTMLAttributes<HTMLInputElement>>) {
  return (
    <Labelled id={id} label={label} hint={hint}>
      <input id={id} className={CONTROL} {...input} />
    </Labelled>
  );
}

/** A labelled text area. */
export function TextAreaField({ id, label, hint, ...area }: Own<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return (
    <Labelled id={id} label={label} hint={hint}>
      <textarea id={id} className={CONTROL} {...area} />
    </Labelled>
  );
}

/** A labelled select; its options are the children. */
export function SelectField({ id, label, hint, children, ...select }: Own<SelectHTMLAttributes<HTMLSelectElement>>) {
  return (
    <Labelled id={id} label={label} hint={hint}>
      <select id={id} className={CONTROL} {...select}>
        {children}
      </select>
    </Labelled>
  );
}
