/**
 * "My Story": the founder's chapters one at a time, with dot navigation, "Chapter N of 13",
 * Previous and Continue Reading. Every chapter is in the DOM (and in the pre-rendered HTML);
 * only the current one is shown, the others carry the `hidden` attribute. Chapter bodies come
 * from Astro as named slots `chapter-1` ... `chapter-N` (React props of the same names), so
 * their HTML is sent once and never re-rendered by React.
 *
 * Without JavaScript the page's CSS (`@media (scripting: none)`) shows every chapter and hides
 * the controls, which carry the class `story-js-only`.
 */
import { useEffect, useReducer, useRef, type ReactNode } from 'react';
import {
  canGoNext,
  canGoPrevious,
  chapterDotLabel,
  chapterProgress,
  createStory,
  storyReducer,
  type StoryAction,
} from '../lib/story';

export interface StoryChapterMeta {
  /** 1 to N, the reading order. */
  number: number;
  title: string;
}

export interface StoryCarouselProps {
  chapters: StoryChapterMeta[];
  /** Where the last chapter's "Join the Community" link leads. */
  joinHref: string;
  /** The body of chapter N (the Astro slot `chapter-N`). */
  [body: `chapter-${number}`]: ReactNode;
}

export default function StoryCarousel(props: StoryCarouselProps) {
  const { chapters, joinHref } = props;
  const [state, dispatch] = useReducer(storyReducer, chapters.length, (total) => createStory(total));
  const rootRef = useRef<HTMLDivElement>(null);
  const previousRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  /** Set by a reader's move: after the render, bring the chapter's top into view. */
  const moved = useRef(false);

  const go = (action: StoryAction) => {
    moved.current = true;
    dispatch(action);
  };

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    // A button that just became disabled cannot keep focus: hand it to the other one.
    const active = document.activeElement;
    if (active === null || active === document.body || (active instanceof HTMLButtonElement && active.disabled)) {
      (state.index === 0 ? nextRef : previousRef).current?.focus();
    }
    const root = rootRef.current;
    if (root && root.getBoundingClientRect().top < 0) root.scrollIntoView({ block: 'start' });
  }, [state.index]);

  return (
    <div ref={rootRef} className="story">
      <div className="story-js-only flex flex-col items-center gap-4">
        <p className="text-sm font-semibold tracking-wide text-plum-700" aria-live="polite" aria-atomic="true">
          {chapterProgress(state)}
        </p>
        <ol className="flex flex-wrap justify-center gap-1" aria-label="Chapters">
          {chapters.map((c, i) => (
            <li key={c.number}>
              <button
                type="button"
                className="group grid size-7 place-items-center rounded-full"
                aria-label={chapterDotLabel(c.number, c.title)}
                aria-current={i === state.index ? 'step' : undefined}
                aria-controls={`story-chapter-${c.number}`}
                onClick={() => go({ type: 'goTo', index: i })}
              >
                <span
                  aria-hidden="true"
                  className={
                    i === state.index
                      ? 'block size-3.5 rounded-full bg-gold-700'
                      : 'block size-2.5 rounded-full bg-plum-200 transition-colors group-hover:bg-plum-500'
                  }
                />
              </button>
            </li>
          ))}
        </ol>
      </div>

      {chapters.map((c, i) => (
        <article
          key={c.number}
          id={`story-chapter-${c.number}`}
          className="story-chapter mx-auto mt-8 max-w-2xl"
          aria-labelledby={`story-chapter-${c.number}-title`}
          hidden={i !== state.index}
        >
          <p className="eyebrow">Chapter {c.number}</p>
          <h3 id={`story-chapter-${c.number}-title`} className="mt-1 text-2xl font-semibold sm:text-3xl">
            {c.title}
          </h3>
          <div className="prose-warm mt-5 text-lg text-ink-soft">{props[`chapter-${c.number}`]}</div>
          {i === chapters.length - 1 && (
            <div className="mt-8 rounded-[var(--radius-card)] bg-plum-50 p-6 text-center">
              <p className="font-serif text-xl font-semibold text-plum-800">Your story can start here too.</p>
              <a href={joinHref} className="btn btn-primary mt-4">
                Join the Community
              </a>
            </div>
          )}
        </article>
      ))}

      <div className="story-js-only mx-auto mt-10 flex max-w-2xl flex-wrap items-center justify-between gap-3">
        <button
          ref={previousRef}
          type="button"
          className="btn btn-outline"
          disabled={!canGoPrevious(state)}
          onClick={() => go({ type: 'previous' })}
        >
          Previous
        </button>
        <button
          ref={nextRef}
          type="button"
          className="btn btn-primary"
          disabled={!canGoNext(state)}
          onClick={() => go({ type: 'next' })}
        >
          Continue Reading
        </button>
      </div>
    </div>
  );
}
