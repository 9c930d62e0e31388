/**
 * The member's progress through the course, for the course home (/course/) and the dashboard:
 * "7 of 27 lessons", each module's count, and "Continue where you left off" (the first lesson
 * after the last one completed). Shown to a member who has the course (src/core/access/access.ts:
 * bought, Founding Member, or the Alchemist plan); nothing for anyone else. On the course home
 * it also ticks the completed lessons of the static outline (`[data-outline-lesson]`).
 */
import { useStore } from '../../core/ui/useStore';
import { useEffect } from 'react';
import { access, hasAccess } from '../../core/access/access';
import { CERTIFICATE_PATH, COURSE_PATH, COURSE_PRICE_ID, lessonPath, type OutlineLesson } from './outline';
import { $memberAccess, BUILT_IN_CATALOGUE } from '../../core/access/store';
import { useSession } from '../../core/session/useSession';
import { lessonsLabel, progressOf } from './progress';
import { $courseProgress } from './store';
import Card from '../../core/ui/Card';
import { loadingOnServer } from '../../core/session/loading';

export interface CourseProgressPanelProps {
  lessons: OutlineLesson[];
  modules: { number: number; title: string }[];
  /** 'outline': on /course/, ticks the outline; 'dashboard': a card with a link to the course. */
  variant: 'outline' | 'dashboard';
}

const COURSE = BUILT_IN_CATALOGUE.find((p) => p.priceId === COURSE_PRICE_ID)!;


function Panel({ lessons, modules, variant }: CourseProgressPanelProps) {
  const progressState = useStore($courseProgress, { ssr: 'initial' });
  const completions = progressState.status === 'ready' ? progressState.value.completions : null;
  useEffect(() => {
    if (variant !== 'outline' || !completions) return;
    const done = new Set(completions.map((c) => c.lesson_slug));
    for (const item of document.querySelectorAll<HTMLElement>('[data-outline-lesson]')) {
      item.toggleAttribute('data-complete', done.has(item.dataset.outlineLesson ?? ''));
    }
  }, [variant, completions]);
  if (progressState.status === 'loading') {
    return (
      <p className="text-ink-soft" role="status">
        Loading your progress…
      </p>
    );
  }
  const progress = progressOf(lessons, progressState.value.completions);
  return (
    <Card titleId="course-progress-heading" title={variant === 'dashboard' ? 'Master Alchemist Course' : 'Your progress'} wide={variant === 'dashboard'} data-course-progress="">
      {progressState.value.error ? (
        <p className="mb-2 text-rose-600" role="alert">
          {progressState.value.error}
        </p>
      ) : null}
      <p className="text-lg" data-progress-all="">
        {lessonsLabel(progress.done, progress.total)} completed
      </p>
      <progress className="course-progress mt-2 w-full" max={progress.total} value={progress.done} aria-label="Lessons completed" />
      {variant === 'outline' ? (
        <ul className="mt-4 grid gap-1 text-ink-soft sm:grid-cols-3" aria-label="Lessons completed in each module">
          {modules.map((m) => {
            const counts = progress.modules[m.number] ?? { done: 0, total: 0 };
            return (
              <li key={m.number}>
                Module {m.number}: {counts.done} of {counts.total}
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="mt-6 flex flex-wrap gap-3">
        {progress.next ? (
          <a className="btn btn-gold" href={lessonPath(progress.next.slug)} data-continue="">
            {progress.started ? 'Continue where you left off' : 'Start the course'}: {progress.next.title}
          </a>
        ) : (
          <>
            <p className="w-full font-semibold text-sage-700">You have completed every lesson of the course.</p>
            {/* Every lesson complete by the database's rows (the server checks again). The claim's
                dialog is the course page's (./CertificateOffer.tsx): the dashboard, at its budget,
                carries only this link to it. */}
            {variant === 'dashboard' ? (
              <a className="btn btn-gold" href={CERTIFICATE_PATH} data-claim-certificate="">
                Claim your certificate
              </a>
            ) : null}
          </>
        )}
        {variant === 'dashboard' ? (
          <a className="btn btn-outline" href={COURSE_PATH}>
            See all lessons
          </a>
        ) : null}
      </div>
    </Card>
  );
}

function WithAccess(props: CourseProgressPanelProps) {
  const state = useStore($memberAccess, { ssr: loadingOnServer });
  if (state.status === 'loading') return null;
  if (!hasAccess(access(COURSE, { ...state.value, catalogue: BUILT_IN_CATALOGUE, now: new Date() }))) return null;
  return <Panel {...props} />;
}

export default function CourseProgressPanel(props: CourseProgressPanelProps) {
  const session = useSession();
  if (session.status !== 'signedIn') return null;
  return <WithAccess {...props} />;
}
