/**
 * Rise Mode for a member who has it (in its frame, on its home in the Lounge). Morning, about
 * two minutes: an intention for the day, the day's statement (or one of their own), one small
 * brave action. Evening: "Did you live it?" with a short note. Their own statements, kept; the
 * history of their days; a gentle streak, off until they turn it on.
 *
 * The statements and brave actions come from the content gate; days and own statements go to
 * rise_days and rise_statements under row-level security (./api.ts). A failed save keeps every
 * word in the form, says what happened, and Retry saves again.
 */
import { useCallback, useMemo, useState } from 'react';
import type { AppUser } from '../../../core/session/user';
import { formatLongDate } from '../../../core/dates';
import { RISE_LIVED } from '../../../core/db/values';
import { dayIn, streak } from '../shared/local-day';
import AppFrame, { Loading, type FrameProps } from '../shared/AppFrame';
import { gatedItem } from '../shared/gate-api';
import { LoadFailed, openAll, useLoad } from '../shared/load';
import Problem from '../shared/Problem';
import StreakToggle from '../shared/StreakToggle';
import { KEPT, saveFailureMessage, useSave } from '../shared/useSave';
import SaveStatus from '../shared/SaveStatus';
import { addOwnStatement, fetchDays, fetchOwnStatements, removeOwnStatement, saveCheckIn, saveMorning, type Day, type OwnStatement, withKept } from './api';
import { useOutbox } from '../../../core/offline/useOutbox';
import { WAITING_TEXT } from '../../../core/offline/names';
import RefusedNote from '../../../core/offline/RefusedNote';
import { braveActionOfDay, checkInProblem, LIMITS, LIVED_LABELS, morningProblem, ownStatementProblem, statementOfDay, type Lived, type RisePrompts, type Statement } from './rise';

/** Where this browser keeps whether the member shows their streak. */
export const STREAK_KEY = 'ia:rise-mode:streak';

const gated = (item: string) => gatedItem<Statement[]>('rise-mode', item);

