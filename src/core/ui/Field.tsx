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
        className="input mt-1.5 w-full"
        {...input}
      />
    </div>
  );
}
