/**
 * The lesson player, the member's side of /course/<slug>/. Hydrated with `client:signedin`, so
 * a visitor downloads none of it and keeps the static page: the title, the summary and the way
 * in (buy, upgrade, or sign in and come back here).
 *
 * For a signed-in member it first reads what the member has (the access store, the one access
 * model): a member the model refuses reads how to get the course at once, and the gate is never
 * asked (no request that can only answer 403). Otherwise it asks the content gate for the lesson
 * (the free preview's body is on the page already): with access, the text, "Mark as complete",
 * progress in the module and in all, and previous and next; should the gate still refuse, its
 * 403 says how to get it. When the member's access could not be read, the gate decides. A slow
 * or failed request keeps the page and offers Retry. The page's CSS hides the static way in once the
 * player shows the lesson (`[data-player="open"]`) or its own (`[data-player="locked"]`).
 */
import { useStore } from '../../core/ui/useStore';
import { useCallback, useEffect, useId, useState } from 'react';
import { useSession } from '../../core/session/useSession';
import { useOfflineSide } from '../../core/offline/useOfflineSide';
import { access, howToGetIt } from '../../core/access/access';
import { $memberAccess, BUILT_IN_CATALOGUE } from '../../core/access/store';
import { COURSE_PRICE_ID, lessonPath, type OutlineLesson } from './outline';
import { authHref } from '../../core/session/next-path';
import { COURSE_MESSAGES, fetchLesson, LESSON_TIMEOUT_MS, type LessonAnswer } from './api';
import { lessonsLabel, progressOf } from './progress';
import { $courseProgress, $keptLessons, $marking, $refusedLessons, markComplete } from './store';
import RefusedNote from '../../core/offline/RefusedNote';
import { WAITING_TEXT } from '../../core/offline/names';
import Card from '../../core/ui/Card';
import CourseOffers from './CourseOffers';
import { loadingOnServer } from '../../core/session/loading';

export interface CoursePlayerProps {
  slug: string;
  /** Every lesson of the course (public outline), for progress and Continue. */
  lessons: OutlineLesson[];
  /** The module's title, for "2 of 3 lessons in <module>". */
  moduleTitle: string;
  /** The free preview: its body is already on the page. */
  preview: boolean;
}

type State = { kind: 'loading'; slow: boolean } | LessonAnswer;

const COURSE = BUILT_IN_CATALOGUE.find((p) => p.priceId === COURSE_PRICE_ID)!;

/**
 * What the access model says before any request: 'loading' while the member's rows are read,
 * the message of a refusal, or 'ask' (the member has the course, or their access could not be
 * read and the gate decides).
 */
function useLocalDecision(): 'loading' | 'ask' | { locked: string } {
  const state = useStore($memberAccess, { ssr: loadingOnServer });
  if (state.status === 'loading') return 'loading';
  if (state.value.error) return 'ask';
  const has = access(COURSE, { ...state.value, catalogue: BUILT_IN_CATALOGUE, now: new Date() });
  return has.kind === 'none' ? { locked: howToGetIt(COURSE, has.reason) } : 'ask';
}

/** How long before "taking longer than usual" appears. */
const SLOW_MS = 4_000;

function useLesson(slug: string, skip: boolean): { state: State; retry: () => void } {
  const [state, setState] = useState<State>({ kind: 'loading', slow: false });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (skip) return;
    const controller = new AbortController();
    const slow = setTimeout(() => setState((s) => (s.kind === 'loading' ? { kind: 'loading', slow: true } : s)), SLOW_MS);
    const timeout = setTimeout(() => controller.abort(), LESSON_TIMEOUT_MS);
    void fetchLesson(slug, controller.signal).then((answer) => {
      clearTimeout(slow);
      clearTimeout(timeout);
      setState(answer.kind === 'error' && controller.signal.aborted ? { kind: 'error', message: COURSE_MESSAGES.slow } : answer);
    });
    return () => {
      clearTimeout(slow);
      clearTimeout(timeout);
      controller.abort();
    };
  }, [slug, skip, attempt]);
  const retry = useCallback(() => {
    setState({ kind: 'loading', slow: false });
    setAttempt((n) => n + 1);
  }, []);
  return { state, retry };
}

