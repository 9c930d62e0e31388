/**
 * The coach's page (/coach), hydrated with `client:signedin`: upcoming and past sessions with
 * their registrants (name, email, when they signed up) and a CSV of them, the standing join link
 * and each session's own, the seats (never below those taken), a one-off session, and
 * cancelling. Everything goes through the coach functions, which check the `coach` claim: a
 * member without it reads that the page is the coach's, and nothing more. Each form says what is
 * wrong with its input before sending (the same rules the functions apply).
 */
import { useCallback, useEffect, useState, type InputHTMLAttributes, type ReactNode, type SubmitEvent } from 'react';
import { useSession } from '../../../core/session/useSession';
import MessageBanner, { type Message } from '../../../core/ui/MessageBanner';
import { downloadText } from '../../../core/ui/download';
import { availability } from '../coaching';
import { readerTimeZone, sessionWhen } from '../session-time';
import SessionWhen from '../SessionWhen';
import { addOneOffSession, cancelSession, changeSeats, fetchCoachOverview, fetchRegistrantsCsv, recordAttendance, saveJoinLink } from './coach-api';
import { ATTENDANCE_LABELS, cameOf, checkJoinUrl, checkNewSession, checkSeats, COACH_MESSAGES, signedUpLabel, type CoachOverview, type CoachSession, type Registrant } from './coach-rules';

type Load = { status: 'loading' } | { status: 'ready'; overview: CoachOverview } | { status: 'failed'; message: string; notCoach: boolean };

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : 'That did not work just now. Please try again.');

/** The coach's page as the function answers it, or why not (a 403: not the coach). */
async function readOverview(): Promise<Load> {
  try {
    return { status: 'ready', overview: await fetchCoachOverview() };
  } catch (error) {
    return { status: 'failed', message: errorText(error), notCoach: (error as { status?: number }).status === 403 };
  }
}

/** Runs one of the page's writes: its message while it runs, its error, or success and a fresh read. */
function useAction(reload: () => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    setMessage(null);
    try {
      const done = await work();
      await reload();
      setMessage({ tone: 'success', text: done });
    } catch (error) {
      setMessage({ tone: 'error', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  };
  return { busy, message, setMessage, run };
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="card p-6 sm:p-8" aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-semibold">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function StandingLink({ url, reload }: { url: string | null; reload: () => Promise<void> }) {
  const [value, setValue] = useState(url ?? '');
  const { busy, message, setMessage, run } = useAction(reload);
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkJoinUrl(value);
    if (!checked.ok) return setMessage({ tone: 'error', text: checked.error });
    void run(async () => {
      await saveJoinLink(null, value.trim());
      return checked.value ? 'The standing link is saved.' : 'The standing link is removed.';
    });
  };
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3" data-standing-link>
      <p className="text-ink-soft">Every session without a link of its own uses this one. Registrants see it from an hour before the start.</p>
      <label htmlFor="standing-link" className="block text-sm font-semibold text-ink">
        Standing join link
      </label>
      <input id="standing-link" type="url" inputMode="url" className="input w-full" placeholder="https://" value={value} onChange={(e) => setValue(e.target.value)} />
      <MessageBanner message={message} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Saving…' : 'Save standing link'}
      </button>
    </form>
  );
}

