/**
 * The Reset Room for a member who has it (in its frame, on its home in the Lounge): pick what
 * they feel and how strongly (0 to 10), get the resets that suit it (best first; a safety note,
 * where a reset has one, is shown before it starts), do it step by step with a timer they can
 * pause or skip, rate the feeling again, and find it in their history with before and after,
 * and which resets helped them most. The crisis-help line is on the page itself (CrisisLine.astro), outside this
 * island, so it is there before and whatever happens here.
 *
 * The resets' steps come from the content gate; the resets done go to the resets table under
 * row-level security (./api.ts). A failed save keeps both ratings, says what happened, and
 * Retry saves again.
 */
import { useCallback, useMemo, useState } from 'react';
import type { AppUser } from '../../../core/session/user';
import { formatLongDate } from '../../../core/dates';
import { dayIn } from '../shared/local-day';
import AppFrame, { Loading, type FrameProps } from '../shared/AppFrame';
import { gatedItem } from '../shared/gate-api';
import { LoadFailed, openAll, useLoad } from '../shared/load';
import Problem from '../shared/Problem';
import Rating from '../shared/Rating';
import { isRating } from '../shared/ratings';
import { KEPT, saveFailureMessage, useSave } from '../shared/useSave';
import SaveStatus from '../shared/SaveStatus';
import StepPlayer from '../shared/StepPlayer';
import { useOutbox } from '../../../core/offline/useOutbox';
import { WAITING_TEXT } from '../../../core/offline/names';
import RefusedNote from '../../../core/offline/RefusedNote';
import { fetchResets, logReset } from './api';
import { changeText, changeWords, helpedMost, suitableResets, type Feeling, type FeelingCopy, type Reset, type ResetSlug } from './resets';

type Stage = { at: 'pick' } | { at: 'choose' } | { at: 'doing'; reset: Reset } | { at: 'after'; reset: Reset };

