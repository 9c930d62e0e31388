/**
 * The lesson player, the member's side of /course/<slug>/. Hydrated with `client:signedin`, so
 * a visitor downloads none of it and keeps the static page: the title, the summary and the way
 * in (buy, upgrade, or sign in and come back here).
 *
 * For a signed-in member it asks the content gate for the lesson (the free preview's body is on
 * the page already): with access, the text, "Mark as complete", progress in the module and in
 * all, and previous and next; without, the gate's 403 says how to get it. A slow or failed
 * request keeps the page and offers Retry. The page's CSS hides the static way in once the
 * player shows the lesson (`[data-player="open"]`) or its own (`[data-player="locked"]`).
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useId, useState } from 'react';
import { useSession } from '../../core/session/useSession';
import { lessonPath, type OutlineLesson } from './outline';
import { authHref } from '../../core/session/next-path';
import { COURSE_MESSAGES, fetchLesson, LESSON_TIMEOUT_MS, type LessonAnswer } from './api';
import { lessonsLabel, progressOf } from './progress';
import { $courseProgress, $marking, markComplete } from './store';

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
  const state = useStore($courseProgress);
  const marking = useStore($marking);
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
  const complete = completions.some((c) => c.lesson_slug === slug);
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
    </section>
  );
}

function Member(props: CoursePlayerProps) {
  const { state, retry } = useLesson(props.slug, props.preview);
  if (props.preview) return <Progress {...props} />;
  if (state.kind === 'loading') {
    return (
      <div className="card p-6" role="status" data-player="loading">
        <p>Loading the lesson…</p>
        {state.slow ? (
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
  if (state.kind === 'locked') {
    return (
      <section className="card p-6 sm:p-8" aria-labelledby="player-locked" data-player="locked">
        <h2 id="player-locked" className="text-2xl font-semibold">
          This lesson is not in your library yet
        </h2>
        <p className="mt-3 text-lg text-ink-soft" data-gate-message="">
          {state.message}
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <a className="btn btn-gold" href="/masteralchemist">
            Buy the course
          </a>
          <a className="btn btn-outline" href="/pricing">
            See the Alchemist plan
          </a>
        </div>
      </section>
    );
  }
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
  if (session.status !== 'signedIn') return null;
  return <Member {...props} />;
}
