/**
 * Whispers Before Sleep for a member who has it (in its frame, on its home in the Lounge): the
 * stories (title, mood, reading time), a night reading view (dim, large type), reading aloud
 * sentence by sentence with a voice and a pace, a sleep timer (10, 20, 30 minutes, or the end of
 * the story) that fades out and stops, and the place in each story kept for the member
 * (story_places, ./api.ts): while reading aloud, the sentence being read; while reading on the
 * page, the paragraph at the top. Story texts come from the content gate, never from the page.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AppUser } from '../../../core/session/user';
import AppFrame, { Loading, type FrameProps } from '../shared/AppFrame';
import { gatedAnswer } from '../shared/gate-api';
import { LoadFailed, useLoad, type Loaded } from '../shared/load';
import { saveFailureMessage, useSave } from '../shared/useSave';
import SaveStatus from '../shared/SaveStatus';
import RefusedNote from '../../../core/offline/RefusedNote';
import { useOutbox } from '../../../core/offline/useOutbox';
import { fetchPlaces, keepPlace } from './api';
import { createReader, loadVoices, type Reader } from './reader';
import { PACES, SLEEP_CHOICES, paragraphsFromHtml, sentencesOf, type Sentence, type SleepChoice } from './speech';

/** A story as the shelf lists it (read at build: never its text). */
export interface StoryListing {
  id: string;
  title: string;
  mood: string;
  minutes: number;
}

const sleepLabel = (c: SleepChoice) => (c === 'off' ? 'Off' : c === 'end' ? 'End of story' : `${c} minutes`);

