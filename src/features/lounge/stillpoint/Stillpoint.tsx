/**
 * Stillpoint for a member who has it (in its frame, on its home in the Lounge): choose a pattern
 * (box, 4-7-8, cyclic sighing, resonance at 4.5 to 6.5 breaths a minute, or their own), a length
 * (1, 3, 5 minutes or their own), breathe with the guide (<stillpoint-guide>), and find each
 * finished session in their history (breathing_sessions, through ./api.ts). Offline (its page
 * and history come from the service worker's caches), a finished session is kept on the device
 * and listed as waiting until it is sent; a failed log says so and Retry logs it again.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AppUser } from '../../../core/session/user';
import type { BreathingPatternId } from '../../../core/db/values';
import AppFrame, { Loading, type FrameProps } from '../shared/AppFrame';
import { openAll, useLoad } from '../shared/load';
import { KEPT, sendThroughOutbox, useSave } from '../shared/useSave';
import SaveStatus from '../shared/SaveStatus';
import { useOutbox } from '../../../core/offline/useOutbox';
import { WAITING_TEXT } from '../../../core/offline/names';
import RefusedNote from '../../../core/offline/RefusedNote';
import { fetchHistory, type LoggedSession } from './api';
import { sessionEntry } from './sessions';
import {
  CUSTOM_LIMITS,
  CUSTOM_MINUTES,
  MIN_LOGGED_MS,
  RESONANCE_DEFAULT,
  RESONANCE_MAX,
  RESONANCE_MIN,
  SESSION_MINUTES,
  customPattern,
  fromContent,
  loggedSeconds,
  type CustomSeconds,
  type PatternCopy,
} from './breathing';
import { TAG, defineStillpointGuide } from './stillpoint-element';
import './stillpoint.css';

const CUSTOM_NAME = 'My own pattern';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'stillpoint-guide': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & Record<`data-${string}`, string | number>;
    }
  }
}

const whenText = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const minutesText = (seconds: number) => (seconds < 90 ? `${seconds < 60 ? seconds + ' s' : '1 min'}` : `${Math.round(seconds / 60)} min`);

function App({ user, patterns }: { user: AppUser; patterns: PatternCopy[] }) {
  const [patternId, setPatternId] = useState<BreathingPatternId>('box');
  const [rate, setRate] = useState(RESONANCE_DEFAULT);
  const [custom, setCustom] = useState<CustomSeconds>({ in: 4, hold: 2, out: 6, rest: 0 });
  const [length, setLength] = useState<string>('1');
  const [customMinutes, setCustomMinutes] = useState(10);
  const { state, save, retry } = useSave();
  const guide = useRef<HTMLElement>(null);

  const copy = patterns.find((p) => p.id === patternId);
  const pattern = useMemo(
    () => (patternId === 'custom' ? customPattern(custom) : fromContent(patterns.find((p) => p.id === patternId) ?? patterns[0]!, rate)),
    [patternId, custom, patterns, rate],
  );
  const minutes = length === 'custom' ? Math.min(CUSTOM_MINUTES.max, Math.max(CUSTOM_MINUTES.min, customMinutes || 1)) : Number(length);

  const openHistory = useCallback(() => openAll({ rows: { history: fetchHistory(user.id) } }, { rows: 'Your history could not be loaded just now.' }), [user.id]);
  const { load, setLoad, retry: reloadHistory } = useLoad(openHistory);
  const addToHistory = useCallback(
    (session: LoggedSession) => setLoad((l) => ({ status: 'ready', history: [session, ...(l.status === 'ready' ? l.history : [])] })),
    [setLoad],
  );
  // Sessions finished offline: listed as waiting, then in the history once sent, dated when
  // they were finished (the outbox sends that time; src/core/offline/outbox.ts, `datedBy`).
  const waiting = useOutbox(user.id, 'stillpoint', ({ entry }) => {
    if (entry.op.kind !== 'upsert') return;
    const { pattern, seconds } = entry.op.values as { pattern: BreathingPatternId; seconds: number };
    addToHistory({ pattern, seconds, finished_at: entry.savedAt });
  });

  useEffect(() => defineStillpointGuide(), []);

  useEffect(() => {
    const el = guide.current;
    if (!el) return;
    const finished = (event: Event) => {
      const { pattern: id, ms } = (event as CustomEvent<{ pattern: BreathingPatternId; ms: number }>).detail;
      if (ms < MIN_LOGGED_MS) return;
      const seconds = loggedSeconds(ms);
      // One id for this session, whichever send of it reaches the database.
      const entry = sessionEntry(user.id, crypto.randomUUID(), id, seconds);
      void save(async () => {
        const answer = await sendThroughOutbox(entry);
        if (answer === null) addToHistory({ pattern: id, seconds, finished_at: new Date().toISOString() });
        return answer === KEPT ? KEPT : answer;
      });
    };
    el.addEventListener('stillpoint-finished', finished);
    return () => el.removeEventListener('stillpoint-finished', finished);
  }, [save, addToHistory, user.id]);

  const nameOf = (id: string) => (id === 'custom' ? CUSTOM_NAME : (patterns.find((p) => p.id === id)?.name ?? id));

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_1.2fr]">
      <form className="card space-y-6 p-6" onSubmit={(e) => e.preventDefault()} aria-label="Your session">
        <fieldset>
          <legend className="text-lg font-semibold">Pattern</legend>
          <div className="mt-3 space-y-2">
            {[...patterns.map((p) => ({ id: p.id as BreathingPatternId, name: p.name, summary: p.summary })), { id: 'custom' as const, name: CUSTOM_NAME, summary: 'Set each phase yourself.' }].map((p) => (
              <label key={p.id} className="flex cursor-pointer gap-3 rounded-xl p-2 hover:bg-plum-50">
                <input type="radio" name="pattern" value={p.id} checked={patternId === p.id} onChange={() => setPatternId(p.id)} className="mt-1 size-5" />
                <span>
                  <span className="block font-semibold">{p.name}</span>
                  <span className="block text-sm text-ink-soft">{p.summary}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        {patternId === 'resonance' ? (
          <div>
            <label htmlFor="sp-rate" className="font-semibold">
              Breaths a minute: <output htmlFor="sp-rate">{rate}</output>
            </label>
            <input
              id="sp-rate"
              type="range"
              min={RESONANCE_MIN}
              max={RESONANCE_MAX}
              step={0.5}
              value={rate}
              onChange={(e) => setRate(Number(e.target.value))}
              className="mt-2 w-full"
              aria-describedby="sp-rate-help"
            />
            <p id="sp-rate-help" className="text-sm text-ink-soft">
              Try rates between {RESONANCE_MIN} and {RESONANCE_MAX} over a few days; keep the one that feels easiest.
            </p>
          </div>
        ) : null}

        {patternId === 'custom' ? (
          <fieldset>
            <legend className="font-semibold">Seconds for each phase</legend>
            <div className="mt-2 grid grid-cols-2 gap-3">
              {(['in', 'hold', 'out', 'rest'] as const).map((k) => (
                <label key={k} className="text-sm">
                  <span className="block">{{ in: 'Breathe in', hold: 'Hold', out: 'Breathe out', rest: 'Rest after' }[k]}</span>
                  <input
                    type="number"
                    min={CUSTOM_LIMITS[k].min}
                    max={CUSTOM_LIMITS[k].max}
                    value={custom[k]}
                    onChange={(e) => setCustom((c) => ({ ...c, [k]: Number(e.target.value) }))}
                    className="input mt-1 w-full"
                  />
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}

        <fieldset>
          <legend className="font-semibold">Length</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {[...SESSION_MINUTES.map(String), 'custom'].map((m) => (
              <label key={m} className="inline-flex min-h-11 items-center gap-2">
                <input type="radio" name="length" value={m} checked={length === m} onChange={() => setLength(m)} className="size-5" />
                {m === 'custom' ? 'My own' : `${m} min`}
              </label>
            ))}
          </div>
          {length === 'custom' ? (
            <label className="mt-2 block text-sm">
              Minutes ({CUSTOM_MINUTES.min} to {CUSTOM_MINUTES.max})
              <input
                type="number"
                min={CUSTOM_MINUTES.min}
                max={CUSTOM_MINUTES.max}
                value={customMinutes}
                onChange={(e) => setCustomMinutes(Number(e.target.value))}
                className="input mt-1 w-28"
              />
            </label>
          ) : null}
        </fieldset>

        {copy ? (
          <details>
            <summary className="cursor-pointer font-semibold text-plum-800">How to breathe it, and a note on safety</summary>
            <p className="mt-2 text-ink-soft">{copy.howTo}</p>
            <p className="mt-2 text-sm text-ink-soft">{copy.note}</p>
          </details>
        ) : (
          <p className="text-sm text-ink-soft">Stop and breathe normally if you feel dizzy or light-headed. Keep holds gentle, or leave them out.</p>
        )}
      </form>

      <div className="space-y-6">
        <div className="card p-6">
          <TAG_ELEMENT
            ref={guide}
            role="group"
            aria-label={`${nameOf(patternId)}, breathing guide`}
            data-pattern={patternId}
            data-minutes={minutes}
            data-phases={JSON.stringify(pattern.phases)}
            data-ready="Ready when you are"
          />
          <SaveStatus state={state} onRetry={() => void retry()} savedText="Session saved to your history." />
        </div>

        <section className="card p-6" aria-labelledby="sp-history">
          <h2 id="sp-history" className="text-xl font-semibold">
            Your sessions
          </h2>
          <RefusedNote entries={waiting} />
          {load.status === 'failed' ? (
            <p className="mt-3 text-ink-soft" role="alert">
              {load.message}{' '}
              <button type="button" className="font-semibold text-plum-700 underline" onClick={reloadHistory}>
                Try again
              </button>
            </p>
          ) : load.status === 'loading' ? (
            <p className="mt-3 text-ink-soft" role="status">
              Loading your sessions…
            </p>
          ) : load.history.length === 0 && waiting.length === 0 ? (
            <p className="mt-3 text-ink-soft">Your finished sessions appear here.</p>
          ) : (
            <ul className="mt-3 divide-y divide-plum-100" data-history="">
              {waiting.map((w) => {
                const { pattern, seconds } = (w.op.kind === 'upsert' ? w.op.values : {}) as { pattern: BreathingPatternId; seconds: number };
                return (
                  <li key={w.key} className="flex justify-between gap-3 py-2" data-waiting="">
                    <span>{nameOf(pattern)}</span>
                    <span className="text-ink-soft">
                      {minutesText(seconds)} · {WAITING_TEXT}
                    </span>
                  </li>
                );
              })}
              {load.history.map((s) => (
                <li key={s.finished_at + s.pattern} className="flex justify-between gap-3 py-2">
                  <span>{nameOf(s.pattern)}</span>
                  <span className="text-ink-soft">
                    {minutesText(s.seconds)} · <time dateTime={s.finished_at}>{whenText(s.finished_at)}</time>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

const TAG_ELEMENT = TAG as 'stillpoint-guide';

export default function Stillpoint(props: FrameProps & { patterns: PatternCopy[] }) {
  const { patterns, ...frame } = props;
  if (patterns.length === 0) return <Loading>Stillpoint has no patterns to offer.</Loading>;
  return <AppFrame {...frame}>{(user) => <App user={user} patterns={patterns} />}</AppFrame>;
}