export function Rise({ user, prompts, now = () => new Date() }: { user: AppUser; prompts: RisePrompts; now?: () => Date }) {
  const today = dayIn(now());
  const [morning, setMorning] = useState<Pick<Day, 'intention' | 'statementId' | 'statementText' | 'braveAction'> | null>(null);
  const [lived, setLived] = useState<Lived | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [ownText, setOwnText] = useState('');
  const [problem, setProblem] = useState<{ where: 'morning' | 'evening' | 'own'; text: string } | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const morningSave = useSave();
  const eveningSave = useSave();
  const ownSave = useSave();

  const openDays = useCallback(
    () =>
      openAll(
        { rows: { days: fetchDays(user.id), own: fetchOwnStatements(user.id) }, content: { statements: gated('statements'), actions: gated('brave-actions') } },
        { rows: 'Your days could not be opened just now.', content: 'The statements could not be loaded just now.' },
      ),
    [user.id],
  );

  const { load, setLoad, retry: reload } = useLoad(openDays);
  // Mornings, check-ins and statements saved offline: on the page as waiting (after a reload
  // too), then with the stored ones once sent.
  const waiting = useOutbox(user.id, 'rise-mode', ({ entry }) =>
    setLoad((l) => (l.status === 'ready' ? { ...l, ...pick(withKept(l.days, l.own, [entry])) } : l)),
  );

  const ready = load.status === 'ready' ? load : null;
  const todays = useMemo(() => (ready ? { statement: statementOfDay(ready.statements, today), action: braveActionOfDay(ready.actions, today) } : null), [ready, today]);

  if (load.status === 'loading') return <Loading>Opening Rise Mode…</Loading>;
  if (load.status === 'failed') return <LoadFailed message={load.message} onRetry={reload} />;
  const { actions } = ready!;
  const { days, own, waitingDays, waitingStatements } = withKept(ready!.days, ready!.own, waiting);
  const saved = days.find((d) => d.day === today) ?? null;
  const form = morning ?? {
    intention: saved?.intention ?? '',
    statementId: saved ? saved.statementId : (todays?.statement?.id ?? ''),
    statementText: saved ? saved.statementText : (todays?.statement?.text ?? ''),
    braveAction: saved ? saved.braveAction : (todays?.action?.text ?? ''),
  };
  const livedNow = lived ?? saved?.lived ?? null;
  const noteNow = note ?? saved?.note ?? '';
  const past = days.filter((d) => d.day !== today);
  const count = streak(
    days.map((d) => d.day),
    today,
  );

  const problemAt = (where: 'morning' | 'evening' | 'own') => (problem?.where === where ? problem.text : null);

  const onMorning = () => {
    const p = morningProblem(form);
    setProblem(p ? { where: 'morning', text: p } : null);
    if (p) return;
    const draft = { day: today, ...form };
    void morningSave.save(async () => {
      const { error, kept } = await saveMorning(user.id, draft);
      if (error) return saveFailureMessage(error);
      setLoad((l) => (l.status === 'ready' ? { ...l, days: [{ lived: saved?.lived ?? null, note: saved?.note ?? '', ...draft, intention: draft.intention.trim() }, ...l.days.filter((d) => d.day !== today)] } : l));
      return kept ? KEPT : null;
    });
  };

  const onEvening = () => {
    const p = checkInProblem(livedNow, noteNow);
    setProblem(p ? { where: 'evening', text: p } : null);
    if (p || !livedNow) return;
    const answer = livedNow;
    const text = noteNow;
    void eveningSave.save(async () => {
      const { error, kept } = await saveCheckIn(user.id, today, answer, text);
      if (error) return saveFailureMessage(error);
      setLoad((l) => (l.status === 'ready' ? { ...l, days: l.days.map((d) => (d.day === today ? { ...d, lived: answer, note: text.trim() } : d)) } : l));
      return kept ? KEPT : null;
    });
  };

  const onOwn = () => {
    const p = ownStatementProblem(ownText);
    setProblem(p ? { where: 'own', text: p } : null);
    if (p) return;
    const text = ownText;
    void ownSave.save(async () => {
      const { data, error, kept } = await addOwnStatement(user.id, text);
      if (error || !data) return saveFailureMessage(error);
      setLoad((l) => (l.status === 'ready' ? { ...l, own: [...l.own, data] } : l));
      setOwnText('');
      return kept ? KEPT : null;
    });
  };

  const onRemove = async (s: OwnStatement) => {
    setRemoveError(null);
    const { error } = await removeOwnStatement(user.id, s.id);
    if (error) return setRemoveError('That statement could not be removed just now. Please try again.');
    setLoad((l) => (l.status === 'ready' ? { ...l, own: l.own.filter((o) => o.id !== s.id) } : l));
  };

  return (
    <div className="grid gap-8 lg:grid-cols-[1.4fr_1fr]">
      <div className="space-y-8">
        <form
          className="card space-y-5 p-6 sm:p-8"
          aria-labelledby="rm-morning-heading"
          onSubmit={(e) => {
            e.preventDefault();
            onMorning();
          }}
        >
          <div>
            <h2 id="rm-morning-heading" className="text-2xl font-semibold">
              This morning
            </h2>
            <p className="text-ink-soft">{formatLongDate(today)} · about two minutes</p>
          </div>
          <label className="block">
            <span className="font-semibold">Your intention for today</span>
            <span className="mt-1 block text-sm text-ink-soft">{prompts.intention}</span>
            <textarea
              name="intention"
              className="input mt-2 min-h-20 w-full"
              value={form.intention}
              maxLength={LIMITS.intention + 50}
              onChange={(e) => setMorning({ ...form, intention: e.target.value })}
            />
          </label>
          <div>
            <p className="font-semibold">Today’s statement</p>
            <blockquote className="mt-2 rounded-2xl bg-gold-100 p-4 font-serif text-xl text-plum-900" data-todays-statement>
              <p>{form.statementText}</p>
            </blockquote>
            <p className="mt-2 text-sm text-ink-soft">{prompts.statement}</p>
            {own.length > 0 ? (
              <label className="mt-3 block">
                <span className="text-sm font-semibold">Or use one of your own today</span>
                <select
                  className="input mt-1 w-full"
                  value={form.statementId === '' ? form.statementText : ''}
                  onChange={(e) =>
                    e.target.value
                      ? setMorning({ ...form, statementId: '', statementText: e.target.value })
                      : setMorning({ ...form, statementId: todays?.statement?.id ?? '', statementText: todays?.statement?.text ?? '' })
                  }
                >
                  <option value="">Today’s statement</option>
                  {own.map((o) => (
                    <option key={o.id} value={o.text}>
                      {o.text}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
          </div>
          <label className="block">
            <span className="font-semibold">One small brave action</span>
            <span className="mt-1 block text-sm text-ink-soft">{prompts.braveAction}</span>
            <input
              name="braveAction"
              list="rm-brave-actions"
              className="input mt-2 w-full"
              value={form.braveAction}
              maxLength={LIMITS.braveAction + 50}
              onChange={(e) => setMorning({ ...form, braveAction: e.target.value })}
            />
            <datalist id="rm-brave-actions">
              {actions.map((a) => (
                <option key={a.id} value={a.text} />
              ))}
            </datalist>
          </label>
          <Problem text={problemAt('morning')} />
          <button type="submit" className="btn btn-gold" disabled={morningSave.state.status === 'saving'}>
            {morningSave.state.status === 'saving' ? 'Saving…' : saved ? 'Save changes' : 'Start my day'}
          </button>
          <SaveStatus state={morningSave.state} onRetry={() => void morningSave.retry()} savedText="Saved. Come back this evening to check in." />
        </form>

        <form
          className="card space-y-5 p-6 sm:p-8"
          aria-labelledby="rm-evening-heading"
          onSubmit={(e) => {
            e.preventDefault();
            onEvening();
          }}
        >
          <h2 id="rm-evening-heading" className="text-2xl font-semibold">
            This evening
          </h2>
          {saved ? (
            <>
              <fieldset>
                <legend className="font-semibold">{prompts.checkIn}</legend>
                <p className="text-sm text-ink-soft">Your intention: {saved.intention}</p>
                <div className="mt-2 flex flex-wrap gap-3">
                  {RISE_LIVED.map((l) => (
                    <label key={l} className="inline-flex min-h-11 items-center gap-2">
                      <input type="radio" name="lived" className="size-5" value={l} checked={livedNow === l} onChange={() => setLived(l)} />
                      {LIVED_LABELS[l]}
                    </label>
                  ))}
                </div>
              </fieldset>
              <label className="block">
                <span className="font-semibold">A short note</span>
                <span className="mt-1 block text-sm text-ink-soft">{prompts.checkInNote}</span>
                <textarea name="note" className="input mt-2 min-h-20 w-full" value={noteNow} maxLength={LIMITS.note + 100} onChange={(e) => setNote(e.target.value)} />
              </label>
              <Problem text={problemAt('evening')} />
              <button type="submit" className="btn btn-gold" disabled={eveningSave.state.status === 'saving'}>
                {eveningSave.state.status === 'saving' ? 'Saving…' : 'Save my check-in'}
              </button>
              <SaveStatus state={eveningSave.state} onRetry={() => void eveningSave.retry()} savedText="Checked in. Well done for showing up." />
            </>
          ) : (
            <p className="text-ink-soft">Start your day above first; in the evening you come back here to ask yourself: {prompts.checkIn}</p>
          )}
        </form>
      </div>

      <div className="space-y-6">
        <StreakToggle
          storageKey={STREAK_KEY}
          heading="Gentle streak"
          headingId="rm-streak-heading"
          count={count}
          countText={count === 0 ? 'Start today to begin a streak. Missing a day is fine: you simply begin again.' : `${count} ${count === 1 ? 'morning' : 'mornings'} in a row. Missing a day is fine.`}
          offText="Off. Some people like a count; some do not. Rise Mode is the same either way."
        />

        <section className="card space-y-3 p-6" aria-labelledby="rm-own-heading">
          <h2 id="rm-own-heading" className="text-lg font-semibold">
            Your own statements
          </h2>
          <RefusedNote entries={waiting.filter((w) => w.op.table === 'rise_statements')} />
          <p className="text-sm text-ink-soft">Words in your own voice: something you are learning, practising or moving toward.</p>
          <Problem text={removeError} />
          {own.length > 0 ? (
            <ul className="space-y-2" data-own-statements>
              {own.map((o) => (
                <li key={o.id} className="flex items-start justify-between gap-2 rounded-xl bg-plum-50 p-3">
                  <span>
                    {o.text}
                    {waitingStatements.has(o.id) ? (
                      <span className="block text-sm text-ink-soft" data-waiting="">
                        {WAITING_TEXT}
                      </span>
                    ) : null}
                  </span>
                  <button type="button" className="btn btn-outline min-h-10 px-3 py-1 text-sm" onClick={() => void onRemove(o)}>
                    Remove<span className="sr-only"> “{o.text}”</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <form
            className="space-y-3"
            onSubmit={(e) => {
              e.preventDefault();
              onOwn();
            }}
          >
            <label className="block">
              <span className="text-sm font-semibold">A new statement</span>
              <input name="ownStatement" className="input mt-1 w-full" value={ownText} maxLength={LIMITS.statement + 50} onChange={(e) => setOwnText(e.target.value)} placeholder="I am learning to…" />
            </label>
            <Problem text={problemAt('own')} />
            <button type="submit" className="btn btn-outline" disabled={ownSave.state.status === 'saving'}>
              {ownSave.state.status === 'saving' ? 'Saving…' : 'Keep this statement'}
            </button>
            <SaveStatus state={ownSave.state} onRetry={() => void ownSave.retry()} savedText="Kept with your statements." />
          </form>
        </section>

        <section className="card p-6" aria-labelledby="rm-history-heading">
          <h2 id="rm-history-heading" className="text-lg font-semibold">
            Your days
          </h2>
          <RefusedNote entries={waiting.filter((w) => w.op.table === 'rise_days')} />
          {past.length === 0 && !saved ? (
            <p className="mt-2 text-ink-soft">Your intentions and check-ins appear here, newest first.</p>
          ) : (
            <ul className="mt-3 space-y-2" data-rise-history>
              {(saved ? [saved, ...past] : past).map((d) => (
                <li key={d.day}>
                  <details className="rounded-xl bg-plum-50 p-3">
                    <summary className="cursor-pointer font-semibold">
                      {formatLongDate(d.day)}: {d.lived ? LIVED_LABELS[d.lived] : 'no check-in yet'}
                      {waitingDays.has(d.day) ? (
                        <span className="block text-sm font-normal text-ink-soft" data-waiting="">
                          {WAITING_TEXT}
                        </span>
                      ) : null}
                    </summary>
                    <dl className="mt-2 space-y-1 text-sm">
                      <div>
                        <dt className="inline font-semibold">Intention: </dt>
                        <dd className="inline">{d.intention}</dd>
                      </div>
                      {d.statementText ? (
                        <div>
                          <dt className="inline font-semibold">Statement: </dt>
                          <dd className="inline">{d.statementText}</dd>
                        </div>
                      ) : null}
                      {d.braveAction ? (
                        <div>
                          <dt className="inline font-semibold">Brave action: </dt>
                          <dd className="inline">{d.braveAction}</dd>
                        </div>
                      ) : null}
                      {d.note ? (
                        <div>
                          <dt className="inline font-semibold">Note: </dt>
                          <dd className="inline">{d.note}</dd>
                        </div>
                      ) : null}
                    </dl>
                  </details>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

/** The rows `withKept` answers, for the page's loaded state. */
const pick = ({ days, own }: { days: Day[]; own: OwnStatement[] }) => ({ days, own });

export default function RiseMode(props: FrameProps & { prompts: RisePrompts }) {
  const { prompts, ...frame } = props;
  return <AppFrame {...frame}>{(user) => <Rise user={user} prompts={prompts} />}</AppFrame>;
}