function AddSession({ overview, reload }: { overview: CoachOverview; reload: () => Promise<void> }) {
  const [input, setInput] = useState({ date: '', start: '18:00', minutes: '60', seats: String(overview.default_seats) });
  const { busy, message, setMessage, run } = useAction(reload);
  const field = (name: keyof typeof input) => ({
    value: input[name],
    onChange: (e: { target: { value: string } }) => setInput((i) => ({ ...i, [name]: e.target.value })),
  });
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkNewSession(input, new Date(), overview.time_zone, overview.default_seats);
    if (!checked.ok) return setMessage({ tone: 'error', text: checked.error });
    void run(async () => {
      const { session } = await addOneOffSession(input);
      const when = sessionWhen(session, overview.time_zone);
      return `Added: ${when.day}, ${when.time}.`;
    });
  };
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" data-add-session>
      <p className="text-ink-soft">Times are on your clock ({overview.time_zone}). The monthly sessions add themselves; this is for an extra one.</p>
      <div className="grid gap-4 sm:grid-cols-4">
        <div>
          <label htmlFor="new-date" className="block text-sm font-semibold text-ink">
            Date
          </label>
          <input id="new-date" type="date" className="input mt-1.5 w-full" {...field('date')} />
        </div>
        <div>
          <label htmlFor="new-start" className="block text-sm font-semibold text-ink">
            Start time
          </label>
          <input id="new-start" type="time" className="input mt-1.5 w-full" {...field('start')} />
        </div>
        <div>
          <label htmlFor="new-minutes" className="block text-sm font-semibold text-ink">
            Minutes
          </label>
          <input id="new-minutes" type="number" inputMode="numeric" min="15" max="240" className="input mt-1.5 w-full" {...field('minutes')} />
        </div>
        <div>
          <label htmlFor="new-seats" className="block text-sm font-semibold text-ink">
            Seats
          </label>
          <input id="new-seats" type="number" inputMode="numeric" min="1" className="input mt-1.5 w-full" {...field('seats')} />
        </div>
      </div>
      <MessageBanner message={message} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Adding…' : 'Add session'}
      </button>
    </form>
  );
}

/** Whether a registrant came, once the session has started: the coach's word, or the join link's mark, and a choice to correct it. */
function Came({ session, registrant, reload }: { session: CoachSession; registrant: Registrant; reload: () => Promise<void> }) {
  const action = useAction(reload);
  const came = cameOf(registrant);
  const onChange = (value: string) =>
    void action.run(async () => {
      await recordAttendance(session.id, registrant.id, value === 'joined' || value === 'absent' ? value : null);
      return 'Saved.';
    });
  return (
    <td className="py-2" data-came={came ? 'joined' : 'absent'}>
      <label className="sr-only" htmlFor={`came-${registrant.id}`}>
        Did {registrant.name} come?
      </label>
      <select
        id={`came-${registrant.id}`}
        className="input min-h-9 py-1 text-sm"
        value={registrant.attendance ?? ''}
        disabled={action.busy}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{registrant.joined_at ? 'Joined (by the link)' : 'Did not come (no link used)'}</option>
        <option value="joined">{ATTENDANCE_LABELS.joined}</option>
        <option value="absent">{ATTENDANCE_LABELS.absent}</option>
      </select>
      {action.message?.tone === 'error' && <MessageBanner message={action.message} />}
    </td>
  );
}

