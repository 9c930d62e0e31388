/**
 * "Remind me daily", under each Lounge app for a member who has it: off until the member turns
 * it on; then a time on their own clock and "Add to my calendar", which hands the browser an
 * .ics file (./reminder.ts) with an event that repeats every day at that time in their time
 * zone, its description saying what to do then and linking to the app's home. The member's own
 * calendar reminds them: no push service, no account setting. The choice (on or off, the time)
 * and the event's id are kept in this browser (./browser-storage.ts), so adding it again
 * updates the same event. The file's code (./reminder.ts, with the zone's rules) loads on the
 * first "Add to my calendar", not with the app.
 */
import { useId, useState } from 'react';
import { loungeHome, type LoungeSlug } from '../apps';
import { readStoredJson, store } from './browser-storage';
import { isReminderTime, reminderFileName, type ReminderWords } from './reminder-words';

/** What this browser keeps of an app's reminder. */
interface Kept {
  on: boolean;
  time: string;
  /** The event's id, made on first use. */
  id?: string;
  /** Whether a file was made at least once (so turning off says how to remove it). */
  added?: boolean;
}

export const reminderKey = (slug: LoungeSlug): string => `ia:reminder:${slug}`;

/** '7:30 AM' for '07:30'. */
const timeText = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return new Date(Date.UTC(2000, 0, 1, h, m)).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
};

export default function DailyReminder({ slug, appName, words }: { slug: LoungeSlug; appName: string; words: ReminderWords }) {
  const key = reminderKey(slug);
  const [kept, setKept] = useState<Kept>(() => {
    const stored = readStoredJson<Partial<Kept>>(key);
    return { on: stored?.on === true, time: stored?.time && isReminderTime(stored.time) ? stored.time : words.defaultTime, id: stored?.id, added: stored?.added };
  });
  const [message, setMessage] = useState('');
  const ids = useId();
  const headingId = `${ids}-heading`;
  const timeId = `${ids}-time`;

  const keep = (next: Kept) => {
    setKept(next);
    store(key, JSON.stringify(next));
  };

  const add = async () => {
    if (!isReminderTime(kept.time)) {
      setMessage('Choose a time first, for example 7:30 AM.');
      return;
    }
    const id = kept.id ?? (globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`);
    const [{ reminderCalendar }, { downloadText }, { ICS_TYPE }, { readerTimeZone }] = await Promise.all([
      import('./reminder'),
      import('../../../core/ui/download'),
      import('../../../core/ics'),
      import('../../../core/zoned-time'),
    ]);
    const text = reminderCalendar(words, {
      appName,
      homeUrl: new URL(loungeHome(slug), window.location.origin).href,
      time: kept.time,
      timeZone: readerTimeZone(),
      uid: `lounge-reminder-${slug}-${id}@${window.location.host}`,
      now: new Date(),
    });
    if (!text) return;
    downloadText(text, reminderFileName(slug), ICS_TYPE);
    keep({ ...kept, id, added: true });
    setMessage(`Your reminder is ready: open ${reminderFileName(slug)} and your calendar adds it, every day at ${timeText(kept.time)}.`);
  };

  return (
    <section className="card mt-8 p-6" aria-labelledby={headingId} data-reminder={slug}>
      <h2 id={headingId} className="text-lg font-semibold">
        A gentle reminder
      </h2>
      <label className="mt-2 inline-flex min-h-11 items-center gap-2">
        <input
          type="checkbox"
          className="size-5"
          checked={kept.on}
          onChange={(e) => {
            keep({ ...kept, on: e.target.checked });
            setMessage('');
          }}
        />
        Remind me daily
      </label>
      {kept.on ? (
        <div className="mt-3 space-y-4">
          <p className="text-ink">{words.invitation}</p>
          <div className="flex flex-wrap items-end gap-4">
            <div>
              <label htmlFor={timeId} className="block text-sm font-medium text-ink-soft">
                At what time, on your clock?
              </label>
              <input
                id={timeId}
                type="time"
                required
                className="mt-1 min-h-11 rounded-xl border border-plum-200 px-3"
                value={kept.time}
                onChange={(e) => {
                  keep({ ...kept, time: e.target.value });
                  setMessage('');
                }}
              />
            </div>
            <button type="button" className="btn btn-gold min-h-11" onClick={() => void add().catch(() => setMessage('The calendar file could not be made just now. Check your connection and try again.'))}>
              Add to my calendar
            </button>
          </div>
          <p className="text-sm text-ink-soft">
            It goes into your own calendar as an event that comes back every day, so your phone reminds you, with no notifications to allow. To stop it,
            delete the event from your calendar.
          </p>
        </div>
      ) : (
        <p className="mt-1 text-sm text-ink-soft">
          {kept.added
            ? `Off here. A reminder you already added stays in your calendar until you delete “${words.summary}” there.`
            : `Off. Turn it on to add ${appName} to your calendar at a time that suits you.`}
        </p>
      )}
      {/* A polite live region that is always there (so what it says is read out), without taking the app's role of status. */}
      <p aria-live="polite" className="mt-3 text-sm font-medium text-plum-800 empty:hidden" data-reminder-status>
        {message}
      </p>
    </section>
  );
}
