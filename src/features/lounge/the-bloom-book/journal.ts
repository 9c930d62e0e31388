/**
 * The Bloom Book's pure logic: the morning or evening prompt of the day from the rotating set,
 * search over the member's own pages, the Markdown export, and the bounds the database also
 * enforces. The day itself and the streak are the Lounge's (../shared/local-day.ts).
 *
 * Evidence, in our own words: writing down a few things one is grateful for raised positive
 * feelings in Emmons and McCullough 2003 (J. Pers. Soc. Psychol. 84:377-389). The page follows
 * the common "three good things" form, with one reflective prompt (morning or evening).
 */
import { formatLongDate } from '../../../core/dates';
import { isStorableText } from '../../../core/storable-text';
import { dayNumber } from '../shared/local-day';
import { fieldProblem } from '../shared/field-problem';
import type { OutboxEntry, Values } from '../../../core/offline/outbox';

export interface Prompt {
  id: string;
  time: 'morning' | 'evening' | 'any';
  text: string;
}

/** A journal page as the app keeps it (a row of bloom_pages). */
export interface Page {
  day: string;
  gratitudes: [string, string, string];
  promptId: string;
  promptText: string;
  answer: string;
  /** When the database last stored it (absent for a page not stored yet). */
  updatedAt?: string;
}

/** The bounds of bloom_pages (supabase/migrations/20261125002000_lounge_apps.sql). */
export const LIMITS = { gratitude: 1000, answer: 4000, promptText: 300 } as const;

/** The hour (0-23) at `instant` in `timeZone`. */
function hourIn(instant: Date, timeZone?: string): number {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(instant);
  return Number(hour) % 24;
}

/** Morning until 2 pm, evening from then on (the member's own clock). */
export function partOfDay(instant: Date, timeZone?: string): 'morning' | 'evening' {
  return hourIn(instant, timeZone) < 14 ? 'morning' : 'evening';
}

/**
 * The prompt for `day` and part of the day: the prompts of that time (and those for any time)
 * in turn, one a day, the same all day whoever asks. `exclude` leaves out an id (the public
 * preview's prompt, which members have seen).
 */
export function promptOfDay(prompts: readonly Prompt[], day: string, when: 'morning' | 'evening', exclude?: string): Prompt | null {
  const fitting = prompts.filter((p) => (p.time === when || p.time === 'any') && p.id !== exclude);
  if (fitting.length === 0) return null;
  const n = dayNumber(day);
  return fitting[((n % fitting.length) + fitting.length) % fitting.length]!;
}

/** Folds case and accents, so "cafe" finds "Café". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');

/** The member's pages that contain every word of `query` (in any field), newest first. */
export function search<P extends Page>(pages: readonly P[], query: string): P[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const sorted = [...pages].sort((a, b) => b.day.localeCompare(a.day));
  if (words.length === 0) return sorted;
  return sorted.filter((page) => {
    const text = fold([...page.gratitudes, page.promptText, page.answer].join('\n'));
    return words.every((w) => text.includes(w));
  });
}

/** Whether a page holds anything (an empty page is deleted rather than saved). */
export const isEmpty = (page: Pick<Page, 'gratitudes' | 'answer'>): boolean =>
  page.gratitudes.every((g) => g.trim() === '') && page.answer.trim() === '';

export const UNSTORABLE_MESSAGE = 'Part of your page holds an invisible character that cannot be saved. Please retype the last thing you pasted.';

/** What stops a page from being saved (a field over its limit, a character that cannot be stored), or null. */
export function tooLong(page: Pick<Page, 'gratitudes' | 'answer'>): string | null {
  if (![...page.gratitudes, page.answer].every(isStorableText)) return UNSTORABLE_MESSAGE;
  const gratitude = page.gratitudes.map((g, i) => fieldProblem(`Gratitude ${i + 1}`, g, LIMITS.gratitude)).find(Boolean);
  return gratitude ?? fieldProblem('Your answer', page.answer, LIMITS.answer);
}

