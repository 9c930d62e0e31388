/**
 * "Emails" on the dashboard: the member turns coaching reminders on or off (their
 * email_preferences row, under row-level security; the link in each reminder changes the same
 * row). A native checkbox, saved as soon as it changes (it shows the new choice while saving, and
 * the stored one again if the save fails), with what happened announced.
 * Confirmations of what the member does have no switch, and the card says so.
 */
import { useStore } from '../../core/ui/useStore';
import { useId, useState } from 'react';
import MessageBanner, { type Message } from '../../core/ui/MessageBanner';
import { EMAIL_CHOICE_MESSAGES } from './email-choices-api';
import { $reminders, setReminders } from './email-choices-store';

export default function EmailChoices() {
  const state = useStore($reminders, { ssr: 'initial' });
  const [saving, setSaving] = useState(false);
  /** The box as the member just set it, while it is saved (then the stored choice again). */
  const [pending, setPending] = useState<boolean | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const hintId = useId();
  const answer = state.status === 'ready' ? state.value : null;
  const loadError = answer?.error ?? null;

  const change = async (next: boolean) => {
    setSaving(true);
    setPending(next);
    setMessage(null);
    const failure = await setReminders(next);
    setSaving(false);
    setPending(null);
    setMessage(failure ? { tone: 'error', text: failure } : { tone: 'success', text: next ? EMAIL_CHOICE_MESSAGES.remindersOn : EMAIL_CHOICE_MESSAGES.remindersOff });
  };

  return (
    <section className="card p-6 sm:p-8" aria-labelledby="emails-heading" data-email-choices>
      <h2 id="emails-heading" className="text-2xl font-semibold">
        Emails
      </h2>
      <div className="mt-4 space-y-4">
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 size-5 accent-plum-700"
            checked={pending ?? answer?.on ?? false}
            disabled={answer?.on == null || saving}
            aria-describedby={hintId}
            data-reminders
            onChange={(event) => void change(event.currentTarget.checked)}
          />
          <span>
            <span className="block font-semibold text-ink">Remind me the day before a coaching session</span>
            <span id={hintId} className="mt-0.5 block text-sm text-ink-soft">
              The time and your join link, for each Rapid Fire Coaching Live session you’ve saved a seat for.
            </span>
          </span>
        </label>
        <p className="text-sm text-ink-soft">Emails about what you do yourself, like a purchase or a seat you save or give back, always arrive.</p>
        <MessageBanner message={message ?? (loadError ? { tone: 'error', text: loadError } : null)} />
      </div>
    </section>
  );
}
