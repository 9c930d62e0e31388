/**
 * "Your Coaching Sessions" on the dashboard: upcoming seats (soonest first) with "Add to
 * calendar" and "Give back my seat", then past sessions. Giving a seat back asks first, then
 * deletes the member's signup (the database returns the seat to the session).
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { COACHING_JOIN } from '../../core/config/site';
import { calendarFileName, sessionCalendar } from './calendar';
import { COACHING_MESSAGES, splitSignups } from './coaching';
import { formatLongDate, todayIsoDate } from '../../core/dates';
import type { CoachingSignupWithSession } from './coaching';
import { $mySignups, giveSeatBack } from './store';
import Card from '../../core/ui/Card';
import MessageBanner, { type Message } from '../../core/ui/MessageBanner';

type Signup = CoachingSignupWithSession & { coaching_sessions: NonNullable<CoachingSignupWithSession['coaching_sessions']> };

function downloadCalendar(signup: Signup): void {
  const text = sessionCalendar(signup.coaching_sessions, {
    host: window.location.host,
    joinDetails: COACHING_JOIN.details,
    joinUrl: COACHING_JOIN.url,
  });
  if (!text) return;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = calendarFileName(signup.coaching_sessions);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function when(signup: Signup): string {
  return formatLongDate(signup.coaching_sessions.date) ?? signup.coaching_sessions.date;
}

function Upcoming({ signup, onMessage }: { signup: Signup; onMessage: (m: Message | null) => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const calendar = sessionCalendar(signup.coaching_sessions, { host: 'x', joinDetails: '' }) !== null;

  const giveBack = async () => {
    setBusy(true);
    onMessage(null);
    const failure = await giveSeatBack(signup.id);
    setBusy(false);
    setConfirming(false);
    onMessage(failure ? { tone: 'error', text: failure } : { tone: 'success', text: COACHING_MESSAGES.cancelled });
  };

  return (
    <li className="py-3" data-upcoming-session={signup.coaching_sessions.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold text-ink">{when(signup)}</span>
        <span className="text-ink-soft">{signup.coaching_sessions.time}</span>
      </div>
      {confirming ? (
        <div className="mt-2 rounded-xl border border-rose-600/30 bg-rose-100 p-3 text-sm" role="group" aria-label="Give back your seat">
          <p className="text-ink">
            Give back your seat for {when(signup)}? Someone else can take it, and you can sign up again while seats are left.
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="button" className="btn btn-primary min-h-9 px-3 py-1 text-sm" disabled={busy} onClick={() => void giveBack()}>
              {busy ? 'Giving back…' : 'Yes, give it back'}
            </button>
            <button type="button" className="btn btn-outline min-h-9 px-3 py-1 text-sm" disabled={busy} onClick={() => setConfirming(false)}>
              Keep my seat
            </button>
          </div>
        </div>
      ) : (
        <div className="mt-2 flex flex-wrap gap-2">
          {calendar && (
            <button type="button" className="btn btn-outline min-h-9 px-3 py-1 text-sm" onClick={() => downloadCalendar(signup)}>
              Add to calendar
            </button>
          )}
          <button type="button" className="btn btn-outline min-h-9 px-3 py-1 text-sm" onClick={() => setConfirming(true)}>
            Give back my seat
          </button>
        </div>
      )}
    </li>
  );
}

export default function CoachingSessions() {
  const state = useStore($mySignups);
  const [message, setMessage] = useState<Message | null>(null);

  let body: React.ReactNode;
  if (state.status === 'loading') {
    body = <p className="text-ink-soft">Loading your sessions…</p>;
  } else {
    const { upcoming, past } = splitSignups(state.value as Signup[], todayIsoDate());
    body = (
      <div className="space-y-6">
        <MessageBanner message={message} />
        <div>
          <h3 className="text-lg font-semibold">Upcoming</h3>
          {upcoming.length === 0 ? (
            <p className="mt-2 text-ink-soft">
              You haven’t saved a seat yet. Rapid Fire Coaching Live meets on the last Thursday of every month.{' '}
              <a href="/#coaching-signup" className="font-semibold text-plum-700">
                Choose a session
              </a>
              .
            </p>
          ) : (
            <ul className="divide-y divide-plum-100" data-my-sessions>
              {upcoming.map((s) => (
                <Upcoming key={s.id} signup={s} onMessage={setMessage} />
              ))}
            </ul>
          )}
        </div>
        {past.length > 0 && (
          <div>
            <h3 className="text-lg font-semibold">Past sessions</h3>
            <ul className="divide-y divide-plum-100 text-ink-soft" data-past-sessions>
              {past.map((s) => (
                <li key={s.id} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
                  <span className="font-semibold">{when(s)}</span>
                  <span>{s.coaching_sessions.time}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    );
  }

  return (
    <Card titleId="coaching-heading" title="Your Coaching Sessions">
      {body}
    </Card>
  );
}
