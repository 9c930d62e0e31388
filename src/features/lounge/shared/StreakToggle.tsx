/**
 * The streak, off until the member turns it on (a count helps some people and weighs on
 * others): "Show my streak", kept in this browser (./browser-storage.ts), and the count once it
 * is on. Shared by The Bloom Book (pages in a row) and Rise Mode (mornings in a row); the days
 * are counted by ./local-day.ts.
 */
import { useState } from 'react';
import { readStored, store } from './browser-storage';

export default function StreakToggle({
  storageKey,
  heading,
  headingId,
  count,
  countText,
  offText,
}: {
  /** Where the setting is kept ('on' or 'off'). */
  storageKey: string;
  heading: string;
  headingId: string;
  /** Days in a row. */
  count: number;
  /** What the count says once shown ("2 days in a row."). */
  countText: string;
  /** What stands in its place while it is off. */
  offText: string;
}) {
  const [on, setOn] = useState(() => readStored(storageKey) === 'on');
  const toggle = (next: boolean) => {
    setOn(next);
    store(storageKey, next ? 'on' : 'off');
  };
  return (
    <section className="card p-6" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold">
        {heading}
      </h2>
      <label className="mt-2 inline-flex min-h-11 items-center gap-2">
        <input type="checkbox" className="size-5" checked={on} onChange={(e) => toggle(e.target.checked)} />
        Show my streak
      </label>
      {on ? (
        <p className="mt-1 text-ink" data-streak={count}>
          {countText}
        </p>
      ) : (
        <p className="mt-1 text-sm text-ink-soft">{offText}</p>
      )}
    </section>
  );
}