function StoryView({ user, story, place, onPlace, onBack }: { user: AppUser; story: StoryListing; place: number; onPlace: (n: number) => void; onBack: () => void }) {
  const [current, setCurrent] = useState(place);
  const [reading, setReading] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [voices, setVoices] = useState<{ uri: string; name: string }[]>([]);
  const [voiceURI, setVoiceURI] = useState<string>('');
  const [rate, setRate] = useState<number>(0.9);
  const [sleep, setSleep] = useState<SleepChoice>(20);
  const reader = useRef<Reader | null>(null);
  const { state, save, retry } = useSave();
  const lastSaved = useRef(place);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const openText = useCallback(
    (): Promise<Loaded<{ paragraphs: string[] }>> =>
      gatedAnswer<{ html: string }>('whispers-before-sleep', story.id).then((answer) =>
        answer.error ? { status: 'failed', message: answer.error.message } : { status: 'ready', paragraphs: paragraphsFromHtml(answer.data.html) },
      ),
    [story.id],
  );
  const { load: text, retry: reloadText } = useLoad(openText);

  useEffect(() => {
    void loadVoices().then((list) => setVoices(list.filter((v) => /^en\b/i.test(v.lang)).map((v) => ({ uri: v.voiceURI, name: `${v.name} (${v.lang})` }))));
  }, []);

  const sentences: Sentence[] = useMemo(() => (text.status === 'ready' ? sentencesOf(text.paragraphs) : []), [text]);
  const firstOf = useMemo(() => {
    const first: number[] = [];
    sentences.forEach((s, i) => (first[s.paragraph] ??= i));
    return first;
  }, [sentences]);

  /** Keeps the place (at most every 2 s), and tells the list. */
  const remember = useCallback(
    (index: number) => {
      setCurrent(index);
      onPlace(index);
      if (saveTimer.current) clearTimeout(saveTimer.current);
      saveTimer.current = setTimeout(() => {
        if (index === lastSaved.current) return;
        void save(async () => {
          const { error } = await keepPlace(user.id, story.id, index);
          if (error) return saveFailureMessage(error);
          lastSaved.current = index;
          return null;
        });
      }, 2000);
    },
    [onPlace, save, story.id, user.id],
  );

  useEffect(() => {
    if (sentences.length === 0) return;
    const r = createReader(sentences, {
      onSentence: (i) => remember(i),
      onEnd: (reason, i) => {
        setReading(false);
        if (reason === 'timer') setMessage('The sleep timer has stopped the story. Sleep well.');
        if (reason === 'end') {
          setMessage('The end. Sleep well.');
          remember(0);
        } else remember(i);
      },
      onMessage: setMessage,
    });
    reader.current = r;
    return () => {
      r.stop();
      reader.current = null;
    };
  }, [sentences, remember]);

  // Reading on the page: the paragraph in a band at a third of the screen's height (where eyes
  // rest when reading, below the fixed header) is the place.
  const article = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = article.current;
    if (!root || sentences.length === 0 || typeof IntersectionObserver === 'undefined') return;
    const seen = new Set<number>();
    const observer = new IntersectionObserver(
      (entries) => {
        if (reader.current?.reading) return;
        for (const e of entries) {
          const n = Number((e.target as HTMLElement).dataset.paragraph);
          if (e.isIntersecting) seen.add(n);
          else seen.delete(n);
        }
        if (seen.size === 0) return;
        const top = Math.min(...seen);
        const index = firstOf[top];
        if (index !== undefined) remember(index);
      },
      { rootMargin: '-30% 0px -65% 0px' },
    );
    root.querySelectorAll('[data-paragraph]').forEach((p) => observer.observe(p));
    return () => observer.disconnect();
  }, [sentences, firstOf, remember]);

  // Opening the story: back to the paragraph where the member stopped.
  const [openedAt] = useState(place);
  useEffect(() => {
    if (sentences.length === 0 || openedAt === 0) return;
    const paragraph = sentences[Math.min(openedAt, sentences.length - 1)]!.paragraph;
    const el = article.current?.querySelector(`[data-paragraph="${paragraph}"]`);
    // Its top where the reading band is (a third of the way down), so the place stays the same.
    if (el) window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - window.innerHeight * 0.31 });
  }, [sentences, openedAt]);

  const toggle = () => {
    if (!reader.current) return;
    if (reader.current.reading) {
      reader.current.stop();
      setReading(false);
      return;
    }
    setMessage(null);
    setReading(true);
    void reader.current.play(current >= sentences.length - 1 ? 0 : current, { voiceURI: voiceURI || null, rate, sleep }).then(() => setReading(reader.current?.reading ?? false));
  };

  const currentParagraph = sentences[current]?.paragraph ?? -1;

  return (
    <article className="rounded-[var(--radius-card)] bg-plum-900 p-6 text-plum-100 sm:p-10" aria-labelledby="ws-title" data-night-view="">
      <button type="button" className="text-sm font-semibold text-gold-300 underline" onClick={onBack}>
        All stories
      </button>
      <h2 id="ws-title" className="mt-4 font-serif text-3xl font-semibold !text-white">
        {story.title}
      </h2>
      <p className="mt-1 text-plum-200">
        {story.mood} · {story.minutes} min
      </p>

      <div className="mt-6 flex flex-wrap items-end gap-4 rounded-2xl bg-plum-800 p-4">
        <button type="button" className="btn btn-gold" onClick={toggle} aria-pressed={reading} disabled={text.status !== 'ready'}>
          {reading ? 'Pause reading' : current > 0 ? 'Read aloud from my place' : 'Read aloud'}
        </button>
        <label className="text-sm">
          <span className="block text-plum-200">Voice</span>
          <select className="mt-1 rounded-lg bg-plum-900 px-3 py-2 text-white" value={voiceURI} onChange={(e) => setVoiceURI(e.target.value)} disabled={reading}>
            <option value="">This device’s default voice</option>
            {voices.map((v) => (
              <option key={v.uri} value={v.uri}>
                {v.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="block text-plum-200">Pace</span>
          <select className="mt-1 rounded-lg bg-plum-900 px-3 py-2 text-white" value={rate} onChange={(e) => setRate(Number(e.target.value))} disabled={reading}>
            {PACES.map((p) => (
              <option key={p.rate} value={p.rate}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="block text-plum-200">Sleep timer</span>
          <select
            className="mt-1 rounded-lg bg-plum-900 px-3 py-2 text-white"
            value={String(sleep)}
            onChange={(e) => setSleep(e.target.value === 'off' || e.target.value === 'end' ? e.target.value : (Number(e.target.value) as SleepChoice))}
            disabled={reading}
          >
            {SLEEP_CHOICES.map((c) => (
              <option key={String(c)} value={String(c)}>
                {sleepLabel(c)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="mt-2 text-sm text-plum-200">The voice fades out over the last minute of the timer, then stops.</p>
      <div aria-live="polite" className="mt-2 min-h-6 text-gold-300">
        {message}
      </div>
      <div className="text-plum-100">
        <SaveStatus state={state} onRetry={() => void retry()} savedText="" />
      </div>

      {text.status === 'loading' ? (
        <p role="status" className="mt-8 text-plum-200">
          Opening the story…
        </p>
      ) : text.status === 'failed' ? (
        <LoadFailed message={text.message} onRetry={reloadText} className="mt-8" />
      ) : (
        <div ref={article} className="mt-8 max-w-[36em] space-y-6 font-serif text-xl leading-relaxed sm:text-2xl" data-story-text="">
          {text.paragraphs.map((p, i) => (
            <p key={i} data-paragraph={i} className={i === currentParagraph && current > 0 ? 'border-l-4 border-gold-300 pl-4' : ''} aria-current={i === currentParagraph && current > 0 ? 'location' : undefined}>
              {p}
            </p>
          ))}
        </div>
      )}
    </article>
  );
}

function Shelf({ user, stories }: { user: AppUser; stories: StoryListing[] }) {
  const [open, setOpen] = useState<StoryListing | null>(null);

  // Places that cannot be read are not a failure: each story then opens at its start, and says so.
  const openPlaces = useCallback(
    (): Promise<Loaded<{ places: Record<string, number>; error: string | null }>> =>
      fetchPlaces(user.id).then(({ data, error }) => ({
        status: 'ready',
        places: error ? {} : (data ?? {}),
        error: error ? 'Your places in the stories could not be loaded, so each story opens at its start.' : null,
      })),
    [user.id],
  );
  const { load, setLoad } = useLoad(openPlaces);
  // A place kept on this device that the database then refused: the shelf says so (it stays and
  // is tried again), as every app says so under its list.
  const waiting = useOutbox(user.id, 'whispers-before-sleep');

  const setPlace = useCallback((n: number) => setLoad((l) => (open && l.status === 'ready' ? { ...l, places: { ...l.places, [open.id]: n } } : l)), [open, setLoad]);

  if (load.status !== 'ready') return <Loading>Opening the stories…</Loading>;
  const { places, error } = load;
  if (open) return <StoryView user={user} story={open} place={places[open.id] ?? 0} onPlace={setPlace} onBack={() => setOpen(null)} />;
  return (
    <section aria-labelledby="ws-stories" className="rounded-[var(--radius-card)] bg-plum-900 p-6 text-plum-100 sm:p-10">
      <h2 id="ws-stories" className="font-serif text-2xl font-semibold !text-white">
        Tonight’s stories
      </h2>
      {error ? (
        <p role="alert" className="mt-2 text-gold-300">
          {error}
        </p>
      ) : null}
      <RefusedNote entries={waiting} />
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {stories.map((s) => (
          <li key={s.id} className="rounded-2xl bg-plum-800 p-5">
            <h3 className="font-serif text-xl font-semibold !text-white">{s.title}</h3>
            <p className="mt-1 text-plum-200">{s.mood}</p>
            <p className="mt-1 text-sm text-plum-200">{s.minutes} min read</p>
            <button
              type="button"
              className="btn btn-gold mt-4 min-h-10 px-4 py-1.5 text-sm"
              onClick={() => setOpen(s)}
              aria-label={`${(places[s.id] ?? 0) > 0 ? 'Continue' : 'Open'}: ${s.title}`}
            >
              {(places[s.id] ?? 0) > 0 ? 'Continue' : 'Open'}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Whispers(props: FrameProps & { stories: StoryListing[] }) {
  const { stories, ...frame } = props;
  return <AppFrame {...frame}>{(user) => <Shelf user={user} stories={stories} />}</AppFrame>;
}
