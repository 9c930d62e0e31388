/**
 * The days-practised calendar itself, loaded only once the member turns it on (./DaysPractised.tsx):
 * the last five weeks, Monday first, in the member's own days (./days.ts), from their own rows
 * (./api.ts). A table a screen reader reads day by day: each day's cell says its date and what
 * was practised, in words; a practised day is marked with a tick as well as its colour. A
 * failed read says so, with Try again.
 */
import { useCallback } from 'react';
import { dayIn } from '../shared/local-day';
import { LoadFailed, openAll, useLoad, type Loaded } from '../shared/load';
import { fetchPractice } from './api';
import { dayGrid, dayText, gridRange, practisedCount, practisedDays, WEEKS, type GridDay } from './days';

const WEEKDAYS = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const;

function Day({ cell }: { cell: GridDay }) {
  const done = cell.practised.length > 0;
  const tone = done ? 'bg-sage-100 font-semibold text-plum-900' : 'text-ink-soft';
  return (
    <td className="p-0.5 text-center" data-day={cell.day} data-practised={done ? 'yes' : cell.future ? undefined : 'no'}>
      <span
        className={`mx-auto grid size-10 place-items-center rounded-xl text-sm ${tone} ${cell.today ? 'ring-2 ring-plum-700' : ''}`}
        title={cell.future ? undefined : dayText(cell)}
        aria-hidden="true"
      >
        {cell.future ? '' : done ? '✓' : Number(cell.day.slice(8))}
      </span>
      <span className="sr-only">{dayText(cell)}</span>
    </td>
  );
}

export default function DaysCalendar({ userId }: { userId: string }) {
  const read = useCallback(async (): Promise<Loaded<{ grid: GridDay[][] }>> => {
    const today = dayIn(new Date());
    const opened = await openAll({ rows: { records: fetchPractice(userId, gridRange(today).first) } }, { rows: 'Your days could not be loaded just now.' });
    return opened.status === 'ready' ? { status: 'ready', grid: dayGrid(today, practisedDays(opened.records)) } : opened;
  }, [userId]);
  const { load: state, retry } = useLoad(read);

  if (state.status === 'loading')
    return (
      <p className="mt-3 text-ink-soft" role="status">
        Loading your days…
      </p>
    );
  if (state.status === 'failed') return <LoadFailed message={state.message} onRetry={retry} className="mt-3" />;

  const { practised, days } = practisedCount(state.grid);
  return (
    <div className="mt-3">
      <p className="text-ink" data-days-count={practised}>
        {practised === 0
          ? `No practice in the last ${WEEKS} weeks yet. Any day you open a Lounge app or finish a lesson will show here.`
          : `You practised on ${practised} of the last ${days} days.`}
      </p>
      <table className="mt-3 border-separate border-spacing-0">
        <caption className="sr-only">Days you practised, the last {WEEKS} weeks, Monday to Sunday</caption>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col" className="pb-1 text-xs font-medium text-ink-soft">
                <abbr title={long} className="no-underline">
                  {short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {state.grid.map((week) => (
            <tr key={week[0]!.day}>
              {week.map((cell) => (
                <Day key={cell.day} cell={cell} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-xs text-ink-soft">✓ a day you used Stillpoint, The Bloom Book, Rise Mode, Mindstage or The Reset Room, or completed a lesson. Days are your own, in your time zone.</p>
    </div>
  );
}
