/**
 * The Bloom Book for a member who has it (in its frame, on its home in the Lounge): today's page
 * (three things they are grateful for, and the prompt of the day with their answer), past pages
 * by date with edit and delete, a search over their own pages, an optional streak (off until
 * they turn it on), and the whole book as Markdown from the page itself.
 *
 * Private: pages go only to bloom_pages under row-level security (./api.ts); nothing here logs
 * them or sends them anywhere else. The prompt set comes from the content gate. A failed save
 * keeps every word in the form, says what happened, and Retry saves again. Offline, a save (or
 * a delete) waits on the device (the outbox) and the page is listed as "Saved on this device,
 * will sync" until it is sent; when the same day was changed on another device, the newer
 * version stays and the member is told which.
 */
import { useCallback, useMemo, useState } from 'react';
import type { AppUser } from '../../../core/session/user';
import { formatLongDate } from '../../../core/dates';
import AppFrame, { Loading, type FrameProps } from '../shared/AppFrame';
import { gatedItem } from '../shared/gate-api';
import { LoadFailed, openAll, useLoad } from '../shared/load';
import { dayIn, streak } from '../shared/local-day';
import Problem from '../shared/Problem';
import StreakToggle from '../shared/StreakToggle';
import { KEPT, SAVE_MESSAGES, saveFailureMessage, useSave } from '../shared/useSave';
import SaveStatus from '../shared/SaveStatus';
import { sendOrKeep } from '../../../core/offline/outbox-api';
import { useOutbox } from '../../../core/offline/useOutbox';
import { CONFLICT_COPY } from '../../../core/offline/outbox';
import { WAITING_TEXT } from '../../../core/offline/names';
import RefusedNote from '../../../core/offline/RefusedNote';
import { fetchPages } from './api';
import {
  LIMITS,
  deleteEntry,
  exportFileName,
  isEmpty,
  pageEntry,
  pageOfEntry,
  partOfDay,
  promptOfDay,
  search,
  toMarkdown,
  tooLong,
  withWaiting,
  type Page,
  type Prompt,
} from './journal';
import { downloadText } from '../../../core/ui/download';

/** Where this browser keeps whether the member shows their streak. */
export const STREAK_KEY = 'ia:bloom-book:streak';

const blank = (day: string, prompt: Prompt | null): Page => ({ day, gratitudes: ['', '', ''], promptId: prompt?.id ?? '', promptText: prompt?.text ?? '', answer: '' });

