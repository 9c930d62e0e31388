/**
 * The journey player: one step at a time, with Continue and Previous, the step dots and the
 * icon that turns into its transformed self at the alchemist step. Rendered on the server (the
 * first step is in the HTML before any script runs) and hydrated on load. Its buttons are
 * enabled from the start: a tap before hydration is replayed once the island is live
 * (src/site/TapKeeper.astro). The state machine is
 * src/features/journeys/journey.ts; the page passes the two icons as Lucide's SVG nodes, so no icon library ships.
 * For the owner's funnel it sends one beacon when the visitor first moves past the first step
 * (journey started) and one when they reach the last (journey finished), once each a visit
 * (src/core/hit-api.ts: no identifier, nothing on the device).
 */
import { useEffect, useRef, useState } from 'react';
import type { IconNode } from 'lucide';
import LucideIcon from '../../core/ui/LucideIcon';
import { sendHit } from '../../core/hit-api';
import {
  FIRST_STEP_MESSAGE,
  backLabel,
  forwardLabel,
  initialState,
  next,
  paragraphs,
  previous,
  stepAnnouncement,
  stepColorType,
  stepCounter,
  stepHeaderClass,
  type JourneyState,
  type Move,
} from './journey';

export interface JourneyStepProps {
  type: string;
  title: string;
  content: string;
  prompt?: string | undefined;
}

export interface JourneyPlayerProps {
  journeyId: string;
  title: string;
  steps: JourneyStepProps[];
  symbolicIcon: IconNode;
  transformedIcon: IconNode;
  /** The absolute address of this journey, shared by "Share this journey". */
  shareUrl: string;
  /** The text that goes with the link when the Web Share API is used. */
  shareText: string;
}

/** Classes that let a newly shown element fade in, unless the visitor prefers reduced motion. */
const ENTER = 'motion-safe:transition motion-safe:duration-300 motion-safe:ease-out motion-safe:starting:translate-y-2 motion-safe:starting:opacity-0';

