/**
 * Rapid Fire Coaching Live for members (#coaching-signup): "Choose Your Session" opens a
 * dialog with the active sessions still to come (their time on the coach's clock and on the
 * member's) and their availability, the signup form, and
 * a success view that closes itself after 2 seconds. Hydrated with `client:signedin`; visitors
 * keep the static sign-up and login prompts of CoachingLive.astro.
 */
import { useStore } from '../../core/ui/useStore';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { availability, COACHING_MESSAGES, isSelectable, validateCoachingSignup } from './coaching';
import type { CoachingSession } from './coaching';
import { readerTimeZone, sessionWhen } from './session-time';
import { $mySignups, loadUpcomingSessions, signUpForSession } from './store';
import { joinWaitlist } from './waitlist-actions';
import { WAITLIST_MESSAGES } from './waitlist-words';
import { $profile } from '../../core/profile/store';
import Field from '../../core/ui/Field';
import MessageBanner from '../../core/ui/MessageBanner';
import { useSession } from '../../core/session/useSession';

/** The dialog closes this long after a successful signup. */
const CLOSE_AFTER_MS = 2000;

const LABEL_CLASSES: Record<ReturnType<typeof availability>, string> = {
  Available: 'bg-sage-100 text-sage-700',
  Limited: 'bg-gold-100 text-gold-700',
  'Almost Full': 'bg-rose-100 text-rose-600',
  Full: 'bg-paper-deep text-ink-soft',
};

type FormState = 'idle' | 'submitting' | 'success' | 'waitlisted' | 'error';

