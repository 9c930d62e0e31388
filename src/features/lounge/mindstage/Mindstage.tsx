/**
 * Mindstage for a member who has it (in its frame, on its home in the Lounge): choose one of the
 * scenarios (or a scene of their own, which they can add), rate their distress from 0 to 10
 * (SUDS), rehearse in five guided steps with a timer they can pause or skip, rate again, and see
 * each scenario's ratings over time on a chart (an SVG with a table of the same numbers) and its
 * trend.
 *
 * The steps come from the content gate; scenes and rehearsals go to rehearsal_scenarios and
 * rehearsals under row-level security (./api.ts). A failed save keeps what was entered (both
 * ratings; every field of a new scene), says what happened, and Retry saves again.
 */
import { useCallback, useMemo, useState } from 'react';
import type { AppUser } from '../../../core/session/user';
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
import { addOwnScenario, fetchOwnScenarios, fetchRehearsals, keptRehearsal, keptScene, logRehearsal } from './api';
import Chart from './Chart';
import { LIMITS, ownScenario, ownScenarioProblem, trend, trendSentence, type OwnTemplate, type Scenario, type Step } from './rehearsal';

interface ContentScenario {
  slug: string;
  title: string;
  summary: string;
  steps: Step[];
}

type View = { at: 'list' } | { at: 'before'; scenario: Scenario } | { at: 'steps'; scenario: Scenario } | { at: 'after'; scenario: Scenario };

const EMPTY_SCENE = { title: '', scene: '', goingWell: '', coping: '' };

const gated = <T,>(item: string) => gatedItem<T>('mindstage', item);