/** A line of Markdown that stays plain text (a leading "#", "-" or ">" is not read as markup). */
const plain = (text: string) =>
  text
    .trim()
    .split(/\r?\n/)
    .map((line) => line.replace(/^(\s*)([#>*+-]|\d+\.)/, '$1\\$2'))
    .join('  \n');

/** The journal as Markdown, oldest page first, to download or take to a therapist. */
export function toMarkdown(pages: readonly Page[], title = 'My Bloom Book'): string {
  const out = [`# ${title}`, ''];
  for (const page of [...pages].sort((a, b) => a.day.localeCompare(b.day))) {
    out.push(`## ${formatLongDate(page.day) ?? page.day}`, '');
    const grateful = page.gratitudes.filter((g) => g.trim());
    if (grateful.length) {
      out.push('I am grateful for:', '');
      for (const g of grateful) out.push(`- ${plain(g)}`);
      out.push('');
    }
    if (page.answer.trim()) {
      if (page.promptText.trim()) out.push(`**${plain(page.promptText)}**`, '');
      out.push(plain(page.answer), '');
    }
  }
  return out.join('\n').trimEnd() + '\n';
}

/** The export's file name: "bloom-book-2026-11-25.md". */
export const exportFileName = (today: string) => `bloom-book-${today}.md`;

/** The key of a day's page in the outbox: a newer save (or a delete) of the day replaces one still waiting. */
const pageKey = (day: string) => `bloom_pages:${day}`;

/**
 * A day's page as the outbox sends it (src/core/offline/outbox-api.ts): an upsert on the day, so
 * a resend stays one page; written only if the stored page is not newer than this edit (the same
 * day edited on another device since), `basedOn` being the stored time the member opened.
 */
export function pageEntry(memberId: string, page: Page, editedAt: string): Omit<OutboxEntry, 'savedAt'> {
  const [gratitude_1 = '', gratitude_2 = '', gratitude_3 = ''] = page.gratitudes.map((g) => g.trim());
  const values: Values = { user_id: memberId, day: page.day, gratitude_1, gratitude_2, gratitude_3, prompt_id: page.promptId, prompt_text: page.promptText, answer: page.answer.trim() };
  return {
    uid: memberId,
    app: 'the-bloom-book',
    key: pageKey(page.day),
    op: { kind: 'upsert', table: 'bloom_pages', values, onConflict: 'user_id,day', keepNewer: { editedAt, basedOn: page.updatedAt ?? null } },
  };
}

/** Deleting a day's page, as the outbox sends it. */
export function deleteEntry(memberId: string, day: string): Omit<OutboxEntry, 'savedAt'> {
  return { uid: memberId, app: 'the-bloom-book', key: pageKey(day), op: { kind: 'delete', table: 'bloom_pages', match: { user_id: memberId, day } } };
}

/** The page an outbox entry saves, or null for a delete. */
export function pageOfEntry(entry: Pick<OutboxEntry, 'op'>): Page | null {
  if (entry.op.kind !== 'upsert') return null;
  const v = entry.op.values as Record<string, string>;
  return { day: v.day ?? '', gratitudes: [v.gratitude_1 ?? '', v.gratitude_2 ?? '', v.gratitude_3 ?? ''], promptId: v.prompt_id ?? '', promptText: v.prompt_text ?? '', answer: v.answer ?? '' };
}

/** The day an outbox entry saves or deletes. */
export const dayOfEntry = (entry: Pick<OutboxEntry, 'key'>): string => entry.key.slice('bloom_pages:'.length);

/**
 * The member's pages with what waits on the device laid over them, newest first: a waiting save
 * shows its words (marked `waiting`), a waiting delete hides the page.
 */
export function withWaiting(pages: readonly Page[], waiting: readonly Pick<OutboxEntry, 'op' | 'key'>[]): (Page & { waiting?: true })[] {
  const byDay = new Map<string, Page & { waiting?: true }>(pages.map((p) => [p.day, p]));
  for (const entry of waiting) {
    const page = pageOfEntry(entry);
    if (page) byDay.set(page.day, { ...page, ...(byDay.get(page.day)?.updatedAt ? { updatedAt: byDay.get(page.day)!.updatedAt! } : {}), waiting: true });
    else byDay.delete(dayOfEntry(entry));
  }
  return [...byDay.values()].sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0));
}
