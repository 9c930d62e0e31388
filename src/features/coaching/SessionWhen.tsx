/**
 * A session's day and its time on the coach's clock, with the reader's own time beneath where it
 * reads differently ("Your time: 12:00 PM – 1:00 PM EDT"). The day is a heading on the coach's
 * page (`dayAs="h3"`), plain text in a member's lists.
 */
import { sessionWhen, type SessionInstants } from './session-time';

export default function SessionWhen({ session, zone, dayAs: Day = 'span' }: { session: SessionInstants; zone: string; dayAs?: 'span' | 'h3' }) {
  const when = sessionWhen(session, zone);
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
      <Day className={Day === 'h3' ? 'text-lg font-semibold' : 'font-semibold text-ink'}>{when.day}</Day>
      <span className="text-ink-soft">
        {when.time}
        {when.yours && <span className="block text-sm sm:text-right">Your time: {when.yours}</span>}
      </span>
    </div>
  );
}