export function Book({ user, previewPromptId, now = () => new Date() }: { user: AppUser; previewPromptId: string; now?: () => Date }) {
  const today = dayIn(now());
  const [draft, setDraft] = useState<Page | null>(null);
  const [query, setQuery] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const { state, save, retry } = useSave();

  const openBook = useCallback(
    () =>
      openAll(
        { rows: { pages: fetchPages(user.id) }, content: { prompts: gatedItem<Prompt[]>('the-bloom-book', 'prompts') } },
        { rows: 'Your book could not be opened just now.', content: 'The prompts could not be loaded just now.' },
      ),
    [user.id],
  );

  const { load, setLoad, retry: reload } = useLoad(openBook);
  const [conflict, setConflict] = useState<string | null>(null);

  /** A stored page (or a deleted one: null) into the book as loaded. */
  const store = useCallback(
    (day: string, page: Page | null) =>
      setLoad((l) => (l.status === 'ready' ? { ...l, pages: [...(page ? [page] : []), ...l.pages.filter((p) => p.day !== day)].sort((a, b) => (a.day < b.day ? 1 : -1)) } : l)),
    [setLoad],
  );
  const waiting = useOutbox(user.id, 'the-bloom-book', ({ entry, outcome }) => {
    const day = entry.key.slice('bloom_pages:'.length);
    const label = `Your page of ${formatLongDate(day)}`;
    if (outcome.kind === 'theirs') {
      setConflict(CONFLICT_COPY.theirs(label));
      reload();
      return;
    }
    if (outcome.kind !== 'sent') return;
    if (outcome.overwrote) setConflict(CONFLICT_COPY.ours(label));
    const page = pageOfEntry(entry);
    store(day, page ? { ...page, ...(outcome.updatedAt ? { updatedAt: outcome.updatedAt } : {}) } : null);
  });

  const ready = load.status === 'ready' ? load : null;
  const todaysPrompt = useMemo(
    () => (ready ? promptOfDay(ready.prompts, today, partOfDay(now()), previewPromptId) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the prompt is fixed for the day
    [ready?.prompts, today, previewPromptId],
  );

  if (load.status === 'loading') return <Loading>Opening your book…</Loading>;
  if (load.status === 'failed') return <LoadFailed message={load.message} onRetry={reload} />;
  const pages = withWaiting(ready!.pages, waiting);
  const page = draft ?? pages.find((p) => p.day === today) ?? blank(today, todaysPrompt);
  const editingPast = page.day !== today;
  const problem = tooLong(page);

  const setGratitude = (i: number, value: string) => setDraft({ ...page, gratitudes: page.gratitudes.map((g, j) => (j === i ? value : g)) as Page['gratitudes'] });

  const onSave = () => {
    if (problem || isEmpty(page)) return;
    const snapshot = page;
    const entry = pageEntry(user.id, snapshot, new Date().toISOString());
    setConflict(null);
    void save(async () => {
      const outcome = await sendOrKeep(entry);
      if (outcome.kind === 'kept') return KEPT;
      if (outcome.kind === 'theirs') {
        reload();
        return CONFLICT_COPY.theirs(`Your page of ${formatLongDate(snapshot.day)}`);
      }
      if (outcome.kind === 'offline') return SAVE_MESSAGES.offline;
      if (outcome.kind !== 'sent') return saveFailureMessage(outcome);
      if (outcome.overwrote) setConflict(CONFLICT_COPY.ours(`Your page of ${formatLongDate(snapshot.day)}`));
      const { waiting: _w, ...stored } = snapshot as Page & { waiting?: true };
      const updated = outcome.updatedAt ? { updatedAt: outcome.updatedAt } : {};
      store(snapshot.day, { ...stored, ...updated });
      // The form goes on from the stored version (the next save is based on it).
      setDraft((d) => (d && d.day === snapshot.day ? { ...d, ...updated } : d));
      return null;
    });
  };

  const onDelete = async (day: string) => {
    setDeleteError(null);
    const outcome = await sendOrKeep(deleteEntry(user.id, day));
    setConfirming(null);
    if (outcome.kind !== 'sent' && outcome.kind !== 'kept') return setDeleteError(`The page of ${formatLongDate(day)} could not be deleted just now. Please try again.`);
    if (outcome.kind === 'sent') store(day, null);
    if (page.day === day) setDraft(blank(today, todaysPrompt));
    else if (draft === null && day === today) setDraft(blank(today, todaysPrompt));
  };

  const found = search(pages, query);
  const days = streak(
    pages.map((p) => p.day),
    today,
  );

  return (
    <div className="grid gap-8 lg:grid-cols-[1.3fr_1fr]">
      <form
        className="card space-y-5 p-6 sm:p-8"
        aria-labelledby="bb-page-heading"
        onSubmit={(e) => {
          e.preventDefault();
          onSave();
        }}
      >
        <div>
          <h2 id="bb-page-heading" className="text-2xl font-semibold">
            {editingPast ? `Your page of ${formatLongDate(page.day)}` : 'Today’s page'}
          </h2>
          <p className="text-ink-soft">{formatLongDate(page.day)}</p>
        </div>
        <fieldset className="space-y-3">
          <legend className="font-semibold">Three things I’m grateful for</legend>
          {page.gratitudes.map((g, i) => (
            <label key={i} className="block">
              <span className="text-sm text-ink-soft">Grateful for ({i + 1} of 3)</span>
              <input
                className="input mt-1 w-full"
                value={g}
                maxLength={LIMITS.gratitude + 50}
                onChange={(e) => setGratitude(i, e.target.value)}
                name={`gratitude-${i + 1}`}
              />
            </label>
          ))}
        </fieldset>
        {page.promptText ? (
          <label className="block">
            <span className="font-semibold">{page.promptText}</span>
            <textarea
              className="input mt-2 min-h-32 w-full"
              value={page.answer}
              maxLength={LIMITS.answer + 100}
              onChange={(e) => setDraft({ ...page, answer: e.target.value })}
              name="answer"
            />
          </label>
        ) : null}
        <Problem text={problem} />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn btn-gold" disabled={state.status === 'saving' || Boolean(problem) || isEmpty(page)}>
            {state.status === 'saving' ? 'Saving…' : 'Save page'}
          </button>
          {editingPast ? (
            <button type="button" className="btn btn-outline" onClick={() => setDraft(pages.find((p) => p.day === today) ?? blank(today, todaysPrompt))}>
              Back to today
            </button>
          ) : null}
        </div>
        <SaveStatus state={state} onRetry={() => void retry()} savedText="Saved to your book." />
        {conflict ? (
          <p className="rounded-xl bg-gold-100 p-3 text-sm text-plum-900" role="status" data-conflict="">
            {conflict}
          </p>
        ) : null}
        <p className="text-sm text-ink-soft">Your pages are private: only you can read them. We never log them or use them for analytics.</p>
      </form>

      <div className="space-y-6">
        <StreakToggle
          storageKey={STREAK_KEY}
          heading="Streak"
          headingId="bb-streak-heading"
          count={days}
          countText={days === 0 ? 'Write today’s page to start a streak.' : `${days} ${days === 1 ? 'day' : 'days'} in a row.`}
          offText="Off. Some people like a count; some do not. Your book is the same either way."
        />

        <section className="card p-6" aria-labelledby="bb-past-heading">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="bb-past-heading" className="text-lg font-semibold">
              Your pages
            </h2>
            <button type="button" className="btn btn-outline min-h-10 px-4 py-1.5 text-sm" disabled={pages.length === 0} onClick={() => downloadText(toMarkdown(pages), exportFileName(today), 'text/markdown;charset=utf-8')}>
              Download as Markdown
            </button>
          </div>
          <RefusedNote entries={waiting} />
          <label className="mt-4 block">
            <span className="text-sm font-semibold">Search your pages</span>
            <input type="search" className="input mt-1 w-full" value={query} onChange={(e) => setQuery(e.target.value)} />
          </label>
          <Problem text={deleteError} className="mt-3" />
          {pages.length === 0 ? (
            <p className="mt-4 text-ink-soft">Your saved pages appear here, newest first.</p>
          ) : found.length === 0 ? (
            <p className="mt-4 text-ink-soft" role="status">
              No page holds “{query.trim()}”.
            </p>
          ) : (
            <ul className="mt-4 space-y-2" data-pages="">
              {found.map((p) => (
                <li key={p.day}>
                  <details className="rounded-xl bg-plum-50 p-3">
                    <summary className="cursor-pointer font-semibold">
                      {formatLongDate(p.day)}
                      {p.waiting ? (
                        <span className="ml-2 text-sm font-normal text-plum-700" data-waiting="">
                          {WAITING_TEXT}
                        </span>
                      ) : null}
                    </summary>
                    <ul className="mt-2 list-disc pl-5">
                      {p.gratitudes.filter((g) => g.trim()).map((g, i) => (
                        <li key={i}>{g}</li>
                      ))}
                    </ul>
                    {p.answer ? (
                      <p className="mt-2">
                        <span className="block text-sm text-ink-soft">{p.promptText}</span>
                        {p.answer}
                      </p>
                    ) : null}
                    <div className="mt-3 flex flex-wrap gap-2">
                      <button type="button" className="btn btn-outline min-h-10 px-4 py-1.5 text-sm" onClick={() => setDraft(p)}>
                        Edit<span className="sr-only"> the page of {formatLongDate(p.day)}</span>
                      </button>
                      {confirming === p.day ? (
                        <>
                          <button type="button" className="btn btn-primary min-h-10 px-4 py-1.5 text-sm" onClick={() => void onDelete(p.day)}>
                            Yes, delete it
                          </button>
                          <button type="button" className="btn btn-outline min-h-10 px-4 py-1.5 text-sm" onClick={() => setConfirming(null)}>
                            Keep it
                          </button>
                        </>
                      ) : (
                        <button type="button" className="btn btn-outline min-h-10 px-4 py-1.5 text-sm" onClick={() => setConfirming(p.day)}>
                          Delete<span className="sr-only"> the page of {formatLongDate(p.day)}</span>
                        </button>
                      )}
                    </div>
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

export default function BloomBook(props: FrameProps & { previewPromptId: string }) {
  const { previewPromptId, ...frame } = props;
  return <AppFrame {...frame}>{(user) => <Book user={user} previewPromptId={previewPromptId} />}</AppFrame>;
}
