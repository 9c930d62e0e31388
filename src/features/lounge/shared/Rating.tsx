/**
 * The 0 to 10 rating (./ratings.ts) as native radio buttons in a fieldset, so it works before
 * any script, the arrow keys move along the scale and a screen reader reads the question (the
 * legend) and each number (its own label). The apps' islands pass `value` and `onChange`
 * (Mindstage's distress before and after, The Reset Room's strength of a feeling); the public
 * previews render it at build without them, and the browser keeps the choice.
 */
import './rating.css';
import { RATING_MAX } from './ratings';

export default function Rating({
  name,
  legend,
  value,
  onChange,
  low = 'calm',
  high = 'as strong as it gets',
}: {
  name: string;
  legend: string;
  value?: number | null;
  onChange?: (n: number) => void;
  low?: string;
  high?: string;
}) {
  return (
    <fieldset className="rating-scale" data-rating={name}>
      <legend className="font-semibold">{legend}</legend>
      <p className="text-sm text-ink-soft">
        0 = {low}, {RATING_MAX} = {high}
      </p>
      <div className="mt-2 flex flex-wrap gap-1.5">
        {Array.from({ length: RATING_MAX + 1 }, (_, n) => (
          <label key={n} className="rating-option">
            {onChange ? (
              <input type="radio" name={name} value={n} className="sr-only" checked={value === n} onChange={() => onChange(n)} />
            ) : (
              <input type="radio" name={name} value={n} className="sr-only" />
            )}
            <span>{n}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
