/**
 * A session's time as members read it, from its instants: on the coach's clock with that zone's
 * abbreviation for the date ('6:00 PM – 7:00 PM CET' in March, '… CEST' in April), and on the
 * member's own clock where it differs ('12:00 PM – 1:00 PM EDT'), with the day when that differs
 * too. When members may open the join link: from an hour before the start until the end.
 * Pure: the reader's zone and the time are passed in.
 */
import { isoDateIn, zoneAbbreviation } from '../../core/zoned-time';
export { readerTimeZone } from '../../core/zoned-time';

/** What a session's time is made of, as the database keeps it. */
export interface SessionInstants {
  starts_at: string;
  ends_at: string;
  time_zone: string;
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** '6:00 PM' on the clocks of `timeZone`. */
function clock(ms: number, timeZone: string): string {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', hour12: true });
    clockFormats.set(timeZone, format);
  }
  // Some ICU versions put a narrow no-break space before AM/PM: one plain space reads the same everywhere.
  return format.format(new Date(ms)).replace(/[\u202f\u00a0]/g, ' ');
}

/** '6:00 PM – 7:00 PM CET': the session on the clocks of `timeZone` (the session's own by default). */
export function sessionTimeLabel(session: SessionInstants, timeZone: string = session.time_zone): string {
  const start = Date.parse(session.starts_at);
  const end = Date.parse(session.ends_at);
  return `${clock(start, timeZone)} – ${clock(end, timeZone)} ${zoneAbbreviation(start, timeZone)}`;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** 'Thursday, March 25, 2027' on the clocks of `timeZone`. */
export function sessionDayLabel(session: Pick<SessionInstants, 'starts_at' | 'time_zone'>, timeZone: string = session.time_zone): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
    dayFormats.set(timeZone, format);
  }
  return format.format(new Date(Date.parse(session.starts_at)));
}

export interface SessionWhen {
  /** 'Thursday, March 25, 2027' (the coach's date). */
  day: string;
  /** '6:00 PM – 7:00 PM CET' (the coach's clock). */
  time: string;
  /**
   * The member's own clock when it reads differently: '12:00 PM – 1:00 PM EDT', preceded by the
   * day when that is another one ('Friday, March 26, 2:00 AM – 3:00 AM GMT+9'); null when the
   * member's zone shows the same time.
   */
  yours: string | null;
}

/** The session's day and time on the coach's clock, and on `readerZone`'s where that differs. */
export function sessionWhen(session: SessionInstants, readerZone: string): SessionWhen {
  const time = sessionTimeLabel(session);
  const day = sessionDayLabel(session);
  let yours: string | null = null;
  if (readerZone && readerZone !== session.time_zone) {
    const theirs = sessionTimeLabel(session, readerZone);
    const start = Date.parse(session.starts_at);
    const otherDay = isoDateIn(start, readerZone) !== isoDateIn(start, session.time_zone);
    if (theirs !== time || otherDay) yours = otherDay ? `${sessionDayLabel(session, readerZone)}, ${theirs}` : theirs;
  }
  return { day, time, yours };
}


/** The join link opens this long before the start. */
export const JOIN_OPENS_BEFORE_MS = 60 * 60 * 1000;

export type JoinState = 'early' | 'open' | 'ended';

/** The join window of a session: from an hour before its start until its end. */
export function joinWindow(session: Pick<SessionInstants, 'starts_at' | 'ends_at'>): { opensAt: number; closesAt: number } {
  return { opensAt: Date.parse(session.starts_at) - JOIN_OPENS_BEFORE_MS, closesAt: Date.parse(session.ends_at) };
}

/** Whether the join link of `session` is open at `now` (epoch ms), not yet, or no more. */
export function joinState(session: Pick<SessionInstants, 'starts_at' | 'ends_at'>, now: number): JoinState {
  const { opensAt, closesAt } = joinWindow(session);
  if (now < opensAt) return 'early';
  return now < closesAt ? 'open' : 'ended';
}

/** The next instant after `now` at which one of `sessions` changes its join state, or null. */
export function nextJoinChange(sessions: readonly Pick<SessionInstants, 'starts_at' | 'ends_at'>[], now: number): number | null {
  let next: number | null = null;
  for (const session of sessions) {
    const { opensAt, closesAt } = joinWindow(session);
    for (const at of [opensAt, closesAt]) if (at > now && (next === null || at < next)) next = at;
  }
  return next;
}
