/**
 * "Your Coaching Sessions" on the dashboard: the member's upcoming seats (soonest first), each
 * with its time on the coach's clock and on theirs, "Join now" from an hour before the start
 * until the end (the link asked of the coaching-join function only then), "Add to calendar" and
 * "Give back my seat"; sessions the coach cancelled, marked so; the next open sessions; then past
 * sessions. Giving a seat back asks first, then deletes the member's signup (the database returns
 * the seat to the session).
 */
import { useStore } from '../../core/ui/useStore';
import { lazy, Suspense, useEffect, useState } from 'react';
import { COACHING_JOIN } from '../../core/config/site';
import { availability, COACHING_MESSAGES, splitSignups, type CoachingSession, type CoachingSignupWithSession, type SignupSession } from './coaching';
import { joinState, nextJoinChange, readerTimeZone, sessionWhen } from './session-time';
import { $mySignups, $nextSessions, giveSeatBack, loadJoinLink } from './store';
import { useNow } from './useNow';
import SessionWhen from './SessionWhen';
import Card from '../../core/ui/Card';
import MessageBanner, { type Message } from '../../core/ui/MessageBanner';

type Signup = CoachingSignupWithSession & { coaching_sessions: SignupSession };

/** The member's places in line: their code loads only when the next sessions show one (their own rows). */
const WaitlistPlaces = lazy(() => import('./WaitlistPlaces'));

/**
 * "Add to calendar": the session's .ics, handed to the browser. The calendar's code loads on the
 * first tap, so the dashboard carries none of it until a member asks for a file.
 */
async function downloadCalendar(session: SignupSession): Promise<void> {
  const [{ calendarFileName, sessionCalendar }, { downloadText }, { ICS_TYPE }] = await Promise.all([
    import('./calendar'),
    import('../../core/ui/download'),
    import('../../core/ics'),
  ]);
  const text = sessionCalendar(session, {
    host: window.location.host,
    joinDetails: COACHING_JOIN.details,
    joinUrl: COACHING_JOIN.url,
  });
  if (text) downloadText(text, calendarFileName(session), ICS_TYPE);
}

/** "Join now": the link, fetched from the join function when the window opens. */
function JoinNow({ sessionId }: { sessionId: string }) {
  const [answer, setAnswer] = useState<{ url: string } | { error: string } | null>(null);
  useEffect(() => {
    let live = true;
    void loadJoinLink(sessionId).then((a) => live && setAnswer(a));
    return () => {
      live = false;
    };
  }, [sessionId]);
  if (!answer) return <span className="text-sm text-ink-soft" role="status">Getting your join link…</span>;
  if ('error' in answer) return <p className="text-sm text-rose-600" data-join-error>{answer.error}</p>;
  return (
    <a href={answer.url} target="_blank" rel="noopener noreferrer" className="btn btn-gold min-h-9 px-4 py-1 text-sm" data-join-now>
      Join now
    </a>
  );
}