function Registrants({ session, reload, now }: { session: CoachSession; reload: () => Promise<void>; now: number }) {
  const zone = session.time_zone;
  const started = Date.parse(session.starts_at) <= now && !session.cancelled_at;
  if (session.registrants.length === 0) return <p className="text-ink-soft">No one has signed up yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-registrants>
        <caption className="sr-only">Registrants for {sessionWhen(session, zone).day}</caption>
        <thead>
          <tr className="border-b border-plum-100">
            <th scope="col" className="py-2 pr-4 font-semibold">
              Name
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Email
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Signed up
            </th>
            {started && (
              <th scope="col" className="py-2 font-semibold">
                Came
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {session.registrants.map((r) => (
            <tr key={r.id} className="border-b border-plum-50">
              <td className="py-2 pr-4">{r.name}</td>
              <td className="py-2 pr-4 break-all">{r.email}</td>
              <td className="py-2 pr-4">{signedUpLabel(r.signed_up_at, zone)}</td>
              {started && <Came session={session} registrant={r} reload={reload} />}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A form of one labelled field, its message and its button (a session's link, its seats). */
function OneFieldForm({
  data,
  id,
  label,
  input,
  action,
  submit,
  onSubmit,
}: {
  data: 'data-session-link' | 'data-session-seats';
  id: string;
  label: string;
  input: InputHTMLAttributes<HTMLInputElement>;
  action: { busy: boolean; message: Message | null };
  submit: string;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-2" {...{ [data]: '' }}>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <input id={id} className="input w-full" {...input} />
      <MessageBanner message={action.message} />
      <button type="submit" className="btn btn-primary min-h-9 px-3 py-1 text-sm" disabled={action.busy}>
        {action.busy ? 'Saving…' : submit}
      </button>
    </form>
  );
}

function SessionCard({ session, upcoming, reload }: { session: CoachSession; upcoming: boolean; reload: () => Promise<void> }) {
  const [link, setLink] = useState(session.join_url ?? '');
  const [seats, setSeats] = useState(String(session.max_spots));
  const [confirming, setConfirming] = useState(false);
  // When the card was first shown: a session started by then shows who came.
  const [loadedAt] = useState(() => Date.now());
  const linkAction = useAction(reload);
  const seatsAction = useAction(reload);
  const cancelAction = useAction(reload);
  const csv = useAction(async () => {});
  const when = sessionWhen(session, readerTimeZone());
  const taken = session.registrants.length;
  const changeable = upcoming && !session.cancelled_at;
  const id = session.id;

  const onLink = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkJoinUrl(link);
    if (!checked.ok) return linkAction.setMessage({ tone: 'error', text: checked.error });
    void linkAction.run(async () => {
      await saveJoinLink(id, link.trim());
      return checked.value ? 'The join link is saved.' : 'This session uses the standing link again.';
    });
  };
  const onSeats = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkSeats(seats, taken);
    if (!checked.ok) return seatsAction.setMessage({ tone: 'error', text: checked.error });
    void seatsAction.run(async () => {
      const { session: saved } = await changeSeats(id, seats);
      return `The session now has ${saved.max_spots} seats.`;
    });
  };
  const onCancel = () =>
    void cancelAction.run(async () => {
      await cancelSession(id);
      setConfirming(false);
      return 'The session is cancelled. Its registrants see it as cancelled on their dashboard.';
    });
  const onCsv = () =>
    void csv.run(async () => {
      const { text, fileName } = await fetchRegistrantsCsv(id);
      downloadText(text, fileName, 'text/csv;charset=utf-8');
      return 'The registrants are downloaded.';
    });

  return (
    <li className="py-5" data-coach-session={id} data-cancelled={session.cancelled_at ? '' : undefined}>
      <SessionWhen session={session} zone={readerTimeZone()} dayAs="h3" />
      <p className="mt-1 text-sm text-ink-soft" data-seats>
        {session.cancelled_at ? (
          <strong className="text-rose-600">Cancelled</strong>
        ) : (
          `${taken} of ${session.max_spots} seats taken · ${availability(session.spots_available, session.max_spots)}${session.waiting ? ` · ${session.waiting} on the waitlist` : ''}`
        )}
        {!session.cancelled_at && session.join_url === null && changeable && ' · uses the standing link'}
      </p>
      <div className="mt-3">
        <Registrants session={session} reload={reload} now={loadedAt} />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <button type="button" className="btn btn-outline min-h-9 px-3 py-1 text-sm" disabled={csv.busy} onClick={onCsv}>
          Download registrants (CSV)
        </button>
        {changeable && !confirming && (
          <button type="button" className="btn btn-outline min-h-9 px-3 py-1 text-sm" onClick={() => setConfirming(true)}>
            Cancel session
          </button>
        )}
      </div>
      <MessageBanner message={csv.message?.tone === 'error' ? csv.message : null} />
      {confirming && (
        <div className="mt-3 rounded-xl border border-rose-600/30 bg-rose-100 p-3 text-sm" role="group" aria-label="Cancel this session">
          <p className="text-ink">
            Cancel {when.day}? {taken ? `Its ${taken} ${taken === 1 ? 'registrant keeps' : 'registrants keep'} the session on their dashboard, marked cancelled.` : 'No one has signed up yet.'}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="button" className="btn btn-primary min-h-9 px-3 py-1 text-sm" disabled={cancelAction.busy} onClick={onCancel}>
              {cancelAction.busy ? 'Cancelling…' : 'Yes, cancel it'}
            </button>
            <button type="button" className="btn btn-outline min-h-9 px-3 py-1 text-sm" disabled={cancelAction.busy} onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </div>
        </div>
      )}
      <MessageBanner message={cancelAction.message} />
      {changeable && (
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          <OneFieldForm
            data="data-session-link"
            id={`link-${id}`}
            label="Join link for this session"
            input={{ type: 'url', inputMode: 'url', placeholder: 'Empty: the standing link', value: link, onChange: (e) => setLink(e.target.value) }}
            action={linkAction}
            submit="Save link"
            onSubmit={onLink}
          />
          <OneFieldForm
            data="data-session-seats"
            id={`seats-${id}`}
            label={`Seats (at least ${Math.max(taken, 1)})`}
            input={{ type: 'number', inputMode: 'numeric', min: Math.max(taken, 1), value: seats, onChange: (e) => setSeats(e.target.value) }}
            action={seatsAction}
            submit="Save seats"
            onSubmit={onSeats}
          />
        </div>
      )}
    </li>
  );
}

export default function CoachPage() {
  const session = useSession();
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  const reload = useCallback(async () => setLoad(await readOverview()), []);

  const signedIn = session.status === 'signedIn';
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    void readOverview().then((next) => live && setLoad(next));
    return () => {
      live = false;
    };
  }, [signedIn]);

  if (session.status === 'unknown' || (signedIn && load.status === 'loading')) {
    return (
      <p className="text-ink-soft" role="status">
        Loading the sessions…
      </p>
    );
  }
  if (session.status === 'signedOut') {
    return (
      <p className="text-ink-soft">
        {COACH_MESSAGES.notCoach}{' '}
        <a href="/login?next=%2Fcoach" className="font-semibold text-plum-700">
          Sign in
        </a>
      </p>
    );
  }
  if (load.status === 'failed') {
    return (
      <div className="space-y-3" data-coach-refused={load.notCoach ? '' : undefined}>
        <MessageBanner message={{ tone: 'error', text: load.message }} />
        {!load.notCoach && (
          <button type="button" className="btn btn-outline" onClick={() => void reload()}>
            Try again
          </button>
        )}
      </div>
    );
  }
  if (load.status !== 'ready') return null;
  const { overview } = load;
  return (
    <div className="space-y-8" data-coach-page>
      <Section title="Upcoming sessions" id="coach-upcoming">
        {overview.upcoming.length === 0 ? (
          <p className="text-ink-soft">No upcoming sessions. The next monthly ones appear after the daily schedule runs.</p>
        ) : (
          <ul className="divide-y divide-plum-100" data-coach-upcoming>
            {overview.upcoming.map((s) => (
              <SessionCard key={s.id} session={s} upcoming reload={reload} />
            ))}
          </ul>
        )}
      </Section>
      <Section title="The standing join link" id="coach-standing">
        <StandingLink url={overview.standing_url} reload={reload} />
      </Section>
      <Section title="Add a one-off session" id="coach-add">
        <AddSession overview={overview} reload={reload} />
      </Section>
      <Section title="Past sessions" id="coach-past">
        {overview.past.length === 0 ? (
          <p className="text-ink-soft">No past sessions yet.</p>
        ) : (
          <ul className="divide-y divide-plum-100" data-coach-past>
            {overview.past.map((s) => (
              <SessionCard key={s.id} session={s} upcoming={false} reload={reload} />
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
