/**
 * The note an app shows when the database refused writes it kept on this device (./outbox.ts,
 * `refusedText`): they stay on the device and are tried again; the note says why when it can.
 * Nothing when none was refused.
 */
import { refusedText, type OutboxEntry } from './outbox';

export default function RefusedNote({ entries }: { entries: readonly Pick<OutboxEntry, 'refused'>[] }) {
  const text = refusedText(entries);
  return text ? (
    <p role="status" className="mt-2 rounded-xl border border-rose-600/30 bg-rose-100 p-3 text-sm font-medium text-rose-600" data-refused="">
      {text}
    </p>
  ) : null;
}