function Upcoming({ signup, now, zone, onMessage }: { signup: Signup; now: number; zone: string; onMessage: (m: Message | null) => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const session = signup.coaching_sessions;
  const state = joinState(session, now);
  const started = Date.parse(session.starts_at) <= now;
  const day = sessionWhen(session, zone).day;

  const giveBack = async () => {
    setBusy(true);
    onMessage(null);
    const failure = await giveSeatBack(signup.id);
    setBusy(false);
    setConfirming(false);
    onMessage(failure ? { tone: 'error', text: failure } : { tone: 'success', text: COACHING_MESSAGES.cancelled });
  };

  return (
    <li className="py-3" data-upcoming-session={session.id}>
      <SessionWhen session={session} zone={zone} />
      {confirming ? (
        <div className="mt-2 rounded-xl border border-rose-600/30 bg-rose-100 p-3 text-sm" role="group" aria-label="Give back your seat">
          <p className="text-ink">Give back your seat for {day}? Someone else can take it, and you can sign up again while seats are left.</p>
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
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {state === 'open' && <JoinNow sessionId={session.id} />}
          <button type="button" className="btn btn-outline min-h-9 px-3 py-1 text-sm" onClick={() => void downloadCalendar(session).catch((error: unknown) => console.error('Add to calendar: the file could not be made', error))}>
            Add to calendar
          </button>
          {!started && (
            <button type="button" className="btn btn-outline min-h-9 px-3 py-1 text-sm" onClick={() => setConfirming(true)}>
              Give back my seat
            </button>
          )}
        </div>
      )}
    </li>
  );
}

/** The next open sessions (three), each marked when the member holds a seat. */
function ComingUp({ sessions, registered, zone }: { sessions: CoachingSession[] | null; registered: Set<string>; zone: string }) {
  if (sessions === null) return <p className="mt-2 text-ink-soft">The next sessions could not be loaded just now.</p>;
  if (sessions.length === 0) return <p className="mt-2 text-ink-soft">No sessions are open yet. New dates are added every month.</p>;
  return (
    <ul className="mt-2 divide-y divide-plum-100" data-next-sessions>
      {sessions.map((s) => (
        <li key={s.id} className="py-3" data-next-session={s.id}>
          <SessionWhen session={s} zone={zone} />
          <p className="mt-1 text-sm font-semibold text-plum-700">{registered.has(s.id) ? COACHING_MESSAGES.registered : availability(s.spots_available, s.max_spots)}</p>
        </li>
      ))}
    </ul>
  );
}

export default function CoachingSessions() {
  const state = useStore($mySignups, { ssr: 'initial' });
  const next = useStore($nextSessions, { ssr: 'initial' });
  const [message, setMessage] = useState<Message | null>(null);
  const signups = state.status === 'ready' ? (state.value.filter((s) => s.coaching_sessions) as Signup[]) : [];
  const now = useNow((at) => nextJoinChange(signups.map((s) => s.coaching_sessions), at));
  const zone = readerTimeZone();

  let body: React.ReactNode;
  if (state.status === 'loading') {
    body = <p className="text-ink-soft">Loading your sessions…</p>;
  } else {
    const { upcoming, cancelled, past } = splitSignups(signups, now);
    body = (
      <div className="space-y-6">
        <MessageBanner message={message} />
        <div>
          <h3 className="text-lg font-semibold">Upcoming</h3>
          {upcoming.length === 0 ? (
            <p className="mt-2 text-ink-soft">You haven’t saved a seat yet. Rapid Fire Coaching Live meets on the last Thursday of every month.</p>
          ) : (
            <ul className="divide-y divide-plum-100" data-my-sessions>
              {upcoming.map((s) => (
                <Upcoming key={s.id} signup={s} now={now} zone={zone} onMessage={setMessage} />
              ))}
            </ul>
          )}
        </div>
        {next.status === 'ready' && next.value?.some((s) => s.coaching_waitlist?.length) && (
          <Suspense>
            <WaitlistPlaces zone={zone} onMessage={setMessage} />
          </Suspense>
        )}
        {cancelled.length > 0 && (
          <div>
            <h3 className="text-lg font-semibold">Cancelled</h3>
            <ul className="divide-y divide-plum-100" data-cancelled-sessions>
              {cancelled.map((s) => (
                <li key={s.id} className="py-3" data-cancelled-session={s.coaching_sessions.id}>
                  <SessionWhen session={s.coaching_sessions} zone={zone} />
                  <p className="mt-1 text-sm text-rose-600">{COACHING_MESSAGES.sessionCancelled}</p>
                </li>
              ))}
            </ul>
          </div>
        )}
        <div>
          <h3 className="text-lg font-semibold">Coming up</h3>
          {next.status === 'loading' ? (
            <p className="mt-2 text-ink-soft">Loading the next sessions…</p>
          ) : (
            <ComingUp sessions={next.value} registered={new Set(signups.map((s) => s.coaching_sessions.id))} zone={zone} />
          )}
          <p className="mt-2">
            <a href="/#coaching-signup" className="font-semibold text-plum-700">
              Choose a session
            </a>
          </p>
        </div>
        {past.length > 0 && (
          <div>
            <h3 className="text-lg font-semibold">Past sessions</h3>
            <ul className="divide-y divide-plum-100 text-ink-soft" data-past-sessions>
              {past.map((s) => (
                <li key={s.id} className="py-3">
                  <SessionWhen session={s.coaching_sessions} zone={zone} />
                  {s.coaching_sessions.cancelled_at && <p className="mt-1 text-sm">Cancelled</p>}
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
