import type { InputHTMLAttributes } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  id: string;
  label: string;
}

/** A labelled text input in the site's style. */
export default function Field({ id, label, ...input }: Props) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={id}
        className="mt-1.5 block w-full rounded-xl border border-plum-200 bg-white px-4 py-2.5 text-ink placeholder:text-ink-soft/70 focus:border-plum-500 disabled:bg-paper-deep"
        {...input}
      />
    </div>
  );
}
