/**
 * A 0 to 10 rating for the Lounge apps' islands (Mindstage's distress before and after, The
 * Reset Room's strength of a feeling): native radio buttons in a fieldset, so the arrow keys
 * move along the scale and a screen reader reads the question and each number. The look is
 * RatingScale.astro's (./rating.css), shared with the previews.
 */
import './rating.css';

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
  value: number | null;
  onChange: (n: number) => void;
  low?: string;
  high?: string;
}) {
  return (
    <fieldset className="rating-scale" data-rating={name}>
      <legend className="font-semibold">{legend}</legend>
      <p className="text-sm text-ink-soft">
        0 = {low}, 10 = {high}
      </p>
      <div className="mt-2 flex flex-wrap gap-1.5">
        {Array.from({ length: 11 }, (_, n) => (
          <label key={n} className="rating-option">
            <input type="radio" name={name} value={n} className="sr-only" checked={value === n} onChange={() => onChange(n)} />
            <span>{n}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