function Retry({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="card p-6" role="alert" data-player="error">
      <p className="font-semibold text-rose-600">{message}</p>
      <button type="button" className="btn btn-primary mt-4" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

function Progress({ slug, lessons, moduleTitle }: Omit<CoursePlayerProps, 'preview'>) {
  const state = useStore($courseProgress, { ssr: 'initial' });
  const marking = useStore($marking, { ssr: 'initial' });
  const kept = useStore($keptLessons, { ssr: 'initial' });
  const refused = useStore($refusedLessons, { ssr: 'initial' });
  const [error, setError] = useState<string | null>(null);
  const statusId = useId();
  if (state.status === 'loading') {
    return (
      <p className="text-ink-soft" role="status">
        Loading your progress…
      </p>
    );
  }
  const { completions, error: readError } = state.value;
  const progress = progressOf(lessons, completions);
  const lesson = lessons.find((l) => l.slug === slug)!;
  const module = progress.modules[lesson.module] ?? { done: 0, total: 0 };
  const waitingToSync = kept.includes(slug) && !completions.some((c) => c.lesson_slug === slug);
  const complete = waitingToSync || completions.some((c) => c.lesson_slug === slug);
  const busy = marking.includes(slug);
  const onMark = async () => {
    setError(null);
    setError(await markComplete(slug));
  };
  return (
    <section className="card mt-10 p-6 sm:p-8" aria-labelledby={`${statusId}-h`} data-course-progress="">
      <h2 id={`${statusId}-h`} className="text-xl font-semibold">
        Your progress
      </h2>
      {readError ? <p className="mt-2 text-rose-600" role="alert">{readError}</p> : null}
      <p className="mt-2" data-progress-all="">
        {lessonsLabel(progress.done, progress.total)} in all
      </p>
      <progress className="course-progress mt-2 w-full" max={progress.total} value={progress.done} aria-label="Lessons completed in all" />
      <p className="mt-2 text-ink-soft" data-progress-module="">
        {lessonsLabel(module.done, module.total)} in module {lesson.module}, {moduleTitle}
      </p>
      <div className="mt-6 flex flex-wrap items-center gap-4">
        {complete ? (
          <p className="font-semibold text-sage-700" data-lesson-complete="">
            <span aria-hidden="true">✓ </span>You completed this lesson
            {waitingToSync ? (
              <span className="ml-2 text-sm font-normal text-plum-700" data-waiting="">
                {WAITING_TEXT}
              </span>
            ) : null}
          </p>
        ) : (
          <button type="button" className="btn btn-gold" onClick={() => void onMark()} disabled={busy} aria-describedby={statusId}>
            {busy ? 'Saving…' : 'Mark as complete'}
          </button>
        )}
        {progress.next && progress.next.slug !== slug ? (
          <a className="btn btn-outline" href={lessonPath(progress.next.slug)} data-continue="">
            {progress.started ? 'Continue where you left off' : 'Start the course'}: {progress.next.title}
          </a>
        ) : null}
      </div>
      <div id={statusId} role="status" aria-live="polite" className="mt-3">
        {error ? <p className="text-rose-600">{error}</p> : null}
      </div>
      <RefusedNote entries={refused} />
    </section>
  );
}

/** The way in for a member without the course: the access model's words, or the gate's. */
function Locked({ message }: { message: string }) {
  return (
    <Card titleId="player-locked" title="This lesson is not in your library yet" data-player="locked">
      <p className="text-lg text-ink-soft" data-gate-message="">
        {message}
      </p>
      <CourseOffers />
    </Card>
  );
}

function Member(props: CoursePlayerProps) {
  const decision = useLocalDecision();
  const { state, retry } = useLesson(props.slug, props.preview || decision !== 'ask');
  if (props.preview) return <Progress {...props} />;
  if (typeof decision === 'object') return <Locked message={decision.locked} />;
  if (decision === 'loading' || state.kind === 'loading') {
    const slow = state.kind === 'loading' && state.slow;
    return (
      <div className="card p-6" role="status" data-player="loading">
        <p>Loading the lesson…</p>
        {slow ? (
          <div className="mt-3">
            <p className="text-ink-soft">{COURSE_MESSAGES.slow}</p>
            <button type="button" className="btn btn-outline mt-3" onClick={retry}>
              Retry
            </button>
          </div>
        ) : null}
      </div>
    );
  }
  if (state.kind === 'error') return <Retry message={state.message} onRetry={retry} />;
  if (state.kind === 'signIn') {
    return (
      <div className="card p-6" role="alert" data-player="signin">
        <p>{state.message}</p>
        <a className="btn btn-primary mt-4" href={authHref('/login', lessonPath(props.slug))}>
          Sign in
        </a>
      </div>
    );
  }
  if (state.kind === 'locked') return <Locked message={state.message} />;
  return (
    <div data-player="open">
      {/* The lesson's HTML comes from this site's own content gate, compiled from our Markdown. */}
      <div className="lesson-body prose-warm" data-lesson-body="" dangerouslySetInnerHTML={{ __html: state.html }} />
      <Progress {...props} />
    </div>
  );
}

export default function CoursePlayer(props: CoursePlayerProps) {
  const session = useSession();
  // A lesson works offline once opened: the service worker and the outbox start here.
  useOfflineSide(session.status === 'signedIn');
  if (session.status !== 'signedIn') return null;
  return <Member {...props} />;
}