export function Rehearsals({ user }: { user: AppUser }) {
  const [stage, setStage] = useState<View>({ at: 'list' });
  const [before, setBefore] = useState<number | null>(null);
  const [after, setAfter] = useState<number | null>(null);
  const [scene, setScene] = useState(EMPTY_SCENE);
  const [sceneProblem, setSceneProblem] = useState<string | null>(null);
  const rehearsalSave = useSave();
  const sceneSave = useSave();

  const openRehearsals = useCallback(
    () =>
      openAll(
        {
          rows: { own: fetchOwnScenarios(user.id), rehearsals: fetchRehearsals(user.id) },
          content: { builtIn: gated<ContentScenario[]>('scenarios'), template: gated<OwnTemplate>('own-scenario') },
        },
        { rows: 'Your rehearsals could not be opened just now.', content: 'The scenarios could not be loaded just now.' },
      ),
    [user.id],
  );

  const { load, setLoad, retry: reload } = useLoad(openRehearsals);
  // Scenes and rehearsals saved offline: on the page as waiting (after a reload too), then with
  // the stored ones once sent, a rehearsal dated when it was done.
  const waiting = useOutbox(user.id, 'mindstage', ({ entry }) => {
    const rehearsal = keptRehearsal(entry);
    const scene = keptScene(entry);
    setLoad((l) =>
      l.status !== 'ready'
        ? l
        : { ...l, rehearsals: rehearsal ? [...l.rehearsals, rehearsal] : l.rehearsals, own: scene && !l.own.some((o) => o.id === scene.id) ? [...l.own, scene] : l.own },
    );
  });
  const waitingRehearsals = useMemo(() => waiting.flatMap((w) => keptRehearsal(w) ?? []), [waiting]);

  const ready = load.status === 'ready' ? load : null;
  const scenarios: Scenario[] = useMemo(() => {
    if (!ready) return [];
    const own = [...ready.own, ...waiting.flatMap((w) => keptScene(w) ?? []).filter((k) => !ready.own.some((o) => o.id === k.id))];
    return [...ready.builtIn.map((s) => ({ key: s.slug, title: s.title, summary: s.summary, steps: s.steps })), ...own.map((o) => ownScenario(o, ready.template))];
  }, [ready, waiting]);

  if (load.status === 'loading') return <Loading>Opening Mindstage…</Loading>;
  if (load.status === 'failed') return <LoadFailed message={load.message} onRetry={reload} />;
  const rehearsals = [...ready!.rehearsals, ...waitingRehearsals];
  const of = (key: string) => rehearsals.filter((r) => r.scenario === key);
  const waitingOf = (key: string) => waitingRehearsals.filter((r) => r.scenario === key).length;

  const begin = (scenario: Scenario) => {
    setBefore(null);
    setAfter(null);
    rehearsalSave.reset();
    setStage({ at: 'before', scenario });
  };

  const onSaveRehearsal = (scenario: Scenario) => {
    if (!isRating(before) || !isRating(after)) return;
    const b = before;
    const a = after;
    void rehearsalSave.save(async () => {
      const { data, error, kept } = await logRehearsal(user.id, scenario.key, b, a);
      if (error || !data) return saveFailureMessage(error);
      // Kept on the device, it is on the chart as waiting until it is sent (above).
      if (!kept) setLoad((l) => (l.status === 'ready' ? { ...l, rehearsals: [...l.rehearsals, data] } : l));
      return kept ? KEPT : null;
    });
  };

  const onAddScene = () => {
    const problem = ownScenarioProblem(scene);
    setSceneProblem(problem);
    if (problem) return;
    const draft = scene;
    void sceneSave.save(async () => {
      const { data, error, kept } = await addOwnScenario(user.id, draft);
      if (error || !data) return saveFailureMessage(error);
      if (!kept) setLoad((l) => (l.status === 'ready' ? { ...l, own: [...l.own, data] } : l));
      setScene(EMPTY_SCENE);
      return kept ? KEPT : null;
    });
  };

  if (stage.at !== 'list') {
    const { scenario } = stage;
    return (
      <section className="card mx-auto max-w-2xl space-y-6 p-6 sm:p-8" aria-labelledby="ms-rehearsal-heading">
        <div>
          <p className="eyebrow">Rehearsing</p>
          <h2 id="ms-rehearsal-heading" className="text-2xl font-semibold">
            {scenario.title}
          </h2>
        </div>
        {stage.at === 'before' ? (
          <form
            className="space-y-5"
            onSubmit={(e) => {
              e.preventDefault();
              if (before !== null) setStage({ at: 'steps', scenario });
            }}
          >
            <Rating name="ms-before" legend="Before you begin: how much distress do you feel about this scene, from 0 to 10?" value={before} onChange={setBefore} low="no distress" high="the most you can imagine" />
            <div className="flex flex-wrap gap-3">
              <button type="submit" className="btn btn-gold" disabled={before === null}>
                Begin the rehearsal
              </button>
              <button type="button" className="btn btn-outline" onClick={() => setStage({ at: 'list' })}>
                Back to the scenarios
              </button>
            </div>
          </form>
        ) : null}
        {stage.at === 'steps' ? <StepPlayer steps={scenario.steps} onDone={() => setStage({ at: 'after', scenario })} /> : null}
        {stage.at === 'after' ? (
          <form
            className="space-y-5"
            onSubmit={(e) => {
              e.preventDefault();
              onSaveRehearsal(scenario);
            }}
          >
            <p className="text-ink-soft">Before the rehearsal you rated {before}.</p>
            <Rating name="ms-after" legend="And now: how much distress do you feel about this scene, from 0 to 10?" value={after} onChange={setAfter} low="no distress" high="the most you can imagine" />
            {rehearsalSave.state.status !== 'saved' && rehearsalSave.state.status !== 'kept' ? (
              <button type="submit" className="btn btn-gold" disabled={after === null || rehearsalSave.state.status === 'saving'}>
                {rehearsalSave.state.status === 'saving' ? 'Saving…' : 'Save this rehearsal'}
              </button>
            ) : null}
            <SaveStatus state={rehearsalSave.state} onRetry={() => void rehearsalSave.retry()} savedText="Saved. It is on this scene’s chart." />
            {rehearsalSave.state.status === 'saved' || rehearsalSave.state.status === 'kept' ? (
              <>
                <Chart id={`chart-done-${scenario.key}`} title={scenario.title} rehearsals={of(scenario.key)} />
                <button type="button" className="btn btn-outline" onClick={() => setStage({ at: 'list' })}>
                  Back to the scenarios
                </button>
              </>
            ) : null}
          </form>
        ) : null}
      </section>
    );
  }

  return (
    <div className="space-y-8">
      <section aria-labelledby="ms-list-heading">
        <h2 id="ms-list-heading" className="text-2xl font-semibold">
          Choose a scene to rehearse
        </h2>
        <RefusedNote entries={waiting} />
        <p className="mt-1 text-ink-soft">About seven minutes: settle, picture it, rehearse it going reasonably well, rehearse coping when it wobbles, close.</p>
        <ul className="mt-5 grid gap-4 md:grid-cols-2" data-scenarios>
          {scenarios.map((s) => {
            const mine = of(s.key);
            return (
              <li key={s.key} className="card space-y-3 p-5" data-scenario={s.key}>
                <h3 className="text-lg font-semibold">{s.title}</h3>
                <p className="text-ink-soft">{s.summary}</p>
                <p className="text-sm">{trendSentence(trend(mine))}</p>
                {waitingOf(s.key) > 0 ? (
                  <p className="text-sm text-ink-soft" data-waiting="">
                    {waitingOf(s.key) === 1 ? 'One rehearsal' : `${waitingOf(s.key)} rehearsals`}: {WAITING_TEXT}
                  </p>
                ) : null}
                <button type="button" className="btn btn-gold" onClick={() => begin(s)}>
                  Rehearse<span className="sr-only"> {s.title}</span>
                </button>
                {mine.length > 0 ? (
                  <details>
                    <summary className="cursor-pointer font-semibold text-plum-800">Your ratings over time</summary>
                    <Chart id={`chart-${s.key}`} title={s.title} rehearsals={mine} />
                  </details>
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>

      <section className="card max-w-2xl space-y-4 p-6 sm:p-8" aria-labelledby="ms-own-heading">
        <h2 id="ms-own-heading" className="text-xl font-semibold">
          Add a scene of your own
        </h2>
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            onAddScene();
          }}
        >
          {(
            [
              ['title', 'A name for it', 'input', LIMITS.title],
              ['scene', 'Where you are and what is about to happen', 'textarea', LIMITS.scene],
              ['goingWell', 'How it goes reasonably well', 'textarea', LIMITS.goingWell],
              ['coping', 'What you do if it wobbles', 'textarea', LIMITS.coping],
            ] as const
          ).map(([key, label, kind, max]) => (
            <label key={key} className="block">
              <span className="font-semibold">{label}</span>
              {kind === 'input' ? (
                <input name={key} className="input mt-1 w-full" value={scene[key]} maxLength={max + 50} onChange={(e) => setScene({ ...scene, [key]: e.target.value })} />
              ) : (
                <textarea name={key} className="input mt-1 min-h-20 w-full" value={scene[key]} maxLength={max + 100} onChange={(e) => setScene({ ...scene, [key]: e.target.value })} />
              )}
            </label>
          ))}
          <Problem text={sceneProblem} />
          <button type="submit" className="btn btn-outline" disabled={sceneSave.state.status === 'saving'}>
            {sceneSave.state.status === 'saving' ? 'Saving…' : 'Add this scene'}
          </button>
          <SaveStatus state={sceneSave.state} onRetry={() => void sceneSave.retry()} savedText="Added to your scenes." />
        </form>
      </section>
    </div>
  );
}

export default function Mindstage(props: FrameProps) {
  return <AppFrame {...props}>{(user) => <Rehearsals user={user} />}</AppFrame>;
}
