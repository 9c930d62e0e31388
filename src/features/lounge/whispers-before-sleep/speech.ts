/**
 * Whispers Before Sleep's pure logic: a story's text as sentences (spoken one utterance each:
 * some network voices stop silently about 15 seconds into one long utterance, so nothing is
 * longer than a short sentence), the voice to use (the member's choice, else the default, and
 * whether we fell back, which the reader says), and the sleep timer (10, 20 or 30 minutes, or
 * the end of the story) with its fade: users of audio apps ask for a fade of half a minute to a
 * few minutes rather than a sudden stop.
 */

/** Abbreviations whose full stop does not end a sentence. */
const ABBREVIATIONS = /\b(?:Mr|Mrs|Ms|Dr|St|Mt|Jr|Sr|Prof|No|vs|etc|e\.g|i\.e)\.$/i;

/** The longest piece spoken as one utterance, in characters (about 12 seconds at a calm pace). */
export const MAX_UTTERANCE = 180;

/** Splits a too-long sentence at commas, semicolons, colons or dashes, then at spaces. */
function shorten(sentence: string): string[] {
  if (sentence.length <= MAX_UTTERANCE) return [sentence];
  const parts: string[] = [];
  let rest = sentence;
  while (rest.length > MAX_UTTERANCE) {
    const window = rest.slice(0, MAX_UTTERANCE);
    let cut = Math.max(window.lastIndexOf(', '), window.lastIndexOf('; '), window.lastIndexOf(': '), window.lastIndexOf(' – '), window.lastIndexOf(' — '));
    if (cut < MAX_UTTERANCE / 3) cut = window.lastIndexOf(' ');
    if (cut <= 0) cut = MAX_UTTERANCE;
    parts.push(rest.slice(0, cut + 1).trim());
    rest = rest.slice(cut + 1).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}

/**
 * The sentences of a paragraph, in order, each short enough for one utterance. A sentence ends
 * at ".", "!", "?" or "…" (with any closing quotes or brackets) followed by a space; an
 * abbreviation's full stop ("Mrs.") or a decimal point does not end one.
 */
export function splitSentences(paragraph: string): string[] {
  const text = paragraph.replace(/\s+/g, ' ').trim();
  if (!text) return [];
  const out: string[] = [];
  let start = 0;
  const end = /[.!?…]+["'”’)\]]*(?=\s+|$)/g;
  for (const m of text.matchAll(end)) {
    const stop = m.index + m[0].length;
    const candidate = text.slice(start, stop).trim();
    if (m[0].startsWith('.') && m[0].length === 1 && ABBREVIATIONS.test(candidate)) continue;
    if (candidate) out.push(candidate);
    start = stop;
  }
  const tail = text.slice(start).trim();
  if (tail) out.push(tail);
  return out.flatMap(shorten);
}

/** A story's paragraphs (plain text) from the HTML the content gate serves. */
export function paragraphsFromHtml(html: string): string[] {
  return [...html.matchAll(/<p>([\s\S]*?)<\/p>/g)]
    .map((m) =>
      m[1]!
        .replace(/<[^>]+>/g, '')
        .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
        .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&nbsp;/g, ' ')
        .replace(/&amp;/g, '&')
        .trim(),
    )
    .filter(Boolean);
}

export interface Sentence {
  paragraph: number;
  text: string;
}

/** Every sentence of a story, numbered in reading order (the place a member's bookmark keeps). */
export function sentencesOf(paragraphs: readonly string[]): Sentence[] {
  return paragraphs.flatMap((p, paragraph) => splitSentences(p).map((text) => ({ paragraph, text })));
}

export interface VoiceLike {
  voiceURI: string;
  name: string;
  lang: string;
  default: boolean;
}

export const VOICE_FALLBACK_MESSAGE = 'The voice you chose is not on this device, so the story is read in this device’s default voice.';
export const NO_VOICE_MESSAGE = 'This browser has no voice to read aloud with. You can still read the story on the page.';

/**
 * The voice to read with: the member's choice when this device has it; otherwise this device's
 * default English voice (or its first English one, or its default), with a message saying so. `voice: null`
 * with a message means there is no voice at all (never silence without saying why).
 */
export function chooseVoice(voices: readonly VoiceLike[], wanted: string | null): { voice: VoiceLike | null; message: string | null } {
  if (voices.length === 0) return { voice: null, message: NO_VOICE_MESSAGE };
  const chosen = wanted ? voices.find((v) => v.voiceURI === wanted) : undefined;
  if (chosen) return { voice: chosen, message: null };
  const english = voices.filter((v) => /^en\b/i.test(v.lang));
  const fallback = english.find((v) => v.default) ?? english[0] ?? voices.find((v) => v.default) ?? voices[0]!;
  return { voice: fallback, message: wanted ? VOICE_FALLBACK_MESSAGE : null };
}

/** The reading paces offered (the speech rate). */
export const PACES = [
  { rate: 0.75, label: 'Slow' },
  { rate: 0.9, label: 'Gentle' },
  { rate: 1, label: 'Usual' },
] as const;

export type SleepChoice = 'off' | 10 | 20 | 30 | 'end';
export const SLEEP_CHOICES: readonly SleepChoice[] = ['off', 10, 20, 30, 'end'];

/** How long the voice fades before the timer stops it. */
export const FADE_MS = 60_000;

export interface SleepPlan {
  /** When the fade starts and when reading stops (ms on the same clock as `startedAt`), or null. */
  fadeFrom: number | null;
  stopAt: number | null;
  /** Stop when the story ends ('end', or any timer: a story read to its end stops). */
  stopAtEnd: true;
}

/** The plan of a sleep timer set at `startedAt`. "end" and "off" stop at the story's end only. */
export function sleepPlan(choice: SleepChoice, startedAt: number): SleepPlan {
  if (choice === 'off' || choice === 'end') return { fadeFrom: null, stopAt: null, stopAtEnd: true };
  const stopAt = startedAt + choice * 60_000;
  return { fadeFrom: stopAt - FADE_MS, stopAt, stopAtEnd: true };
}

/** The volume at `now`: 1 until the fade, then down to 0 at the stop (the timer stops reading then). */
export function volumeAt(plan: SleepPlan, now: number): number {
  if (plan.fadeFrom === null || plan.stopAt === null || now <= plan.fadeFrom) return 1;
  if (now >= plan.stopAt) return 0;
  return Math.max(0, Math.min(1, (plan.stopAt - now) / (plan.stopAt - plan.fadeFrom)));
}

/** Whether the timer has run out at `now`. */
export const timerDone = (plan: SleepPlan, now: number): boolean => plan.stopAt !== null && now >= plan.stopAt;

/** For "end of story": the volume fades over the last sentences, from `fadeSentences` before the end. */
export function endOfStoryVolume(index: number, count: number, fadeSentences = 4): number {
  const left = count - index;
  if (left > fadeSentences) return 1;
  return Math.max(0.25, left / (fadeSentences + 1));
}