export default function JourneyPlayer({ journeyId, title, steps, symbolicIcon, transformedIcon, shareUrl, shareText }: JourneyPlayerProps) {
  const [state, setState] = useState<JourneyState>(() => initialState(steps));
  const [announcement, setAnnouncement] = useState('');
  const [shareStatus, setShareStatus] = useState('');
  /** True once the visitor has moved: the first render neither moves focus nor animates. */
  const [moved, setMoved] = useState(false);
  const articleRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** The funnel's events already sent on this visit. */
  const sent = useRef({ started: false, finished: false });

  const total = steps.length;
  const step = steps[state.index] ?? steps[0]!;
  const back = previous(state);
  const forward = next(state, steps, journeyId);

  useEffect(() => {
    if (!moved) return;
    const article = articleRef.current;
    // Bring the step's header back into view when it has scrolled under the fixed bars (whose
    // height is the page's scroll-padding-top); smooth only where motion is welcome (CSS).
    const bars = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    if (article && article.getBoundingClientRect().top < bars) article.scrollIntoView({ block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, [state.index, moved]);

  function go(move: Move) {
    if (move.kind === 'leave') {
      window.location.assign(move.href);
      return;
    }
    const target = steps[move.state.index];
    if (move.state.index > 0 && !sent.current.started) {
      sent.current.started = true;
      sendHit('journey_started');
    }
    if (move.state.index === total - 1 && !sent.current.finished) {
      sent.current.finished = true;
      sendHit('journey_finished');
    }
    setState(move.state);
    setMoved(true);
    setShareStatus('');
    if (target) setAnnouncement(stepAnnouncement(move.state.index, total, target.title));
  }

  async function share() {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text: shareText, url: shareUrl });
        return;
      } catch (error) {
        // The visitor closed the share sheet: nothing to say. Anything else: copy instead.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(shareUrl);
      setShareStatus('Link copied');
    } catch {
      setShareStatus(`Copy this link to share it: ${shareUrl}`);
    }
  }

  const isClosing = step.type === 'closing';
  const buttonBase = 'btn min-w-40';

  return (
    <article ref={articleRef} className="card overflow-hidden" aria-labelledby="journey-title">
      <header className={`px-6 py-8 sm:px-10 ${stepHeaderClass(step.type)}`} data-step-type={stepColorType(step.type)}>
        <div className="flex items-center gap-5">
          <span
            key={state.transformed ? 'transformed' : 'symbolic'}
            data-icon={state.transformed ? 'transformed' : 'symbolic'}
            className={`grid size-16 shrink-0 place-items-center rounded-full bg-white/20 sm:size-20 ${moved ? ENTER : ''}`}
          >
            <LucideIcon icon={state.transformed ? transformedIcon : symbolicIcon} size={36} />
          </span>
          <div className="min-w-0">
            <p className="text-sm font-bold tracking-[0.12em] uppercase">{stepCounter(state.index, total)}</p>
            <h1 id="journey-title" className="mt-1 font-serif text-2xl leading-tight font-semibold text-inherit sm:text-4xl">
              {title}
            </h1>
          </div>
        </div>
        <ol className="mt-6 flex items-center gap-2" aria-hidden="true">
          {steps.map((s, i) => (
            <li
              key={s.type + i}
              data-current={i === state.index ? 'true' : undefined}
              className={`h-2.5 rounded-full bg-current transition-all motion-reduce:transition-none ${
                i === state.index ? 'w-8' : i < state.index ? 'w-2.5 opacity-80' : 'w-2.5 opacity-35'
              }`}
            />
          ))}
        </ol>
      </header>

      <div key={state.index} className={`px-6 py-8 sm:px-10 ${moved ? ENTER : ''}`}>
        <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold sm:text-3xl">
          {step.title}
        </h2>
        <div className="prose-warm mt-4 text-lg text-ink-soft">
          {paragraphs(step.content).map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </div>
        {step.prompt && (
          <aside aria-label="Reflection" className="mt-8 rounded-2xl border-l-4 border-gold-400 bg-gold-100 px-5 py-4">
            <p className="eyebrow">Pause and reflect</p>
            <p className="mt-2 text-lg text-ink">{step.prompt}</p>
          </aside>
        )}
        {isClosing && (
          <div className="mt-8 rounded-2xl bg-plum-50 px-5 py-6 text-center">
            <p className="font-serif text-2xl font-semibold text-plum-800">{FIRST_STEP_MESSAGE}</p>
            <p className="mt-2 text-ink-soft">Know someone carrying the same weight? This journey is free to share.</p>
            <button type="button" className="btn btn-gold mt-4" onClick={share}>
              <ShareIcon />
              Share this journey
            </button>
            <p role="status" className="mt-3 min-h-6 font-semibold break-words text-plum-700">
              {shareStatus}
            </p>
          </div>
        )}
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-plum-100 px-6 py-5 sm:px-10">
        {back.kind === 'leave' ? (
          <a href={back.href} className={`${buttonBase} btn-outline`}>
            {backLabel(state.index)}
          </a>
        ) : (
          <button type="button" className={`${buttonBase} btn-outline`} onClick={() => go(back)}>
            {backLabel(state.index)}
          </button>
        )}
        {forward.kind === 'leave' ? (
          <a href={forward.href} className={`${buttonBase} btn-primary`}>
            {forwardLabel(state.index, total)}
          </a>
        ) : (
          <button type="button" className={`${buttonBase} btn-primary`} onClick={() => go(forward)}>
            {forwardLabel(state.index, total)}
          </button>
        )}
      </div>

      <p aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </p>
    </article>
  );
}

function ShareIcon() {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <circle cx={18} cy={5} r={3} />
      <circle cx={6} cy={12} r={3} />
      <circle cx={18} cy={19} r={3} />
      <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
    </svg>
  );
}
