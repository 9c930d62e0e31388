/**
 * "Days practised" on the dashboard: a card with one switch, "Show the days I practised", off
 * until the member turns it on (a record of days helps some people and weighs on others, as the
 * streaks do) and remembered in this browser. Only once it is on does the calendar's code load
 * (./DaysCalendar.tsx, a dynamic import) and read the member's rows, so the dashboard carries
 * nothing of it while it is off. Hydrated with `client:signedin`; the page passes it to the
 * dashboard as a slot.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import Card from '../../../core/ui/Card';
import { useSession } from '../../../core/session/useSession';
import { readStored, store } from '../shared/browser-storage';

const DaysCalendar = lazy(() => import('./DaysCalendar'));

/** Where the switch is kept ('on' or 'off'). */
export const DAYS_PRACTISED_KEY = 'ia:days-practised';

/** The switch as kept in this browser, followed by every card on the page; off at build, where nothing is kept. */
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const isOn = () => readStored(DAYS_PRACTISED_KEY) === 'on';

export default function DaysPractised() {
  const session = useSession();
  const on = useSyncExternalStore(subscribe, isOn, () => false);
  const toggle = (next: boolean) => {
    store(DAYS_PRACTISED_KEY, next ? 'on' : 'off');
    for (const listener of listeners) listener();
  };
  return (
    <Card titleId="days-practised-heading" title="Days practised" wide data-days-practised>
      <label className="inline-flex min-h-11 items-center gap-2">
        <input type="checkbox" className="size-5" checked={on} onChange={(e) => toggle(e.target.checked)} />
        Show the days I practised
      </label>
      {on && session.status === 'signedIn' ? (
        <Suspense
          fallback={
            <p className="mt-3 text-ink-soft" role="status">
              Loading your days…
            </p>
          }
        >
          <DaysCalendar userId={session.user.id} />
        </Suspense>
      ) : on ? null : (
        <p className="mt-1 text-sm text-ink-soft">
          Off. Turn it on to see the last five weeks: the days you used a Lounge app or completed a lesson. Nothing new is recorded for it.
        </p>
      )}
    </Card>
  );
}