export function Resets({ user, feelings }: { user: AppUser; feelings: FeelingCopy[] }) {
  const [feeling, setFeeling] = useState<Feeling | null>(null);
  const [before, setBefore] = useState<number | null>(null);
  const [after, setAfter] = useState<number | null>(null);
  const [stage, setStage] = useState<Stage>({ at: 'pick' });
  const [pickError, setPickError] = useState<string | null>(null);
  const { state, save, retry, reset: resetSave } = useSave();

  const openResets = useCallback(
    () =>
      openAll(
        { rows: { history: fetchResets(user.id) }, content: { resets: gatedItem<Reset[]>('the-reset-room', 'resets') } },
        { rows: 'Your resets could not be opened just now.', content: 'The resets could not be loaded just now.' },
      ),
    [user.id],
  );

  const { load, setLoad, retry: reload } = useLoad(openResets);
  // Resets done offline: listed as waiting (after a reload too), then in the history once sent,
  // dated when they were done (the outbox sends that time).
  const waiting = useOutbox(user.id, 'the-reset-room', ({ entry }) => {
    if (entry.op.kind !== 'upsert') return;
    const v = entry.op.values as unknown as WaitingReset;
    const done = { feeling: v.feeling, reset: v.reset, before: v.intensity_before, after: v.intensity_after, at: entry.savedAt };
    setLoad((l) => (l.status === 'ready' ? { ...l, history: [done, ...l.history] } : l));
  });

  const ready = load.status === 'ready' ? load : null;
  const suitable = useMemo(() => (ready && feeling && before !== null ? suitableResets(ready.resets, feeling, before) : []), [ready, feeling, before]);
  const titles = useMemo(() => new Map<ResetSlug, string>((ready?.resets ?? []).map((r) => [r.slug, r.title])), [ready]);
  const labels = new Map(feelings.map((f) => [f.id, f.label]));

  if (load.status === 'loading') return <Loading>Opening the Reset Room…</Loading>;
  if (load.status === 'failed') return <LoadFailed message={load.message} onRetry={reload} />;
  const history = ready!.history;
  const best = helpedMost(history);

  const onSave = (reset: Reset) => {
    if (!feeling || !isRating(before) || !isRating(after)) return;
    const record = { feeling, reset: reset.slug, before, after };
    void save(async () => {
      const { data, error, kept } = await logReset(user.id, record);
      if (error || !data) return saveFailureMessage(error);
      // Kept on the device, it is listed as waiting until it is sent (above).
      if (!kept) setLoad((l) => (l.status === 'ready' ? { ...l, history: [data, ...l.history] } : l));
      return kept ? KEPT : null;
    });
  };

  const startOver = () => {
    setStage({ at: 'pick' });
    setFeeling(null);
    setBefore(null);
    setAfter(null);
    resetSave();
  };

  return (
    <div className="grid gap-8 lg:grid-cols-[1.4fr_1fr]">
      <section className="card space-y-6 p-6 sm:p-8" aria-labelledby="rr-now-heading">
        {stage.at === 'pick' || stage.at === 'choose' ? (
          <form
            className="space-y-6"
            onSubmit={(e) => {
              e.preventDefault();
              if (!feeling) return setPickError('Choose what you feel now.');
              if (before === null) return setPickError('Choose how strong it is, from 0 to 10.');
              setPickError(null);
              setStage({ at: 'choose' });
            }}
          >
            <h2 id="rr-now-heading" className="text-2xl font-semibold">
              What do you feel right now?
            </h2>
            <fieldset>
              <legend className="sr-only">What you feel</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {feelings.map((f) => (
                  <label key={f.id} className="flex min-h-11 cursor-pointer gap-3 rounded-xl border border-plum-200 bg-white p-3 has-[:checked]:border-plum-700 has-[:checked]:bg-plum-50">
                    <input
                      type="radio"
                      name="feeling"
                      value={f.id}
                      className="mt-1 size-5"
                      checked={feeling === f.id}
                      onChange={() => {
                        setFeeling(f.id);
                        if (stage.at === 'choose') setStage({ at: 'pick' });
                      }}
                    />
                    <span>
                      <span className="block font-semibold">{f.label}</span>
                      <span className="block text-sm text-ink-soft">{f.description}</span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <Rating
              name="rr-before"
              legend="How strong is it, from 0 to 10?"
              value={before}
              onChange={(n) => {
                setBefore(n);
                if (stage.at === 'choose') setStage({ at: 'pick' });
              }}
            />
            <Problem text={pickError} />
            {stage.at === 'pick' ? (
              <button type="submit" className="btn btn-gold">
                Find a reset
              </button>
            ) : null}
          </form>
        ) : null}

        {stage.at === 'choose' ? (
          <div className="space-y-4" data-suitable>
            <h3 className="text-xl font-semibold">Resets for {labels.get(feeling!)?.toLowerCase()} at {before}</h3>
            <ul className="space-y-3">
              {suitable.map((r, i) => (
                <li key={r.slug} className="rounded-2xl border border-plum-200 p-4">
                  <p className="font-semibold">
                    {r.title} <span className="font-normal text-ink-soft">· {r.minutes} min</span>
                    {i === 0 ? <span className="ml-2 rounded-full bg-sage-100 px-2 py-0.5 text-xs font-semibold text-sage-700">Suggested</span> : null}
                  </p>
                  <p className="mt-1 text-ink-soft">{r.summary}</p>
                  {r.safety ? (
                    <p className="mt-2 rounded-xl bg-gold-100 p-3 text-sm" data-safety={r.slug}>
                      <strong>Safety first: </strong>
                      {r.safety}
                    </p>
                  ) : null}
                  <button type="button" className="btn btn-outline mt-3" onClick={() => setStage({ at: 'doing', reset: r })}>
                    Start {r.title.toLowerCase()}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        {stage.at === 'doing' ? (
          <div className="space-y-4">
            <h2 id="rr-now-heading" className="text-2xl font-semibold">
              {stage.reset.title}
            </h2>
            {stage.reset.safety ? (
              <p className="rounded-xl bg-gold-100 p-3 text-sm">
                <strong>Safety first: </strong>
                {stage.reset.safety}
              </p>
            ) : null}
            <StepPlayer steps={stage.reset.steps} skipLabel="Next step" onDone={() => setStage({ at: 'after', reset: stage.reset })} />
          </div>
        ) : null}

        {stage.at === 'after' ? (
          <form
            className="space-y-5"
            onSubmit={(e) => {
              e.preventDefault();
              onSave(stage.reset);
            }}
          >
            <h2 id="rr-now-heading" className="text-2xl font-semibold">
              How is it now?
            </h2>
            <p className="text-ink-soft">
              Before {stage.reset.title.toLowerCase()}, your {labels.get(feeling!)?.toLowerCase()} was {before}.
            </p>
            <Rating name="rr-after" legend="How strong is it now, from 0 to 10?" value={after} onChange={setAfter} />
            {state.status === 'saved' || state.status === 'kept' ? (
              <p className="font-semibold text-sage-700">{changeText(before!, after!)}</p>
            ) : (
              <button type="submit" className="btn btn-gold" disabled={after === null || state.status === 'saving'}>
                {state.status === 'saving' ? 'Saving…' : 'Save to my history'}
              </button>
            )}
            <SaveStatus state={state} onRetry={() => void retry()} savedText="Saved to your history." />
            {state.status === 'saved' || state.status === 'kept' ? (
              <button type="button" className="btn btn-outline" onClick={startOver}>
                Start another reset
              </button>
            ) : null}
          </form>
        ) : null}
      </section>

      <div className="space-y-6">
        <section className="card p-6" aria-labelledby="rr-best-heading">
          <h2 id="rr-best-heading" className="text-lg font-semibold">
            What helps you most
          </h2>
          {best.length === 0 ? (
            <p className="mt-2 text-ink-soft">After your first reset, this shows which resets lower your rating the most.</p>
          ) : (
            <ol className="mt-3 space-y-2" data-helped-most>
              {best.map((b) => (
                <li key={b.reset} className="flex flex-wrap justify-between gap-2">
                  <span className="font-semibold">{titles.get(b.reset) ?? b.reset}</span>
                  <span className="text-ink-soft">
                    {changeWords(-b.meanDrop)} on average · {b.times} {b.times === 1 ? 'time' : 'times'}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section className="card p-6" aria-labelledby="rr-history-heading">
          <h2 id="rr-history-heading" className="text-lg font-semibold">
            Your resets
          </h2>
          <RefusedNote entries={waiting} />
          {history.length === 0 && waiting.length === 0 ? (
            <p className="mt-2 text-ink-soft">Your resets appear here, newest first, with how strong the feeling was before and after.</p>
          ) : (
            <ul className="mt-3 space-y-2" data-reset-history>
              {waiting.map((w) => {
                const v = (w.op.kind === 'upsert' ? w.op.values : {}) as unknown as WaitingReset;
                return (
                  <li key={w.key} className="rounded-xl bg-plum-50 p-3" data-waiting="">
                    <p className="font-semibold">
                      {titles.get(v.reset) ?? v.reset} · {labels.get(v.feeling) ?? v.feeling}
                    </p>
                    <p className="text-sm text-ink-soft">
                      {changeText(v.intensity_before, v.intensity_after)} · {WAITING_TEXT}
                    </p>
                  </li>
                );
              })}
              {history.map((h, i) => (
                <li key={`${h.at}-${i}`} className="rounded-xl bg-plum-50 p-3">
                  <p className="font-semibold">
                    {titles.get(h.reset) ?? h.reset} · {labels.get(h.feeling) ?? h.feeling}
                  </p>
                  <p className="text-sm text-ink-soft">
                    {formatLongDate(dayIn(new Date(h.at)))}: {changeText(h.before, h.after)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

/** A reset kept on the device, as the outbox holds it (./api.ts, `logReset`). */
interface WaitingReset {
  feeling: Feeling;
  reset: ResetSlug;
  intensity_before: number;
  intensity_after: number;
}

export default function ResetRoom(props: FrameProps & { feelings: FeelingCopy[] }) {
  const { feelings, ...frame } = props;
  return <AppFrame {...frame}>{(user) => <Resets user={user} feelings={feelings} />}</AppFrame>;
}