function SessionOption({
  session,
  checked,
  onChoose,
  name,
  registered,
  onWait,
  waiting,
}: {
  session: CoachingSession;
  checked: boolean;
  onChoose: () => void;
  name: string;
  /** The member already holds a seat here: marked, and not chosen again. */
  registered: boolean;
  /** A full session: "Join the waitlist" instead (the name and email of the form are sent). */
  onWait: () => void;
  waiting: boolean;
}) {
  const label = availability(session.spots_available, session.max_spots);
  const selectable = !registered && isSelectable(session.spots_available, session.max_spots);
  const when = sessionWhen(session, readerTimeZone());
  return (
    <li>
      <label
        className={`flex items-center gap-3 rounded-xl border p-3 ${checked ? 'border-plum-500 bg-plum-50' : 'border-plum-100'} ${selectable ? 'cursor-pointer' : 'cursor-not-allowed opacity-70'}`}
        data-session={session.id}
        data-registered={registered || undefined}
      >
        <input type="radio" name={name} value={session.id} checked={checked} disabled={!selectable} onChange={onChoose} className="size-4 accent-plum-700" />
        <span className="flex-1">
          <span className="block font-semibold text-ink">{when.day}</span>
          <span className="block text-sm text-ink-soft">{when.time}</span>
          {when.yours && <span className="block text-sm text-ink-soft">Your time: {when.yours}</span>}
        </span>
        {registered ? (
          <span className="rounded-full bg-plum-100 px-2.5 py-0.5 text-xs font-bold text-plum-800" data-registered-label>
            {COACHING_MESSAGES.registered}
          </span>
        ) : (
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${LABEL_CLASSES[label]}`} data-availability>
            {label}
          </span>
        )}
      </label>
      {!registered && label === 'Full' && (
        <button type="button" className="btn btn-outline mt-2 min-h-9 px-3 py-1 text-sm" disabled={waiting} onClick={onWait} data-join-waitlist={session.id}>
          {waiting ? 'Joining…' : WAITLIST_MESSAGES.joinWaitlist}
        </button>
      )}
    </li>
  );
}

export default function CoachingSignup() {
  const session = useSession();
  const profile = useStore($profile, { ssr: 'initial' });
  const mySignups = useStore($mySignups, { ssr: 'initial' });
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const radioName = useId();
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const [sessions, setSessions] = useState<CoachingSession[] | null | 'loading'>('loading');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [state, setState] = useState<FormState>('idle');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  if (session.status === 'unknown') {
    return (
      <div aria-hidden="true" className="space-y-3" data-coaching-placeholder>
        <span className="block h-8 w-2/3 animate-pulse rounded-lg bg-plum-100" />
        <span className="block h-16 animate-pulse rounded-lg bg-plum-50" />
        <span className="block h-11 w-48 animate-pulse rounded-full bg-plum-100" />
      </div>
    );
  }
  if (session.status === 'signedOut') return null;
  const { user } = session;

  const open = async () => {
    clearTimeout(closeTimer.current);
    setState('idle');
    setError(null);
    setSessionId(null);
    const profileName = profile.status === 'ready' ? profile.value.profile?.full_name : null;
    setName((n) => n || profileName || user.full_name || '');
    setEmail((e) => e || user.email || '');
    setSessions('loading');
    dialog.current?.showModal();
    setSessions(await loadUpcomingSessions());
  };

  const edited = () => {
    if (state === 'error') {
      setState('idle');
      setError(null);
    }
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state === 'submitting') return;
    const problem = validateCoachingSignup({ name, email, sessionId });
    if (problem) {
      setState('error');
      setError(problem);
      return;
    }
    setState('submitting');
    const failure = await signUpForSession({ name, email, sessionId });
    if (failure) {
      setState('error');
      setError(failure);
      return;
    }
    setState('success');
    closeTimer.current = setTimeout(() => dialog.current?.close(), CLOSE_AFTER_MS);
  };

  /** "Join the waitlist" of a full session: the form's name and email, that session. */
  const wait = async (id: string) => {
    if (state === 'submitting') return;
    setSessionId(id);
    const problem = validateCoachingSignup({ name, email, sessionId: id });
    if (problem) {
      setState('error');
      setError(problem);
      return;
    }
    setState('submitting');
    const answer = await joinWaitlist({ name, email, sessionId: id });
    if ('error' in answer) {
      setState('error');
      setError(answer.error);
      return;
    }
    // A seat came free meanwhile: registered, as with "Save My Seat".
    setState(answer.registered ? 'success' : 'waitlisted');
    if (answer.registered) closeTimer.current = setTimeout(() => dialog.current?.close(), CLOSE_AFTER_MS);
  };

  const registeredIds = new Set(
    mySignups.status === 'ready' ? mySignups.value.flatMap((s) => (s.coaching_sessions ? [s.coaching_sessions.id] : [])) : [],
  );
  const chosen = Array.isArray(sessions) ? sessions.find((s) => s.id === sessionId) : undefined;
  const chosenWhen = chosen ? sessionWhen(chosen, readerTimeZone()) : null;

  return (
    <div data-coaching-member>
      <h3 className="text-2xl font-semibold">Save your seat</h3>
      <p className="mt-3 text-ink-soft">Sessions are free for members. Pick the date that suits you and we’ll keep a place for you.</p>
      <button type="button" className="btn btn-primary mt-6" onClick={open}>
        Choose Your Session
      </button>

      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-[min(34rem,calc(100vw-2rem))] rounded-3xl bg-paper p-0 text-ink shadow-xl backdrop:bg-plum-900/50"
        onClose={() => clearTimeout(closeTimer.current)}
      >
        <div className="p-6 sm:p-8">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-2xl font-semibold">
              {state === 'success' ? 'You’re in!' : state === 'waitlisted' ? 'You’re on the waitlist' : 'Choose Your Session'}
            </h2>
            <button type="button" className="btn btn-outline min-h-9 px-3 py-1 text-sm" onClick={() => dialog.current?.close()}>
              Close
            </button>
          </div>

          {state === 'waitlisted' ? (
            <div role="status" className="mt-4 space-y-2" data-coaching-waitlisted>
              <p>{WAITLIST_MESSAGES.waitlistJoined}</p>
              <p className="text-ink-soft">You can see where you stand on your dashboard, and leave the line there at any time.</p>
            </div>
          ) : state === 'success' ? (
            <div role="status" className="mt-4 space-y-2" data-coaching-success>
              <p>
                Your seat is saved{chosenWhen ? ` for ${chosenWhen.day}, ${chosenWhen.time}` : ''}. We’ll
                send the details to {user.email ?? 'your email address'}.
              </p>
              <p className="text-ink-soft">Bring a question, however big or small. We can’t wait to see you there.</p>
            </div>
          ) : (
            <form noValidate onSubmit={onSubmit} className="mt-4 space-y-5">
              <fieldset>
                <legend className="text-sm font-semibold text-ink">Session</legend>
                {sessions === 'loading' ? (
                  <p className="mt-2 text-ink-soft" role="status">
                    Loading sessions…
                  </p>
                ) : sessions === null ? (
                  <p className="mt-2 text-ink-soft">We couldn’t load the sessions just now. Please close this and try again in a moment.</p>
                ) : sessions.length === 0 ? (
                  <p className="mt-2 text-ink-soft">No sessions are open yet. New dates are added every month, so check back soon.</p>
                ) : (
                  <ul className="mt-2 space-y-2">
                    {sessions.map((s) => (
                      <SessionOption
                        key={s.id}
                        name={radioName}
                        session={s}
                        checked={s.id === sessionId}
                        registered={registeredIds.has(s.id)}
                        waiting={state === 'submitting' && s.id === sessionId}
                        onWait={() => void wait(s.id)}
                        onChoose={() => {
                          setSessionId(s.id);
                          edited();
                        }}
                      />
                    ))}
                  </ul>
                )}
              </fieldset>
              <Field
                id="coaching-name"
                label="Name"
                name="name"
                autoComplete="name"
                value={name}
                onChange={(e) => {
                  setName(e.target.value);
                  edited();
                }}
              />
              <Field
                id="coaching-email"
                label="Email"
                type="email"
                name="email"
                autoComplete="email"
                value={email}
                onChange={(e) => {
                  setEmail(e.target.value);
                  edited();
                }}
              />
              <MessageBanner message={error ? { tone: 'error', text: error } : null} />
              <button type="submit" className="btn btn-primary w-full" disabled={state === 'submitting'}>
                {state === 'submitting' ? 'Saving Your Seat…' : 'Save My Seat'}
              </button>
            </form>
          )}
        </div>
      </dialog>
    </div>
  );
}
